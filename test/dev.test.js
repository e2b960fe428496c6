// @ts-check
// `npm run dev` (server/dev.js) in a scratch copy of the app, never in the
// sources other tests read: two bursts of saves a second apart (what broke the
// old `node --watch-path` runner), then one change the server must serve, from
// exactly one app server; and SIGINT must leave no process behind.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COPIED = ['server', 'shared', 'client', 'views', 'package.json', 'tsconfig.json'];
// Only Linux says which processes run in a directory; elsewhere those checks are skipped.
const HAS_PROC = existsSync('/proc/self/cwd');

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'marquee-dev-')));
for (const name of COPIED) cpSync(path.join(ROOT, name), path.join(dir, name), { recursive: true });
symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');

let output = '';
/** @type {Record<string, string | undefined>} */
const env = { ...process.env, NODE_ENV: 'development', PORT: '0', WORKERS: '1', LOG_LEVEL: 'warn', CATALOG_URL: '' };
delete env.NODE_TEST_CONTEXT; // the dev run is no test of its own
// Its own process group: the clean-up below can end everything it started, even if it misbehaves.
const dev = spawn(process.execPath, ['server/dev.js'], { cwd: dir, env, detached: true, stdio: 'pipe' });
dev.stdout.on('data', (chunk) => (output += chunk));
dev.stderr.on('data', (chunk) => (output += chunk));

after(async () => {
  if (dev.exitCode === null && dev.signalCode === null) process.kill(-(/** @type {number} */ (dev.pid)), 'SIGKILL');
  for (const { pid } of processesIn(dir)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** @returns {{ url: string, pid: number }[]} every app server the dev run started, oldest first */
function servers() {
  return [...output.matchAll(/marquee: listening on (http:\/\/\S+) .*pid (\d+)\)/g)].map((m) => ({
    url: m[1],
    pid: Number(m[2]),
  }));
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Processes whose working directory is `cwd`: the dev runner's children and theirs (catalog, esbuild).
 * @param {string} cwd
 */
function processesIn(cwd) {
  if (!HAS_PROC) return [];
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) !== cwd) continue;
      found.push({ pid: Number(entry), argv: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0') });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/**
 * @template T
 * @param {() => T | Promise<T>} check returns something truthy once done
 * @param {number} timeoutMs
 * @param {string | (() => string)} what what went wrong, if it comes to that
 * @returns {Promise<T>}
 */
async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await check();
    if (result) return result;
    await sleep(100);
  }
  assert.fail(
    `${typeof what === 'function' ? what() : what} within ${timeoutMs} ms; the dev run printed:\n${output.slice(-3000)}`,
  );
}

/** @param {string} url */
async function health(url) {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
    return /** @type {{ pid: number, devTest?: string }} */ (await response.json());
  } catch {
    return null; // restarting
  }
}

/** @param {string} sub @param {number} count the first few JavaScript files of `sub` in the copy */
function sources(sub, count) {
  const names = readdirSync(path.join(dir, sub)).filter((name) => /\.jsx?$/.test(name) && name !== 'dev.js');
  return names
    .sort()
    .slice(0, count)
    .map((name) => path.join(dir, sub, name));
}

test('npm run dev: quick saves, then the change is served by one app server; Ctrl-C leaves nothing', async () => {
  await waitFor(() => servers().length > 0, 20000, 'the app server did not start');

  const edited = [...sources('shared', 2), ...sources('server', 2)];
  for (const save of [1, 2]) {
    for (const file of edited) {
      appendFileSync(file, `\n// dev.test.js: save ${save}\n`);
      await sleep(30);
    }
    await sleep(1000);
  }

  const app = path.join(dir, 'server/app.js');
  const source = readFileSync(app, 'utf8');
  const patched = source.replace(/\{ ok: true, pid: process\.pid/, "$&, devTest: 'served'");
  assert.notEqual(patched, source, "server/app.js's /healthz handler no longer answers { ok: true, pid: process.pid }");
  writeFileSync(app, patched);

  const served = await waitFor(
    async () => {
      const latest = servers().at(-1);
      const body = latest && (await health(latest.url));
      return body?.devTest === 'served' ? { ...latest, body } : null;
    },
    15000,
    'the edited /healthz was not served',
  );
  assert.equal(served.body.pid, served.pid, 'the newest app server answers');
  const older = servers().filter(({ pid }) => pid !== served.pid);
  assert.ok(older.length >= 1, 'the app server restarted');
  assert.deepEqual(
    older.filter(({ pid }) => alive(pid)),
    [],
    'every earlier app server has exited',
  );
  const appServers = processesIn(dir).filter(
    ({ argv }) => path.basename(argv[0]).startsWith('node') && argv.includes('server/index.js'),
  );
  if (HAS_PROC)
    assert.deepEqual(
      appServers.map(({ pid }) => pid),
      [served.pid],
      'exactly one app server runs',
    );

  // Unlike Ctrl-C in a terminal, this reaches the runner only: it must stop the rest itself.
  process.kill(/** @type {number} */ (dev.pid), 'SIGINT');
  await waitFor(() => dev.exitCode !== null || dev.signalCode !== null, 10000, 'the dev run did not exit on SIGINT');
  assert.equal(dev.exitCode, 0);
  await waitFor(
    () => processesIn(dir).length === 0,
    5000,
    () => `processes were left behind: ${JSON.stringify(processesIn(dir))}`,
  );
});
