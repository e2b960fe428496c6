// @ts-check
// `npm start` with no COOKIE_SECRET (issue 38): the whole site (primary, two
// workers, the catalog child) killed with SIGKILL and started again on the
// same DATA_DIR, and a visitor's cookie still finds their list. A corrupt
// secret file stops the start, naming the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COOKIE_SECRET_FILE } from '../../server/config/cookie-secret.js';
import { addThroughApp, listThroughApp, newVisitor, titleIds } from '../helpers/visitor-data.js';
import { spawnServerIndex, whenWorkersListen } from '../helpers/workers-listening.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;

/**
 * server/index.js as `npm start` runs it, minus the bundle: no COOKIE_SECRET,
 * no CATALOG_URL, SQLite under `dataDir`, in a process group of its own.
 * @param {string} dataDir
 */
function startSite(dataDir) {
  const child = spawnServerIndex({
    cwd: ROOT,
    env: {
      COOKIE_SECRET: undefined,
      CATALOG_URL: undefined,
      FLEET: undefined,
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      VISITOR_STORE: 'sqlite',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const { url, output } = whenWorkersListen(child, { timeoutMs: START_TIMEOUT_MS });
  return {
    /** @type {Promise<string>} */ url,
    exited,
    output,
    /** `kill -9` of the whole group: no drain, no close, nothing flushed on the way out. */
    async crash() {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      process.kill(-child.pid, 'SIGKILL');
      await exited;
      await groupGone(child.pid);
    },
  };
}

/**
 * Resolves once no process of the group is left (the catalog child and the
 * workers die with the primary, a moment later).
 * @param {number} pgid
 */
async function groupGone(pgid) {
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** @param {import('node:test').TestContext} t */
function tempDir(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-restart-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('after kill -9 of the whole site, the same cookie on the same DATA_DIR still sees its title, on both workers', async (t) => {
  const dataDir = tempDir(t);
  const first = startSite(dataDir);
  t.after(() => first.crash());
  const firstUrl = await first.url;
  const { cookie } = await newVisitor(firstUrl);
  const catalogUrl = /catalog (http:\/\/[\d.]+:\d+)/.exec(first.output())?.[1];
  assert.ok(catalogUrl, `the start names its catalog:\n${first.output()}`);
  const [id] = await titleIds(catalogUrl, 1);
  const added = await addThroughApp(firstUrl, cookie, id);
  assert.equal(added.status, 200);
  assert.deepEqual(await listThroughApp(firstUrl, cookie), [id]);
  await first.crash();

  const second = startSite(dataDir);
  t.after(() => second.crash());
  const secondUrl = await second.url;
  // Round robin: four reads, two requests each, reach both workers.
  for (let i = 0; i < 4; i += 1) assert.deepEqual(await listThroughApp(secondUrl, cookie), [id]);
  const secret = readFileSync(path.join(dataDir, COOKIE_SECRET_FILE), 'utf8').trim();
  // Never logged (the path is), never served.
  assert.match(second.output(), /signed with the secret kept in DATA_DIR/);
  assert.ok(!first.output().includes(secret) && !second.output().includes(secret), 'the secret is in no log line');
  for (const where of [`/${COOKIE_SECRET_FILE}`, `/data/${COOKIE_SECRET_FILE}`]) {
    const res = await fetch(new URL(where, secondUrl));
    assert.ok(!(await res.text()).includes(secret), `${where} does not serve it`);
  }
});

test('a corrupt secret file stops the start with a message naming the file', async (t) => {
  const dataDir = tempDir(t);
  const file = path.join(dataDir, COOKIE_SECRET_FILE);
  writeFileSync(file, 'truncated');
  const site = startSite(dataDir);
  t.after(() => site.crash());
  await assert.rejects(site.url, /exited \(code 1\)/);
  assert.equal(await site.exited, 1);
  assert.match(site.output(), new RegExp(`${file}: not a visitor cookie secret`));
  assert.ok(!site.output().includes('truncated'), 'the file is not quoted');
});
