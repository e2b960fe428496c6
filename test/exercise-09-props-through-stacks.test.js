// @ts-check
// Exercise 09 (perf/exercises/09-props-through-stacks): EXERCISE=09 puts
// every card the server renders under 100 pass-through components, each
// copying 100 settings and the title's fields onto the next with a fresh
// style object; normally a row renders the card itself, its title one prop.
// Behaviour, not speed: the stack's depth and props, and the same page.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { loadConfig } from '../server/config/load.js';
import { applyCardPitfalls } from '../server/render/card-pitfalls.js';
import { stackOfPassThroughs } from '../server/render/props-through-stack.js';
import { TitleCard } from '../shared/components/TitleCard.jsx';
import { startApp } from './helpers/app.js';
import { rowsOf } from './helpers/markup.js';

/** The card itself: what the module exports before anything wraps it. */
const CARD = TitleCard;
/** @type {import('../shared/graph/types.js').Title} */
const TITLE = { id: 't1', name: 'Film', year: 1994, rating: 8.1, runtime: 112, boxart: '', genre: 'Drama' };

test('EXERCISE=09 sets cardPassThroughs (100 deep, 100 props); nothing else does', () => {
  assert.deepEqual(loadConfig({ EXERCISE: '09' }).exercise.cardPassThroughs, { depth: 100, props: 100 });
  assert.equal(loadConfig({}).exercise.cardPassThroughs, null);
  assert.equal(loadConfig({ EXERCISE: '06' }).exercise.cardPassThroughs, null);
});

test('the stack: 100 levels, each handed every prop and a fresh style; the card gets its title back, grouped', () => {
  const Stack = stackOfPassThroughs(CARD, { depth: 100, props: 100 });
  // Function components are functions: walk the stack by calling each level.
  let element = /** @type {import('react').ReactElement<Record<string, any>>} */ (
    createElement(Stack, { title: TITLE, image: 'lazy' })
  );
  /** @type {string[]} */
  const walked = [];
  /** @type {unknown[]} */
  const styles = [];
  while (element.type !== CARD) {
    assert.equal(typeof element.type, 'function', `below ${walked.at(-1)}`);
    const component = /** @type {import('react').FunctionComponent<any>} */ (element.type);
    walked.push(component.displayName ?? component.name);
    if (/^PassThrough/.test(walked.at(-1) ?? '')) {
      assert.ok(Object.keys(element.props).length >= 100 + Object.keys(TITLE).length, 'every prop, level after level');
      styles.push(element.props.style);
    }
    element = /** @type {any} */ (component(element.props));
  }
  assert.equal(walked[0], 'Spread');
  assert.equal(walked.filter((name) => /^PassThrough/.test(name)).length, 100);
  assert.equal(walked.at(-1), 'Regroup');
  assert.equal(new Set(styles.slice(1)).size, 99, 'a fresh style object from every level');
  assert.deepEqual(element.props, { title: TITLE, image: 'lazy' });
});

test('EXERCISE=09 wraps the card rows render, once, when the app is made; the default leaves it alone', async () => {
  after(() => applyCardPitfalls(loadConfig({}).exercise));
  applyCardPitfalls(loadConfig({ EXERCISE: '09' }).exercise);
  const { TitleCard: wrapped } = await import('../shared/components/TitleCard.jsx');
  assert.notEqual(wrapped, CARD);
  assert.equal(wrapped.paths, CARD.paths, 'the pages still ask for the same title keys');
  applyCardPitfalls(loadConfig({}).exercise);
  assert.equal((await import('../shared/components/TitleCard.jsx')).TitleCard, CARD);
});

test('the real page path: GET / with EXERCISE=09 renders the cards through the stack, to the same markup', async () => {
  /** @type {Record<string, string>} */
  const html = {};
  for (const [side, env] of Object.entries({ broken: { EXERCISE: '09' }, fixed: {} })) {
    const app = await startApp({ env });
    try {
      const { TitleCard: rendered } = await import('../shared/components/TitleCard.jsx');
      assert.equal(rendered === CARD, side === 'fixed', `${side}: the card rows render`);
      html[side] = await fetch(`${app.url}/`).then((r) => r.text());
    } finally {
      await app.close();
    }
  }
  const cards = (/** @type {string} */ page) => [...page.matchAll(/<li class="card".*?<\/li>/gs)].map((m) => m[0]);
  assert.ok(cards(html.fixed).length >= 20);
  assert.deepEqual(rowsOf(html.broken), rowsOf(html.fixed));
  assert.deepEqual(cards(html.broken), cards(html.fixed), 'the same cards, to the byte: hydration does not notice');
  assert.doesNotMatch(cards(html.broken).join(''), /setting\d|style=/, 'no prop of the stack reaches the DOM');
});
