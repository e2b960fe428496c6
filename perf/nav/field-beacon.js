// @ts-check
// The field's figure beside the lab's: the navigation beacon the page itself
// sent for the click perf:nav timed (client/nav/timing.js, POST /perf/beacon),
// read off the wire as the browser sent it. Its heading and complete times
// should agree with perf:nav's in-page ones (docs/measuring-tti.md, "perf:nav beside the beacons").
// Where the browser reports soft navigations, its own figures for the same
// click follow in a beacon of their own (client/nav/soft-navigation.js).

/** How long after the complete page its beacon may take to leave (it goes after the next paint). */
const BEACON_WAIT_MS = 5000;

/**
 * @typedef {{ from: string, to: string, trigger: string, cache: string, url: number, heading: number,
 *   complete: number, longestFrame: number, upstreamRequests: number, upstreamRounds: number }} NavigationBeacon
 * @typedef {{ from: string, to: string, cache: string, fcp: number, lcp?: number, start: number }} SoftNavigationBeacon
 */

/**
 * Starts collecting the page's navigation beacons.
 * @param {import('playwright-core').Page} page
 */
export function watchNavigationBeacons(page) {
  /** @type {NavigationBeacon[]} */
  const sent = [];
  /** @type {SoftNavigationBeacon[]} */
  const soft = [];
  /** @type {(() => void) | null} */
  let wake = null;
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/perf/beacon') return;
    try {
      const body = JSON.parse(request.postData() ?? '');
      if (body?.navigation) sent.push(body.navigation);
      if (body?.softNavigation) soft.push(body.softNavigation);
      wake?.();
    } catch {
      // Not JSON: not a beacon of ours.
    }
  });
  return {
    /**
     * The first navigation beacon from `from` to `to`, waited for a while.
     * @param {string} from @param {string} to route templates
     * @returns {Promise<NavigationBeacon | null>} null: the page sent none
     */
    first(from, to) {
      return firstOf(sent, from, to);
    },
    /**
     * The browser's soft-navigation figures for the first navigation from `from` to `to`, waited for a while.
     * @param {string} from @param {string} to route templates
     * @returns {Promise<SoftNavigationBeacon | null>} null: the page sent none
     */
    firstSoft(from, to) {
      return firstOf(soft, from, to);
    },
  };

  /**
   * @template {{ from: string, to: string }} T
   * @param {T[]} list @param {string} from @param {string} to
   * @returns {Promise<T | null>}
   */
  async function firstOf(list, from, to) {
    const end = Date.now() + BEACON_WAIT_MS;
    for (;;) {
      const found = list.find((b) => b.from === from && b.to === to);
      if (found || Date.now() > end) return found ?? null;
      await new Promise((resolve) => {
        wake = () => resolve(undefined);
        setTimeout(resolve, 100);
      });
    }
  }
}
