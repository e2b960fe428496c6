// @ts-check
/**
 * One upstream answer shared by many requests (a coalesced or batched call)
 * wakes them all in one burst of promise continuations: at 200 concurrent
 * pages they merge, render and serialize back to back and the event loop
 * answers nothing else for a second. Pitfall: a thundering herd of
 * continuations (event-loop delay; see perf:flame's "longest busy stretches").
 * Here each waiter gets its own turn of the event loop, so I/O, timers and new
 * requests are served between two pages' work.
 */

/** @type {(() => void)[]} */
const waiting = [];
let scheduled = false;

/**
 * Resolves in a later turn of the event loop, one waiter per turn, in order.
 * @returns {Promise<void>}
 */
export function nextTurn() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(wakeOne);
    }
  });
}

function wakeOne() {
  // The waiter's continuation runs in the microtasks right after this
  // callback; the next waiter's immediate, queued from here, waits for the
  // next loop iteration (after timers and I/O).
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(wakeOne);
  else scheduled = false;
}

/**
 * A shared promise, handed to one caller per turn (value or error alike).
 * @template T
 * @param {Promise<T>} shared
 * @returns {Promise<T>}
 */
export function inTurn(shared) {
  return shared.then(
    (value) => nextTurn().then(() => value),
    (error) =>
      nextTurn().then(() => {
        throw error;
      }),
  );
}
