// @ts-check
// server/render/templates.js: templates split at <!--app--> into head and
// tail, compiled once per process, and recompiled on change only when asked
// (development), which then says so (npm run dev reloads the open page).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTemplates } from '../../../server/render/templates.js';

/** A views/ folder of one page and one partial. */
function makeViews(head = '<title>{{title}}</title>{{> brand}}') {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-views-'));
  mkdirSync(path.join(dir, 'partials'));
  writeFileSync(path.join(dir, 'partials', 'brand.hbs'), '<b>Marquee</b>');
  writeFileSync(path.join(dir, 'page.hbs'), `${head}<!--app--><script>{{nonce}}</script>`);
  return dir;
}

/**
 * Runs `use` on templates over a fresh views/ folder, then closes and removes both.
 * @param {{ watchForChanges?: boolean, onChange?: () => void }} options
 * @param {(templates: ReturnType<typeof createTemplates>, dir: string) => unknown} use
 */
async function withTemplates(options, use) {
  const dir = makeViews();
  const templates = createTemplates({ viewsDir: dir, ...options });
  try {
    await use(templates, dir);
  } finally {
    templates.close();
    rmSync(dir, { recursive: true });
  }
}

/** @param {() => boolean} done @param {number} ms */
async function waitFor(done, ms) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(25)) if (done()) return true;
  return done();
}

test('a page is split at <!--app--> into head and tail, with partials', () =>
  withTemplates({}, (templates) => {
    const page = templates.get('page');
    assert.equal(page.head({ title: 'Home' }), '<title>Home</title><b>Marquee</b>');
    assert.equal(page.tail({ nonce: 'n0' }), '<script>n0</script>');
    assert.equal(templates.get('page'), page, 'compiled once: every request gets the same compiled template');
    assert.throws(() => templates.get('nope'), /views\/nope\.hbs/);
  }));

test('production: a change on disk is not picked up (compiled once per process)', () =>
  withTemplates({ watchForChanges: false }, async (templates, dir) => {
    writeFileSync(path.join(dir, 'page.hbs'), 'changed<!--app-->');
    await sleep(300);
    assert.equal(templates.get('page').head({ title: 'Home' }), '<title>Home</title><b>Marquee</b>');
  }));

test('development: a changed template or partial is picked up without a restart', () =>
  withTemplates({ watchForChanges: true }, async (templates, dir) => {
    writeFileSync(path.join(dir, 'page.hbs'), '<h1>{{title}}</h1>{{> brand}}<!--app-->');
    const head = () => templates.get('page').head({ title: 'Home' });
    assert.ok(await waitFor(() => head() === '<h1>Home</h1><b>Marquee</b>', 3000), `page not reloaded: ${head()}`);
    writeFileSync(path.join(dir, 'partials', 'brand.hbs'), '<i>Marquee</i>');
    assert.ok(await waitFor(() => head() === '<h1>Home</h1><i>Marquee</i>', 3000), `partial not reloaded: ${head()}`);
  }));

/**
 * Resolves with the next call of the function it hands out, or rejects after `ms`:
 * a missing call fails the test (and lets it close its watcher) instead of hanging.
 * @param {number} ms
 */
function nextCall(ms = 5000) {
  /** @type {(args: unknown[]) => void} */
  let called = () => {};
  /** @type {Promise<unknown[]>} */
  const promise = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not called within ${ms} ms`)), ms);
    called = (args) => {
      clearTimeout(timer);
      resolve(args);
    };
  });
  return { promise, call: (/** @type {unknown[]} */ ...args) => called(args) };
}

test('development: onChange hears of each save that changes a view, once recompiled; a broken one is logged instead', async () => {
  let changes = 0;
  let change = nextCall();
  const onChange = () => {
    changes += 1;
    change.call();
  };
  const consoleError = console.error;
  /** @type {ReturnType<typeof nextCall> | undefined} */
  let error;
  console.error = (...args) => error?.call(...args);
  try {
    await withTemplates({ watchForChanges: true, onChange }, async (templates, dir) => {
      const head = () => templates.get('page').head({ title: 'Home' });
      const css = path.join(dir, 'partials', 'brand.hbs');

      writeFileSync(css, '<style>b { color: red }</style>');
      await change.promise;
      assert.equal(changes, 1, 'one save, one change');
      assert.equal(head(), '<title>Home</title><style>b { color: red }</style>', 'recompiled before onChange');

      error = nextCall();
      writeFileSync(css, '<style>{{#if}}</style>');
      const [message] = await error.promise;
      assert.match(String(message), /recompile failed/);
      assert.equal(changes, 1, 'a broken view: no change announced');
      assert.equal(head(), '<title>Home</title><style>b { color: red }</style>', 'the last good templates serve on');

      change = nextCall();
      writeFileSync(css, '<style>b { color: blue }</style>');
      await change.promise;
      assert.equal(changes, 2);
      assert.equal(head(), '<title>Home</title><style>b { color: blue }</style>');
    });
  } finally {
    console.error = consoleError;
  }
});
