// @ts-check
/**
 * One upstream answer shared by many requests (a coalesced or batched call)
 * wakes them all in one burst of promise continuations: at 200 concurrent
 * pages they merge, render and serialize back to back and the event loop
 * answers nothing else for a second. Pitfall: a thundering herd of
 * continuations (event-loop delay; see perf:flame's "longest busy stretches").
 * Here each waiter gets its own turn of the event loop, so I/O, timers and new
 * requests are served between two pages' work.
 *
 * Turns go to the oldest request first, not to the first waiter in line.
 * Pitfall: first come, first served per wait, not per request, is processor
 * sharing between every request in flight; past saturation a burst of
 * requests that arrived together finishes only as late as the last of the
 * requests that arrived after it (perf:load at c=200: the first answer of each
 * connection took twice the median; docs/server-cost.md).
 */
import { performance } from 'node:perf_hooks';

/** @typedef {{ since: number, order: number, wake: () => void }} Waiter */

/** @type {Waiter[]} sorted by since, then order: the oldest request at the head */
const waiting = [];
let scheduled = false;
let count = 0;

/**
 * Resolves in a later turn of the event loop, one waiter per turn, the oldest
 * request's first (then in order of asking).
 * @param {number} [since] performance.now() when the waiting request arrived; now by default
 * @returns {Promise<void>}
 */
export function nextTurn(since = performance.now()) {
  return new Promise((resolve) => {
    insert({ since, order: count++, wake: resolve });
    if (!scheduled) {
      scheduled = true;
      setImmediate(wakeOne);
    }
  });
}

/** @param {Waiter} waiter */
function insert(waiter) {
  // Most waiters are the newest: searched from the tail, usually no move at all.
  let at = waiting.length;
  while (at > 0 && waiting[at - 1].since > waiter.since) at -= 1;
  waiting.splice(at, 0, waiter);
}

function wakeOne() {
  // The waiter's continuation runs in the microtasks right after this
  // callback; the next waiter's immediate, queued from here, waits for the
  // next loop iteration (after timers and I/O).
  waiting.shift()?.wake();
  if (waiting.length > 0) setImmediate(wakeOne);
  else scheduled = false;
}

/**
 * A shared promise, handed to one caller per turn (value or error alike).
 * @template T
 * @param {Promise<T>} shared
 * @param {number} [since] when the caller's request arrived (its trace's `since`): the oldest goes first
 * @returns {Promise<T>}
 */
export function inTurn(shared, since) {
  return shared.then(
    (value) => nextTurn(since).then(() => value),
    (error) =>
      nextTurn(since).then(() => {
        throw error;
      }),
  );
}
