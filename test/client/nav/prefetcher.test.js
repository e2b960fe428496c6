// @ts-check
// The prefetcher's discipline with a fake clock (client/nav/prefetcher.js):
// the dwell, leaving before it, at most two in flight, and the connections
// that get nothing. The browser tests (test/browser/nav-prefetch.test.js)
// check the same in Chromium with real pointers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DWELL_MS, MAX_IN_FLIGHT, connectionAllowsPrefetch, createPrefetcher } from '../../../client/nav/prefetcher.js';

/**
 * A prefetcher on a fake clock whose fetches stay in flight until finished by hand.
 * @param {{ allowed?: () => boolean }} [options]
 */
function rig({ allowed = () => true } = {}) {
  /** @type {{ at: number, run: () => void }[]} */
  let timers = [];
  let now = 0;
  /** @type {{ href: string, finish: () => void }[]} */
  const fetched = [];
  const prefetcher = createPrefetcher({
    fetch: (href) =>
      new Promise((resolve) => {
        fetched.push({ href, finish: () => resolve(undefined) });
      }),
    allowed,
    setTimer: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      timers = timers.filter((t) => t !== timer);
    },
  });
  /** @param {number} ms */
  const advance = (ms) => {
    now += ms;
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    for (const t of due) t.run();
  };
  return { prefetcher, fetched, advance };
}

test('a card held for the dwell is fetched once; leaving before it sends nothing', () => {
  const { prefetcher, fetched, advance } = rig();
  prefetcher.intent('/title/a');
  advance(DWELL_MS - 1);
  prefetcher.leave('/title/a');
  advance(DWELL_MS);
  assert.deepEqual(fetched, [], 'left before the dwell');

  prefetcher.intent('/title/b');
  prefetcher.intent('/title/b'); // the same card again (pointer moving inside it) does not restart the dwell
  advance(DWELL_MS);
  assert.deepEqual(
    fetched.map((f) => f.href),
    ['/title/b'],
  );
});

test('a sweep across 20 cards sends nothing but the card it stops on', () => {
  const { prefetcher, fetched, advance } = rig();
  for (let i = 0; i < 20; i++) {
    prefetcher.intent(`/title/t${i}`);
    advance(20);
  }
  assert.deepEqual(fetched, []);
  advance(DWELL_MS);
  assert.deepEqual(
    fetched.map((f) => f.href),
    ['/title/t19'],
  );
});

test('never more than two in flight: intents while full are dropped, not queued', () => {
  const { prefetcher, fetched, advance } = rig();
  for (const id of ['a', 'b', 'c', 'd']) {
    prefetcher.intent(`/title/${id}`);
    advance(DWELL_MS);
  }
  assert.equal(MAX_IN_FLIGHT, 2);
  assert.deepEqual(
    fetched.map((f) => f.href),
    ['/title/a', '/title/b'],
  );
  assert.equal(prefetcher.inFlight, 2);
  fetched[0].finish();
  return new Promise((resolve) => setImmediate(resolve)).then(() => {
    assert.equal(prefetcher.inFlight, 1);
    prefetcher.intent('/title/e');
    advance(DWELL_MS);
    assert.deepEqual(
      fetched.map((f) => f.href),
      ['/title/a', '/title/b', '/title/e'],
    );
  });
});

test('nothing when prefetching is not allowed (NAV_PREFETCH=off, Save-Data, 2G)', () => {
  const { prefetcher, fetched, advance } = rig({ allowed: () => false });
  prefetcher.intent('/title/a');
  advance(DWELL_MS * 3);
  assert.deepEqual(fetched, []);
});

test('connections that save data or are 2G-slow get no prefetch', () => {
  assert.equal(connectionAllowsPrefetch(undefined), true, 'no Network Information API: allowed');
  assert.equal(connectionAllowsPrefetch({ effectiveType: '4g' }), true);
  assert.equal(connectionAllowsPrefetch({ effectiveType: '3g' }), true);
  assert.equal(connectionAllowsPrefetch({ effectiveType: '4g', saveData: true }), false);
  assert.equal(connectionAllowsPrefetch({ effectiveType: '2g' }), false);
  assert.equal(connectionAllowsPrefetch({ effectiveType: 'slow-2g' }), false);
});
