// @ts-check
/* global window, document -- page.evaluate and waitForFunction bodies run in the page */
// docs/starter-guide.md followed literally, so that it cannot go stale: each line its
// "Turning off measurement" section says to delete is deleted from a copy of the tree, with
// the tests it says go with that part. The copy is built (budgets included), started from its
// sources (server/index.js: the real catalog as its child, two workers, so the cluster
// primary's side of a part goes with the same line) and `/` loaded in Chromium: the page must
// hydrate and work (a card opens its title in the page), the part must be gone and the others
// still there. Then the remaining tests run in the copy: not all of them (the suite takes about
// 17 minutes, three times over), but those a starter's first change would break first: the
// entry point from source and as the production bundle (test/server/index.test.js), a
// server-rendered page (test/server/pages/title-page.test.js) and the home page in Chromium
// (test/browser/home.test.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectFiles } from '../../perf/exercises/lib/project-copy.js';
import { launchBrowser } from '../../perf/lib/browser.js';
import { spawnServerIndex, whenWorkersListen } from '../helpers/workers-listening.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GUIDE = 'docs/starter-guide.md';
/** Run in each copy once its part is gone (none of them may go with a part). */
const REMAINING = ['test/server/index.test.js', 'test/server/pages/title-page.test.js', 'test/browser/home.test.js'];
/** Each part the guide names, by its heading: what its removal takes out of the running app. */
const PARTS = new Map([
  ['Prometheus: `GET /metrics`', { gone: ['/metrics'], measures: true }],
  ['Field metrics: `POST /perf/beacon` and the `/perf` dashboard', { gone: ['/perf'], measures: true }],
  ["The page's measurement (`client/measure/`)", { gone: [], measures: false }],
]);
const ROUTES = ['/metrics', '/perf'];

/**
 * @typedef {{ title: string, file: string, line: string, tests: string[] }} Removal
 * @param {string} markdown the guide
 * @returns {Removal[]} each part of its "Turning off measurement" section that says to delete a line
 */
function removals(markdown) {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Turning off measurement\n'));
  assert.ok(section, `${GUIDE} has no "## Turning off measurement" section`);
  return section
    .split(/^### /m)
    .slice(1)
    .flatMap((part) => {
      const line = /Delete this line of `([^`]+)`:\n\n```js\n(.+)\n```/.exec(part);
      if (!line) return [];
      const tests = /Tests that go with it:([\s\S]*?)(?:\n\n|$)/.exec(part)?.[1] ?? '';
      return [
        {
          title: part.slice(0, part.indexOf('\n')),
          file: line[1],
          line: line[2],
          tests: [...tests.matchAll(/`(test\/[^`\s]+)`/g)].map((m) => m[1]),
        },
      ];
    });
}

const parts = removals(readFileSync(path.join(ROOT, GUIDE), 'utf8'));

test('the guide names each part by one line that is in the code, once, and tests that exist', () => {
  assert.deepEqual(
    parts.map((p) => p.title),
    [...PARTS.keys()],
    `${GUIDE}'s parts, each with a "Delete this line of \`file\`:" block: a new one needs its entry in PARTS here`,
  );
  for (const part of parts) {
    const lines = readFileSync(path.join(ROOT, part.file), 'utf8').split('\n');
    const found = lines.filter((l) => l.trim() === part.line.trim()).length;
    assert.equal(found, 1, `${GUIDE} (${part.title}) says to delete a line of ${part.file} found there ${found} times`);
    assert.ok(part.tests.length > 0, `${GUIDE} (${part.title}) names the tests that go with it`);
    for (const file of part.tests) {
      assert.ok(existsSync(path.join(ROOT, file)), `${GUIDE} (${part.title}) names ${file}, which is not there`);
      assert.ok(
        !REMAINING.some((r) => r === file || r.startsWith(file)),
        `${file} goes with ${part.title}: not one of REMAINING`,
      );
    }
  }
});

/** @type {import('playwright-core').Browser} */
let browser;
const files = projectFiles();
before(async () => {
  browser = await launchBrowser();
});
after(() => browser?.close());

