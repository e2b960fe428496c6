// @ts-check
// Exercise 02 (perf/exercises/02-template-caching): the page shell is compiled
// once per process, not per request. Behaviour, not speed: no Handlebars
// environment is made and the same template functions come back on every
// get(); it fails with the unfixed patch in.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import Handlebars from 'handlebars';
import { createTemplates } from '../../server/render/templates.js';
import { VIEWS_DIR } from '../../server/paths.js';

const shell = { title: 'Home', description: 'd', nonce: 'n0', client: { entry: '/e.js', preload: [], inline: {} } };

/** Counts Handlebars environments made while `use` runs: one per compile of the views. */
function countCompiles(/** @type {() => void} */ use) {
  const create = Handlebars.create;
  let made = 0;
  Handlebars.create = (...args) => {
    made += 1;
    return create.apply(Handlebars, args);
  };
  try {
    use();
  } finally {
    Handlebars.create = create;
  }
  return made;
}

test('the shell is compiled once at start: every get() hands back the same template, compiling nothing', () => {
  const templates = createTemplates({ viewsDir: VIEWS_DIR });
  after(() => templates.close());
  /** @type {ReturnType<typeof templates.get>[]} */
  const got = [];
  const compiles = countCompiles(() => {
    for (let i = 0; i < 3; i++) got.push(templates.get('page'));
  });
  assert.equal(compiles, 0, `the shell compiled ${compiles} times for 3 pages`);
  assert.ok(got[0] === got[1] && got[1] === got[2], 'the same compiled template each time');
  assert.match(got[2].head(shell), /<html/);
  assert.match(got[2].tail({ ...shell, pageDataJson: '{}' }), /<\/html>/);
});
