// @ts-check
// Exercise 07 (perf/exercises/07-deferred-responses): in the app, a response
// has ended in the turn its handler ends it, not some setImmediate turns
// later (hapi's lifecycle once deferred every response under a flood).
// Behaviour, not speed: it fails with the unfixed patch in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startAppOnFake } from '../helpers/app-on-fake.js';

test('the app: a response has ended in the turn its handler ends it', async () => {
  /** @type {boolean | null} */
  let ended = null;
  const app = await startAppOnFake({
    extraRoutes: (routes) =>
      routes.add('get', '/ended', (_req, res) => {
        res.end('ok');
        ended = res.writableEnded;
      }),
  });
  try {
    assert.equal(await (await fetch(`${app.url}/ended`)).text(), 'ok');
    assert.equal(ended, true, 'a response must end in the turn its handler ends it, not on a later one');
  } finally {
    await app.close();
  }
});
