// @ts-check
// Exercise 09 (perf/exercises/09-props-through-stacks): EXERCISE=09 puts
// every card the server renders under 100 pass-through components, each
// copying 100 settings and the title's fields onto the next with a fresh
// style object; normally a row renders the card itself, its title one prop.
// Behaviour, not speed: the stack's depth and props, and the same page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { loadConfig } from '../../server/config/load.js';
import { createApp } from '../../server/app.js';
import { renderSettingsFor } from '../../server/render/render-settings.js';
import { stackOfPassThroughs } from '../../server/render/props-through-stack.js';
import { TitleCard } from '../../shared/components/TitleCard.jsx';
import { serveFakeUpstream } from '../helpers/fake-upstream.js';
import { serveApp } from '../../perf/page/serve-app.js';
import { rowsOf } from '../helpers/markup.js';

/** The card itself, as the module exports it (nothing rebinds it). */
const CARD = TitleCard;
/** @type {import('../../shared/graph/types.js').Title} */
const TITLE = { id: 't1', name: 'Film', year: 1994, rating: 8.1, runtime: 112, boxart: '', genre: 'Drama' };

test('EXERCISE=09 sets cardPassThroughs (100 deep, 100 props); nothing else does', () => {
  assert.deepEqual(loadConfig({ EXERCISE: '09' }).exercise.cardPassThroughs, { depth: 100, props: 100 });
  assert.equal(loadConfig({}).exercise.cardPassThroughs, null);
  assert.equal(loadConfig({ EXERCISE: '06' }).exercise.cardPassThroughs, null);
});

/**
 * Renders `Stack` as far as the card: function components are functions, so
 * each level is called in turn. What each level was, and the props it got.
 * @param {import('react').ComponentType<any>} Stack
 */
function walkToCard(Stack) {
  let element = /** @type {import('react').ReactElement<Record<string, any>>} */ (
    createElement(Stack, { title: TITLE, image: 'lazy' })
  );
  /** @type {{ name: string, props: Record<string, any> }[]} */
  const walked = [];
  while (element.type !== CARD) {
    assert.equal(typeof element.type, 'function', `below ${walked.at(-1)?.name}`);
    const component = /** @type {import('react').FunctionComponent<any>} */ (element.type);
    walked.push({ name: component.displayName ?? component.name, props: element.props });
    element = /** @type {any} */ (component(element.props));
  }
  return { walked, card: element };
}

test('the stack: 100 levels, each handed every prop and a fresh style; the card gets its title back, grouped', () => {
  const { walked, card } = walkToCard(stackOfPassThroughs(CARD, { depth: 100, props: 100 }));
  const levels = walked.filter(({ name }) => /^PassThrough/.test(name));
  for (const { props } of levels)
    assert.ok(Object.keys(props).length >= 100 + Object.keys(TITLE).length, 'every prop, level after level');
  assert.equal(walked[0].name, 'Spread');
  assert.equal(levels.length, 100);
  assert.equal(walked.at(-1)?.name, 'Regroup');
  assert.equal(
    new Set(levels.slice(1).map(({ props }) => props.style)).size,
    99,
    'a fresh style object from every level',
  );
  assert.deepEqual(card.props, { title: TITLE, image: 'lazy' });
});

test('EXERCISE=09: the app’s rows render the card under the stack, chosen once; the default renders the card itself', () => {
  const broken = renderSettingsFor(loadConfig({ EXERCISE: '09' }));
  assert.ok(broken.rowCard, 'a row card of its own');
  assert.equal(walkToCard(broken.rowCard).walked.filter(({ name }) => /^PassThrough/.test(name)).length, 100);
  assert.equal(renderSettingsFor(loadConfig({})).rowCard, null, 'rows render TitleCard itself');
  assert.equal(renderSettingsFor(loadConfig({ EXERCISE: '06' })).rowCard, null);
});

test('the real page path: GET / with EXERCISE=09 renders the cards through the stack, to the same markup', async () => {
  const catalog = await serveFakeUpstream();
  /** @type {Record<string, string>} */
  const html = {};
  try {
    for (const [side, env] of Object.entries({ broken: { EXERCISE: '09' }, fixed: {} })) {
      const built = createApp(loadConfig({ NODE_ENV: 'test', PORT: '0', ...env }), { catalogUrl: catalog.url });
      const app = await serveApp(built);
      try {
        assert.equal(built.renderSettings.rowCard === null, side === 'fixed', `${side}: the card rows render`);
        html[side] = await fetch(`${app.url}/`).then((r) => r.text());
      } finally {
        await app.close();
      }
    }
  } finally {
    await catalog.close();
  }
  const cards = (/** @type {string} */ page) => [...page.matchAll(/<li class="card".*?<\/li>/gs)].map((m) => m[0]);
  assert.ok(cards(html.fixed).length >= 20);
  assert.deepEqual(rowsOf(html.broken), rowsOf(html.fixed));
  assert.deepEqual(cards(html.broken), cards(html.fixed), 'the same cards, to the byte: hydration does not notice');
  assert.doesNotMatch(cards(html.broken).join(''), /setting\d|style=/, 'no prop of the stack reaches the DOM');
});
