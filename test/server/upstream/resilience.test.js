// @ts-check
// Deadlines, the one retry of a read, and the circuit breaker of an upstream
// origin (server/upstream/pool.js, server/upstream/breaker.js), against a
// local node:http server whose misbehaviour each path chooses.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { createUpstream } from '../../../server/upstream/pool.js';
import { createBreaker } from '../../../server/upstream/breaker.js';
import { createListsClient } from '../../../server/upstream/lists.js';
import { UpstreamError } from '../../../server/upstream/errors.js';

/** Requests seen per path. */
const hits = new Map();
/** Answers to /held… paths, not sent until the test ends them. @type {import('node:http').ServerResponse[]} */
const held = [];
/** Told when a /held… request arrives. */
let onHeld = () => {};
/** When true, every answer is a 500 (a catalog that is down but reachable). */
let failAll = false;
/** @type {import('node:http').Server} */
let server;
let url = '';

before(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    const seen = (hits.get(path) ?? 0) + 1;
    hits.set(path, seen);
    const ok = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path, seen }));
    // Held until the test releases it (failAll or not): an answer a call that went upstream would wait for.
    if (path.startsWith('/held')) return void (held.push(res), onHeld());
    if (failAll || path.startsWith('/500')) return void res.writeHead(500).end('{"error":"boom"}');
    if (path.startsWith('/404')) return void res.writeHead(404).end('{"error":"nope"}');
    if (path.startsWith('/stall-always')) return;
    // The first request stalls, the next are answered: a lost request.
    if (path.startsWith('/stall-once') && seen === 1) return;
    if (path.startsWith('/reset-once') && seen === 1) return void req.socket.destroy();
    // A shared call, as the lists client makes it: GET /lists?from=0&to=2, stalled once.
    if (path.startsWith('/lists?') && seen === 1) return;
    if (path.startsWith('/lists/')) return void ok();
    if (path.startsWith('/lists?'))
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"lists":[{"ids":["t1"]}]}');
    ok();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

/** @param {Promise<unknown>} promise @param {string} code */
async function rejectsWith(promise, code) {
  const err = await promise.then(
    () => assert.fail(`expected an UpstreamError ${code}`),
    (e) => e,
  );
  assert.ok(err instanceof UpstreamError, `expected UpstreamError, got ${err}`);
  assert.equal(err.code, code, err.message);
  return err;
}

let unique = 0;
/** A path no other test has asked for, so its hit count starts at 0. @param {string} prefix */
const fresh = (prefix) => `${prefix}/${++unique}`;

test('a GET that got a 500 or a reset is tried once more, and only once', async () => {
  const upstream = createUpstream({ url, timeoutMs: 500, deadlineMs: 1000 });
  try {
    const reset = fresh('/reset-once');
    assert.equal((await upstream.requestJson('GET', reset)).body.seen, 2, 'the retry answered');
    const broken = fresh('/500');
    await rejectsWith(upstream.requestJson('GET', broken), 'http');
    assert.equal(hits.get(broken), 2, 'one retry, not more');
    const missing = fresh('/404');
    await rejectsWith(upstream.requestJson('GET', missing), 'http');
    assert.equal(hits.get(missing), 1, 'a 4xx is an answer: never retried');
  } finally {
    await upstream.close();
  }
});

test('writes are never retried', async () => {
  // A 1 s attempt: a 500's answer must come well inside it on a busy machine (100 ms did not, once).
  const upstream = createUpstream({ url, timeoutMs: 1000, deadlineMs: 2000 });
  try {
    for (const method of ['PUT', 'DELETE', 'POST']) {
      const broken = fresh('/500');
      await rejectsWith(upstream.requestJson(method, broken, method === 'DELETE' ? undefined : {}), 'http');
      assert.equal(hits.get(broken), 1, `${method} sent once`);
      const stalled = fresh('/stall-once');
      await rejectsWith(upstream.requestJson(method, stalled, method === 'DELETE' ? undefined : {}), 'timeout');
      assert.equal(hits.get(stalled), 1, `${method} that timed out sent once (it may have landed)`);
    }
  } finally {
    await upstream.close();
  }
});

test('retry: false sends every call once', async () => {
  const upstream = createUpstream({ url, timeoutMs: 500, deadlineMs: 1000, retry: false });
  try {
    const broken = fresh('/500');
    await rejectsWith(upstream.requestJson('GET', broken), 'http');
    assert.equal(hits.get(broken), 1);
  } finally {
    await upstream.close();
  }
});

