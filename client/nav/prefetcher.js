// @ts-check
// Prefetch on intent, with discipline: a card pointed at or focused for a
// short dwell has its page's data fetched, never more than a couple at once.
// Pitfall: prefetching everything the pointer crosses floods the server and
// the visitor's link with requests nobody clicks (hover-sweep storms); so a
// sweep sends nothing, a busy prefetcher drops new intents instead of
// queueing them, and nothing is sent to a visitor who asked to save data.

/** How long a pointer or focus must stay on a card before its page is fetched. */
export const DWELL_MS = 100;
/** Prefetches in flight at once, at most. */
export const MAX_IN_FLIGHT = 2;

/**
 * @typedef {{
 *   fetch: (href: string) => Promise<unknown>,
 *   allowed?: () => boolean,
 *   dwellMs?: number,
 *   maxInFlight?: number,
 *   setTimer?: (run: () => void, ms: number) => unknown,
 *   clearTimer?: (timer: any) => void,
 * }} PrefetcherOptions
 *   fetch: gets the page's data into the client's cache (a read, never a write)
 *   allowed: false when prefetching is off, or the connection asks to save data
 */

/**
 * @param {PrefetcherOptions} options
 */
export function createPrefetcher({
  fetch,
  allowed = () => true,
  dwellMs = DWELL_MS,
  maxInFlight = MAX_IN_FLIGHT,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
}) {
  /** @type {Set<string>} */
  const inFlight = new Set();
  /** @type {{ href: string, timer: unknown } | null} */
  let pending = null;

  const cancel = () => {
    if (pending) clearTimer(pending.timer);
    pending = null;
  };

  /** @param {string} href */
  const start = (href) => {
    pending = null;
    if (inFlight.has(href) || inFlight.size >= maxInFlight || !allowed()) return;
    inFlight.add(href);
    const done = () => inFlight.delete(href);
    fetch(href).then(done, done);
  };

  return {
    /**
     * The pointer or focus arrived on a link to `href`: fetched after the
     * dwell unless it leaves first (only the latest intent waits).
     * @param {string} href
     */
    intent(href) {
      if (pending?.href === href) return;
      cancel();
      if (!allowed()) return;
      pending = { href, timer: setTimer(() => start(href), dwellMs) };
    },
    /**
     * The pointer or focus left `href` before the dwell: nothing is sent.
     * @param {string} href
     */
    leave(href) {
      if (pending?.href === href) cancel();
    },
    /** @returns {number} prefetches in flight now */
    get inFlight() {
      return inFlight.size;
    },
  };
}

/**
 * Whether the connection lets us spend data on guesses: not under Save-Data,
 * not on a 2G-like link (the Network Information API, where there is one).
 * @param {{ saveData?: boolean, effectiveType?: string } | undefined} connection
 */
export function connectionAllowsPrefetch(connection) {
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}
