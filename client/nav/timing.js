// @ts-check
// Every client-side navigation measured in the field (issue 27): from the
// input (a click, Enter, Back or Forward) to the URL changing, to the heading
// painted and to the page complete (its query answered and painted), with the
// route templates it went from and to, what the cache held, the upstream
// requests and rounds its /model.json answers waited for (their Server-Timing,
// announced by client/fetch-data-source.js) and the longest main-thread frame
// or task during it. One beacon per navigation, to POST /perf/beacon
// (server/field-metrics/navigation.js). Lighthouse does not measure soft
// navigations; where the browser reports them (Chromium 151+), its figures
// for the same navigation follow in a beacon of their own (./soft-navigation.js).
import { pairSoftNavigations } from './soft-navigation.js';

/** client/data-source-response.js's MODEL_RESPONSE_EVENT (imported, it would split the model chunk). */
const MODEL_RESPONSE_EVENT = 'marquee:model-response';
/** client/measure/beacon.js's BEACON_URL, written again for the same reason. */
const BEACON_URL = '/perf/beacon';
/** Frames and tasks kept, newest last: enough for one navigation's span. */
const MAX_FRAMES = 50;

/**
 * @typedef {'pointer' | 'keyboard' | 'history'} Trigger
 * @typedef {'prefetched' | 'cached' | 'heading' | 'cold'} CacheState what the client's cache held at the click:
 *   the whole page, fetched by a prefetch / the whole page, from an earlier visit / the heading (the rest fetched) / nothing
 * @typedef {{ from: string, to: string, trigger: Trigger, event: Event | null }} NavigationStart
 */

/**
 * @param {{
 *   routeOf: (path: string) => string | null,
 *   send?: (beacon: object) => void,
 *   requestId?: string,
 * }} options routeOf: a path's route template (the registry's); requestId: the page's own
 */
export function createNavTiming({ routeOf, send = sendBeacon, requestId }) {
  /** @type {{ start: number, end: number }[]} */
  const frames = [];
  observeFrames(frames);
  const soft = pairSoftNavigations(send);
  /** @type {{ requests: number, rounds: number } | null} the navigation in progress's upstream work */
  let upstream = null;
  addEventListener(MODEL_RESPONSE_EVENT, (event) => {
    const { requests, rounds } = /** @type {CustomEvent} */ (event).detail;
    if (upstream) {
      upstream.requests += requests;
      upstream.rounds += rounds;
    }
  });

  return {
    /**
     * @param {NavigationStart} start
     */
    start({ from, to, trigger, event }) {
      const at = event ? event.timeStamp : performance.now();
      const fromRoute = routeOf(from);
      const toRoute = routeOf(to);
      upstream = { requests: 0, rounds: 0 };
      const mine = upstream;
      /** @type {Record<string, number>} */
      const phases = {};
      /** @type {CacheState} */
      let cache = 'cold';
      let done = false;
      let url = '';
      return {
        urlChanged() {
          phases.url = performance.now() - at;
          url = location.href;
        },
        /**
         * A render of the new page: the first shows the heading, the last (complete) the page.
         * @param {CacheState} state
         * @param {boolean} complete
         */
        shown(state, complete) {
          if (phases.heading === undefined) cache = state;
          afterPaint(() => {
            const ms = performance.now() - at;
            phases.heading ??= ms;
            if (!complete || done) return;
            done = true;
            phases.complete = ms;
            if (upstream === mine) upstream = null;
            if (!fromRoute || !toRoute) return;
            send({
              navigation: {
                from: fromRoute,
                to: toRoute,
                trigger,
                cache,
                ...round(phases),
                upstreamRequests: mine.requests,
                upstreamRounds: mine.rounds,
                longestFrame: round({ ms: longest(frames, at, at + ms) }).ms,
                ...(requestId ? { requestId } : {}),
              },
            });
            soft?.complete({ url, at, from: fromRoute, to: toRoute, cache });
          });
        },
        /** A newer navigation won, or the server renders the page: nothing to send. */
        cancel() {
          done = true;
          if (upstream === mine) upstream = null;
        },
      };
    },
  };
}

/**
 * The trigger of a navigation's event: a click with no pointer (detail 0) came
 * from Enter on a focused link, or from the keyboard code's link.click().
 * @param {Event | null} event
 * @returns {Trigger}
 */
export function triggerOf(event) {
  if (!event || event.type === 'popstate') return 'history';
  return /** @type {MouseEvent} */ (event).detail === 0 ? 'keyboard' : 'pointer';
}

/** Runs `then` once the frame after now has been painted (a task after the next animation frame). */
function afterPaint(/** @type {() => void} */ then) {
  requestAnimationFrame(() => setTimeout(then, 0));
}

/**
 * Long Animation Frames where the browser has them (Chromium 123+), long
 * tasks elsewhere (https://w3c.github.io/long-animation-frames/).
 * @param {{ start: number, end: number }[]} frames
 */
function observeFrames(frames) {
  const types = PerformanceObserver.supportedEntryTypes ?? [];
  const type = types.includes('long-animation-frame')
    ? 'long-animation-frame'
    : types.includes('longtask')
      ? 'longtask'
      : null;
  if (!type) return;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      frames.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    if (frames.length > MAX_FRAMES) frames.splice(0, frames.length - MAX_FRAMES);
  }).observe({ type });
}

/**
 * The longest frame or task overlapping [from, to], 0 when none was long (50 ms or more).
 * @param {{ start: number, end: number }[]} frames
 * @param {number} from
 * @param {number} to
 */
function longest(frames, from, to) {
  let max = 0;
  for (const { start, end } of frames) if (end > from && start < to) max = Math.max(max, end - start);
  return max;
}

/** @param {Record<string, number>} values @returns {Record<string, number>} to the microsecond, never negative */
function round(values) {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Math.max(0, Math.round(v * 1000) / 1000)]));
}

/** @param {object} beacon */
function sendBeacon(beacon) {
  navigator.sendBeacon(BEACON_URL, JSON.stringify(beacon));
}
