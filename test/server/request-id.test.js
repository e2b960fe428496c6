// @ts-check
// One id from server to browser (issue 27): a page's request id is the `req.id`
// of its log line, its X-Request-Id header and `requestId` in #marquee-data,
// which the beacon carries; the schema keeps it with the latest beacons, or
// refuses one of another shape.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { startApp } from '../helpers/app.js';
import { postBeacon, perfSummary, validBeacon } from '../helpers/beacons.js';

/** @type {string[]} */
const lines = [];
/** @type {Awaited<ReturnType<typeof startApp>>} */
let app;
before(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await startApp({ log: pino({ level: 'info' }, sink) });
});
after(() => app?.close());

test("a page's request id is in its log line, its header and its #marquee-data", async () => {
  const res = await fetch(`${app.url}/`);
  const html = await res.text();
  const id = res.headers.get('x-request-id') ?? '';
  assert.match(id, /^[0-9a-f-]{36}$/, 'a UUID: unique across workers and restarts');
  const data = JSON.parse(/<script[^>]*id="marquee-data"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? '{}');
  assert.equal(data.page?.requestId, id, '#marquee-data carries the same id');
  // The line is written when the response has finished on the server's side, maybe after the client read it.
  const logged = await eventually(() =>
    lines.map((line) => JSON.parse(line)).find((entry) => entry.req?.id === id && entry.res),
  );
  assert.equal(logged?.req?.url, '/', 'the log line of the page has the same id');
  const other = await fetch(`${app.url}/`);
  assert.notEqual(other.headers.get('x-request-id'), id, 'each request its own');
});

test('the beacon carries it to /perf; one of another shape is refused', async () => {
  const requestId = '5f0c2a4e-8d1b-4b7e-9a55-3c2f1e0d9b7a';
  assert.equal((await postBeacon(app.url, validBeacon({ requestId }))).status, 204);
  const { recent } = await perfSummary(app.url);
  assert.equal(recent[0].requestId, requestId);
  for (const bad of ['', 'x'.repeat(65), 'a b', '<script>', 42]) {
    const res = await postBeacon(app.url, validBeacon({ requestId: bad }));
    assert.equal(res.status, 400, `requestId ${JSON.stringify(bad)} must be refused`);
    assert.match((await res.json()).error, /requestId/);
  }
});

/**
 * @template T
 * @param {() => T | undefined} find
 * @returns {Promise<T | undefined>} what `find` found within a second
 */
async function eventually(find) {
  const end = Date.now() + 1000;
  let found = find();
  while (found === undefined && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    found = find();
  }
  return found;
}
