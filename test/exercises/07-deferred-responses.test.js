// @ts-check
// Exercise 07 (perf/exercises/07-deferred-responses): EXERCISE=07 ends every
// response only after 5 setImmediate turns of the event loop; normally a
// response ends when its handler ends it. Behaviour, not speed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as turn } from 'node:timers/promises';
import express from 'express';
import { loadConfig } from '../../server/config/load.js';
import { deferResponses } from '../../server/middleware/defer-responses.js';
import { startAppOnFake } from '../helpers/app-on-fake.js';

test('EXERCISE=07 sets 5 hops; nothing else does', () => {
  assert.equal(loadConfig({ EXERCISE: '07' }).exercise.deferResponseHops, 5);
  assert.equal(loadConfig({}).exercise.deferResponseHops, 0);
});

test('a response ends on the 5th turn of the event loop after its handler ended it', async () => {
  /** @type {unknown[][]} */
  const ended = [];
  const res = /** @type {any} */ ({ end: (/** @type {unknown[]} */ ...args) => ended.push(args) });
  deferResponses(5)(/** @type {any} */ ({}), res, () => {});
  assert.equal(res.end('{"ok":true}'), res, 'end() still returns the response');
  assert.equal(ended.length, 0, 'not ended by the handler');
  for (let i = 1; i < 5; i++) {
    await turn();
    assert.equal(ended.length, 0, `not ended after ${i} turn(s)`);
  }
  await turn();
  assert.deepEqual(ended, [['{"ok":true}']], 'ended on the 5th, with what the handler wrote');
});

test('behind Express, the answer is the same, only later', async () => {
  const app = express();
  app.use(deferResponses(5));
  app.get('/healthz', (_req, res) => res.json({ ok: true }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { ok: true });
  } finally {
    server.close();
  }
});

test('the app: a response has ended when its handler ends it; with EXERCISE=07, only later', async () => {
  for (const [env, atOnce] of /** @type {const} */ ([
    [{}, true],
    [{ EXERCISE: '07' }, false],
  ])) {
    /** @type {boolean | null} */
    let ended = null;
    const app = await startAppOnFake({
      env,
      extraRoutes: (routes) =>
        routes.add('get', '/ended', (_req, res) => {
          res.end('ok');
          ended = res.writableEnded;
        }),
    });
    try {
      assert.equal(await (await fetch(`${app.url}/ended`)).text(), 'ok');
      assert.equal(
        ended,
        atOnce,
        `${JSON.stringify(env) === '{}' ? 'the normal app' : JSON.stringify(env)}: a response ${atOnce ? 'must end' : 'ends later than'} in the turn its handler ends it`,
      );
    } finally {
      await app.close();
    }
  }
});