test('a stalled first attempt is abandoned at timeoutMs and retried inside the deadline', async () => {
  const upstream = createUpstream({ url, timeoutMs: 150, deadlineMs: 1000 });
  try {
    const started = performance.now();
    const { body } = await upstream.requestJson('GET', fresh('/stall-once'));
    const took = performance.now() - started;
    assert.equal(body.seen, 2);
    // No upper bound: past deadlineMs the call rejects instead (a loaded machine only adds time).
    assert.ok(took >= 140, `one attempt's timeout, then the answer: took ${took.toFixed(0)} ms`);
  } finally {
    await upstream.close();
  }
});

test('the whole call, its retry included, ends by deadlineMs', async () => {
  // Seconds, not milliseconds: ending at the deadline (3 s) and giving the retry
  // a whole timeout (4 s) stay apart on a loaded machine.
  const upstream = createUpstream({ url, timeoutMs: 2000, deadlineMs: 3000 });
  try {
    const path = fresh('/stall-always');
    const started = performance.now();
    await rejectsWith(upstream.requestJson('GET', path), 'timeout');
    const took = performance.now() - started;
    assert.ok(took >= 2980 && took < 3800, `the deadline is 3 s, took ${took.toFixed(0)} ms`);
    assert.equal(hits.get(path), 2, 'the retry got the second left');
    // Without room for an answer, no retry is sent.
    const tight = createUpstream({ url, timeoutMs: 200, deadlineMs: 210 });
    const tightPath = fresh('/stall-always');
    await rejectsWith(tight.requestJson('GET', tightPath), 'timeout');
    assert.equal(hits.get(tightPath), 1);
    await tight.close();
  } finally {
    await upstream.close();
  }
});

test('one stalled shared call fails none of the callers sharing it, and holds up no other call', async () => {
  // A stalled attempt of 2 s against another call's few ms: apart on a loaded machine.
  const upstream = createUpstream({ url, timeoutMs: 2000, deadlineMs: 5000 });
  const lists = createListsClient(upstream);
  try {
    const started = performance.now();
    // Three pages ask for the same row heads: one call, whose first attempt is lost.
    const shared = Promise.all([lists.heads(0, 2, []), lists.heads(0, 2, []), lists.heads(0, 2, [])]);
    // Another page needs only one list's range, asked meanwhile.
    const other = lists.range('top', 0, 9).then(() => performance.now() - started);
    const answers = await shared;
    const sharedMs = performance.now() - started;
    assert.deepEqual(
      answers.map((a) => a.ids[0]),
      [['t1'], ['t1'], ['t1']],
    );
    assert.equal(hits.get('/lists?from=0&to=2'), 2, 'one call for the three, retried once');
    assert.ok(sharedMs >= 1990, 'the shared call waited out its first attempt');
    const otherMs = await other;
    assert.ok(otherMs < 1500, `the other call did not wait for the stalled one: ${otherMs.toFixed(0)} ms`);
  } finally {
    await upstream.close();
  }
});

test('breaker: opens after `failures` in a row, fails fast for the cool-down, then one probe decides', () => {
  let now = 0;
  /** @type {string[]} */
  const changes = [];
  const breaker = createBreaker({ failures: 3, coolDownMs: 1000, now: () => now, onChange: (s) => changes.push(s) });
  assert.equal(breaker.state, 'closed');
  // Successes in between reset the count: only failures in a row open it.
  for (const ok of [false, false, true, false, false]) {
    assert.ok(breaker.admit());
    if (ok) breaker.success();
    else breaker.failure();
  }
  assert.equal(breaker.state, 'closed');
  assert.ok(breaker.admit());
  breaker.failure();
  assert.equal(breaker.state, 'open');
  assert.equal(breaker.admit(), false, 'open: no call goes');
  now = 999;
  assert.equal(breaker.admit(), false);
  now = 1000;
  assert.equal(breaker.state, 'half-open');
  assert.equal(breaker.admit(), true, 'the probe');
  assert.equal(breaker.admit(), false, 'one probe at a time');
  breaker.failure();
  assert.equal(breaker.state, 'open', 'a failed probe opens it again');
  now = 1500;
  assert.equal(breaker.admit(), false, 'for a whole new cool-down');
  now = 2000;
  assert.equal(breaker.admit(), true);
  breaker.success();
  assert.equal(breaker.state, 'closed');
  assert.ok(breaker.admit() && breaker.admit(), 'closed: every call goes');
  assert.deepEqual(changes, ['open', 'half-open', 'open', 'half-open', 'closed']);
});

test('breaker: a late success of a call let through before it opened does not close it', () => {
  const breaker = createBreaker({ failures: 1, coolDownMs: 1000, now: () => 0 });
  assert.ok(breaker.admit());
  assert.ok(breaker.admit());
  breaker.failure();
  breaker.success();
  assert.equal(breaker.state, 'open');
});

