// @ts-check
// `npm run dev` (server/dev.js) in a scratch copy of the app, never in the
// sources other tests read: a save under views/ reloads the open page without
// a restart; two bursts of saves a second apart (what broke the old
// `node --watch-path` runner), then one change the server must serve, from
// exactly one app server; and SIGINT must leave no process behind.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HAS_PROC, startDevRun } from '../helpers/dev-run.js';

const run = startDevRun();
const { dir, dev } = run;
after(() => run.kill());

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
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

test('npm run dev: a save under views/ reaches the open page as a reload, from the same app server', async () => {
  const [first] = await run.waitFor(
    () => run.servers().length > 0 && run.servers(),
    30000,
    'the app server did not start',
  );
  // The deadline covers the whole stream: a reload that never comes fails here, not in a hang.
  const stream = await fetch(`${first.url}/__dev/reload`, { signal: AbortSignal.timeout(20000) });
  assert.equal(stream.status, 200);
  const reader = /** @type {ReadableStream<Uint8Array>} */ (stream.body).getReader();
  const decoder = new TextDecoder();
  let events = '';
  /** @param {RegExp} event */
  const readUntil = async (event) => {
    while (!event.test(events)) {
      const { value, done } = await reader.read();
      if (done) assert.fail(`the reload stream ended before ${event}: ${events}`);
      events += decoder.decode(value, { stream: true });
    }
  };
  await readUntil(/^event: hello$/m);

  // The critical CSS, which the 404 page carries too: no catalog needed to see it served.
  appendFileSync(path.join(dir, 'views/partials/critical-css.hbs'), '\n.dev-test { color: rgb(1, 2, 3); }\n');
  await readUntil(/^event: reload$/m);
  await reader.cancel();
  const page = await (await fetch(`${first.url}/no-such-page`)).text();
  assert.ok(page.includes('.dev-test { color: rgb(1, 2, 3); }'), 'the saved CSS is served');
  assert.deepEqual(
    run.servers().map(({ pid }) => pid),
    [first.pid],
    'no restart: the same app server recompiled the view',
  );
});

test('npm run dev: quick saves, then the change is served by one app server; Ctrl-C leaves nothing', async () => {
  await run.waitFor(() => run.servers().length > 0, 20000, 'the app server did not start');

  const edited = [...sources('shared', 2), ...sources('server', 2)];
  for (const save of [1, 2]) {
    for (const file of edited) {
      appendFileSync(file, `\n// dev.test.js: save ${save}\n`);
      await sleep(30);
    }
    await sleep(1000);
  }

  const healthRoutes = path.join(dir, 'server/lifecycle/health-routes.js');
  const source = readFileSync(healthRoutes, 'utf8');
  const patched = source.replace(/\{ ok: true, pid: process\.pid/, "$&, devTest: 'served'");
  assert.notEqual(
    patched,
    source,
    "server/lifecycle/health-routes.js's /healthz handler no longer answers { ok: true, pid: process.pid }",
  );
  writeFileSync(healthRoutes, patched);

  const served = await run.waitFor(
    async () => {
      const latest = run.servers().at(-1);
      const body = latest && (await health(latest.url));
      return body?.devTest === 'served' ? { ...latest, body } : null;
    },
    15000,
    'the edited /healthz was not served',
  );
  assert.equal(served.body.pid, served.pid, 'the newest app server answers');
  const older = run.servers().filter(({ pid }) => pid !== served.pid);
  assert.ok(older.length >= 1, 'the app server restarted');
  assert.deepEqual(
    older.filter(({ pid }) => alive(pid)),
    [],
    'every earlier app server has exited',
  );
  const appServers = run
    .processes()
    .filter(({ argv }) => path.basename(argv[0]).startsWith('node') && argv.includes('server/index.js'));
  if (HAS_PROC)
    assert.deepEqual(
      appServers.map(({ pid }) => pid),
      [served.pid],
      'exactly one app server runs',
    );

  // Unlike Ctrl-C in a terminal, this reaches the runner only: it must stop the rest itself.
  process.kill(/** @type {number} */ (dev.pid), 'SIGINT');
  await run.waitFor(
    () => dev.exitCode !== null || dev.signalCode !== null,
    10000,
    'the dev run did not exit on SIGINT',
  );
  assert.equal(dev.exitCode, 0);
  await run.waitFor(
    () => run.processes().length === 0,
    5000,
    () => `processes were left behind: ${JSON.stringify(run.processes())}`,
  );
});
