// @ts-check
// Exercise 02 (perf/exercises/02-template-caching): EXERCISE=02 compiles the
// page shell on every request; normally it is compiled once per process.
// Behaviour, not speed: a new Handlebars environment and new template
// functions per get(), and the same page either way.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import Handlebars from 'handlebars';
import { loadConfig } from '../../server/config/load.js';
import { createTemplates } from '../../server/render/templates.js';
import { VIEWS_DIR } from '../../server/paths.js';

const shell = { title: 'Home', description: 'd', nonce: 'n0', client: { entry: '/e.js', preload: [] } };

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

test('EXERCISE=02 sets compileShellPerRequest; nothing else does', () => {
  assert.equal(loadConfig({ EXERCISE: '02' }).exercise.compileShellPerRequest, true);
  assert.equal(loadConfig({}).exercise.compileShellPerRequest, false);
});

for (const compilePerRequest of [true, false]) {
  test(`compilePerRequest ${compilePerRequest}: ${compilePerRequest ? 'every get() compiles the shell afresh' : 'compiled once at start'}`, () => {
    const templates = createTemplates({ viewsDir: VIEWS_DIR, compilePerRequest });
    after(() => templates.close());
    /** @type {ReturnType<typeof templates.get>[]} */
    const got = [];
    const compiles = countCompiles(() => {
      for (let i = 0; i < 3; i++) got.push(templates.get('page'));
    });
    assert.equal(compiles, compilePerRequest ? 3 : 0, `the shell compiled ${compiles} times for 3 pages`);
    assert.equal(got[0] === got[1], !compilePerRequest, 'the same compiled template, or a new one each time');
    // The page is the same either way.
    const once = createTemplates({ viewsDir: VIEWS_DIR }).get('page');
    assert.equal(got[2].head(shell), once.head(shell));
    assert.equal(got[2].tail({ ...shell, pageDataJson: '{}' }), once.tail({ ...shell, pageDataJson: '{}' }));
  });
}