for (const part of parts) {
  const expected = PARTS.get(part.title);
  test(`without ${part.title}: the copy builds, starts, hydrates and works, and the remaining tests pass`, async () => {
    assert.ok(expected, `no entry in PARTS for ${part.title}`);
    const dir = mkdtempSync(path.join(tmpdir(), 'marquee-starter-'));
    try {
      copyTree(dir);
      const file = path.join(dir, part.file);
      const lines = readFileSync(file, 'utf8').split('\n');
      writeFileSync(file, lines.filter((l) => l.trim() !== part.line.trim()).join('\n'));
      for (const gone of part.tests) rmSync(path.join(dir, gone), { recursive: true, force: true });

      const build = await run(['client/build/index.js'], dir);
      assert.equal(build.code, 0, `the client build fails:\n${build.output}`);
      const manifest = JSON.parse(readFileSync(path.join(dir, 'dist/client/manifest.json'), 'utf8'));
      assert.deepEqual(
        Object.keys(manifest.inline).sort(),
        expected.measures ? ['heartbeat', 'hide'] : [],
        "the page's head carries the measurement's inline scripts when the bundle has measurement, only then",
      );

      const server = await startServer(dir);
      try {
        for (const route of ROUTES) {
          const { status } = await fetch(`${server.url}${route}`);
          assert.equal(status, expected.gone.includes(route) ? 404 : 200, `GET ${route}, under two workers`);
        }
        await loadPage(server.url, expected.measures);
      } finally {
        await server.stop();
      }

      const rest = await run(['test/run.js', ...REMAINING], dir);
      assert.equal(rest.code, 0, `the remaining tests fail in the copy:\n${rest.output.slice(-6000)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/**
 * The project as a developer sees it (tracked and new files), node_modules linked, no dist/:
 * the copy builds its own.
 * @param {string} dir
 */
function copyTree(dir) {
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
}

/**
 * `/` in Chromium: hydrated, with no page error; a card's link opens its title without a new
 * document; measurement (its inline scripts in the head, its figures after that first intent)
 * there or not, as the copy has it.
 * @param {string} url
 * @param {boolean} measures
 */
async function loadPage(url, measures) {
  const page = await browser.newPage();
  /** @type {string[]} */
  const errors = [];
  /** @type {string[]} */
  const documents = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (m) => /hydrat/i.test(m.text()) && errors.push(m.text()));
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
  try {
    await page.goto(`${url}/`);
    await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
      timeout: 20_000,
    });
    // The head's inline scripts of the page's measurement: the frame heartbeat (it runs only where
    // Chromium's Long Animation Frames are missing) and the hide sender.
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? ''),
    );
    assert.equal(
      inline.some((text) => text.includes('__marqueeHeartbeat')),
      measures,
      'the heartbeat in the head',
    );
    assert.equal(
      inline.some((text) => text.includes('sendBeacon')),
      measures,
      'the hide sender in the head',
    );
    const link = page.locator('a.card__link').first();
    const href = await link.getAttribute('href');
    assert.match(href ?? '', /^\/title\/[a-z0-9-]+$/);
    await link.click();
    await page.waitForURL(`${url}${href}`);
    await page.locator('h1.title__name').waitFor();
    assert.deepEqual(documents, [`${url}/`], 'the title opened in the page: no new document');
    // The click was the first intent: measurement loads after it.
    if (measures)
      await page.waitForFunction(() => /** @type {any} */ (window).__marqueePerf?.snapshot, null, { timeout: 20_000 });
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
}

/**
 * server/index.js from the copy's sources, as `npm run dev` runs it but without the watchers.
 * @param {string} dir
 */
async function startServer(dir) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marquee-starter-data-'));
  const child = spawnServerIndex({
    cwd: dir,
    env: { CATALOG_URL: '', DATA_DIR: dataDir, VISITOR_STORE: 'memory', DRAIN_DELAY_MS: '0' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = whenWorkersListen(child).url;
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A start that fails leaves nothing behind either: no process group, no data folder.
  const url = await started.catch(async (error) => {
    await stop();
    throw error;
  });
  return {
    url: /** @type {string} */ (url),
    stop,
  };
}

/**
 * A Node script of the copy, run there; its exit code and output.
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function run(args, cwd) {
  // Without our runner's NODE_TEST_CONTEXT: the copy's runner reads its own files' TAP.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