test('breaker: failures 0 never opens; bad options are refused', () => {
  const breaker = createBreaker({ failures: 0, coolDownMs: 1000 });
  for (let i = 0; i < 100; i++) breaker.failure();
  assert.equal(breaker.state, 'closed');
  assert.throws(() => createBreaker({ failures: -1, coolDownMs: 0 }), /failures/);
  assert.throws(() => createBreaker({ failures: 1.5, coolDownMs: 0 }), /failures/);
  assert.throws(() => createBreaker({ failures: 1, coolDownMs: -1 }), /coolDownMs/);
});

/**
 * Polls `check` every 10 ms until it holds, or fails after `ms`.
 * @param {() => boolean} check @param {string} what @param {number} [ms]
 */
async function waitUntil(check, what, ms = 10_000) {
  const deadline = performance.now() + ms;
  while (!check()) {
    if (performance.now() > deadline) assert.fail(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test("an origin's open circuit fails calls at once, sends nothing, and closes after a good probe", async () => {
  const coolDownMs = 1000;
  for (let scenario = 1; ; scenario++) {
    /** @type {string[]} */
    const states = [];
    /** @type {{ attempt: number, code: string | null }[]} */
    const calls = [];
    const upstream = createUpstream({
      url,
      timeoutMs: 5000,
      retry: false,
      circuit: { failures: 3, coolDownMs },
      onCircuit: (state) => states.push(state),
      onCall: ({ attempt, error }) => calls.push({ attempt, code: error?.code ?? null }),
    });
    failAll = true;
    try {
      for (let i = 0; i < 2; i++) await rejectsWith(upstream.requestJson('GET', '/echo'), 'http');
      // The circuit opens at the third failure, not before this moment: until
      // coolDownMs after it, it must be open.
      const beforeOpening = performance.now();
      await rejectsWith(upstream.requestJson('GET', '/echo'), 'http');
      // A machine so loaded that half the cool-down went by already: the
      // circuit may rightly be half-open. Not a verdict either way: again.
      if (performance.now() - beforeOpening > coolDownMs / 2) {
        assert.ok(scenario < 5, `${scenario} tries, each stalled for over ${coolDownMs / 2} ms`);
        continue;
      }
      assert.equal(upstream.circuitState?.(), 'open');
      // "At once": while the circuit is open the call must not wait for the
      // upstream. A call that went would be held (the server answers /held…
      // only when the test lets it) until its 5 s timeout, and end in
      // 'timeout'; this one must be refused while the server holds every answer.
      const heldPath = fresh('/held');
      const arrived = new Promise((resolve) => (onHeld = () => resolve('sent upstream')));
      const refused = upstream.requestJson('GET', heldPath).then(
        () => 'answered',
        (error) => (error instanceof UpstreamError ? error.code : String(error)),
      );
      assert.equal(await Promise.race([refused, arrived]), 'circuit-open', 'failed at once');
      assert.equal(held.length, 0, 'no answer was given meanwhile');
      assert.equal(hits.has(heldPath), false, 'nothing sent while open');
      assert.deepEqual(calls.at(-1), { attempt: 1, code: 'circuit-open' }, 'and reported, for metrics');
      // The breaker has no timer: its state is read from the clock. Half-open once the cool-down is over.
      await waitUntil(() => upstream.circuitState?.() === 'half-open', 'half-open after the cool-down');
      assert.ok(performance.now() - beforeOpening >= coolDownMs, 'not half-open before the cool-down');
      failAll = false;
      assert.equal((await upstream.requestJson('GET', '/echo')).status, 200, 'the probe');
      assert.equal(upstream.circuitState?.(), 'closed');
      assert.deepEqual(states, ['open', 'half-open', 'closed']);
      return;
    } finally {
      failAll = false;
      onHeld = () => {};
      for (const res of held.splice(0)) res.writeHead(500).end('{"error":"released"}');
      await upstream.close();
    }
  }
});

test('4xx answers never open the circuit; a failure that opens it is what the caller gets', async () => {
  const upstream = createUpstream({
    url,
    timeoutMs: 500,
    deadlineMs: 1000,
    circuit: { failures: 1, coolDownMs: 5000 },
  });
  try {
    for (let i = 0; i < 5; i++) await rejectsWith(upstream.requestJson('GET', fresh('/404')), 'http');
    assert.equal(upstream.circuitState?.(), 'closed');
    // The first attempt's 500 opens the circuit: no retry, and the 500 is the answer, not "circuit open".
    const broken = fresh('/500');
    const error = await rejectsWith(upstream.requestJson('GET', broken), 'http');
    assert.equal(error.status, 500);
    assert.equal(hits.get(broken), 1);
    assert.equal(upstream.circuitState?.(), 'open');
  } finally {
    await upstream.close();
  }
});

test('a deadline under the attempt timeout is refused at start-up', () => {
  assert.throws(() => createUpstream({ url, timeoutMs: 500, deadlineMs: 400 }), /deadlineMs/);
});
