// @ts-check
/* global document -- the page.evaluate body runs in the page */
// perf:tti --floor / --react-floor in the real-Chromium runs: the page's two
// floors (../lighthouse/floor-proxy.js, ../lighthouse/react-floor/proxy.js),
// loaded alternately with the page, measured by the same code as any page that
// lacks it (client/measure/ injected at document start: LoAF-based lab TTI, as
// the page's own), and each load checked for being what its floor claims. A
// floor load that fails its check is not counted: a floor that quietly ran the
// page's scripts (or never hydrated) would make any ratio to it a lie.
import { startFloorProxy } from '../lighthouse/floor-proxy.js';
import { REACT_FLOOR_PREFIX, startReactFloorProxy } from '../lighthouse/react-floor/proxy.js';

/**
 * What a floor load did, read from the page: the scripts it asked the network
 * for, the <script> elements and inline handlers in its DOM, and whether React
 * hydrated its root.
 * @typedef {{
 *   scriptRequests: string[],
 *   scriptElements: number,
 *   inlineHandlers: number,
 *   interactiveMark: boolean,
 *   reactRoot: boolean,
 * }} FloorEvidence
 */

/**
 * @typedef {{
 *   key: 'floor' | 'reactFloor',
 *   label: string,
 *   url: string,
 *   claim: string,
 *   check: (evidence: FloorEvidence) => string | null,
 * }} FloorSide
 *   claim: what the check confirms, for the output; check: why a load is not the floor (null when it is)
 */

/**
 * The no-script floor ran nothing of the page's: no script fetched, no script
 * element, no inline handler (the injected measurement is the runner's, not the page's).
 * @param {FloorEvidence} evidence
 * @returns {string | null}
 */
export function checkNoScriptFloor(evidence) {
  const problems = [];
  if (evidence.scriptRequests.length > 0)
    problems.push(`${evidence.scriptRequests.length} script(s) fetched (${evidence.scriptRequests[0]})`);
  if (evidence.scriptElements > 0) problems.push(`${evidence.scriptElements} <script> element(s) in the page`);
  if (evidence.inlineHandlers > 0) problems.push(`${evidence.inlineHandlers} inline event handler(s)`);
  return problems.length > 0 ? `not script-free: ${problems.join(', ')}` : null;
}

/**
 * The React-only floor hydrated (its commit marked marquee:interactive and
 * React owns the root) with its own bundle alone: no script of the page's.
 * @param {FloorEvidence} evidence
 * @returns {string | null}
 */
export function checkReactFloor(evidence) {
  const problems = [];
  if (!evidence.interactiveMark) problems.push('no marquee:interactive mark');
  if (!evidence.reactRoot) problems.push('React does not own #root');
  const own = evidence.scriptRequests.filter((url) => new URL(url).pathname.startsWith(REACT_FLOOR_PREFIX));
  const others = evidence.scriptRequests.filter((url) => !own.includes(url));
  if (own.length === 0) problems.push(`none of its bundle (${REACT_FLOOR_PREFIX}) fetched`);
  if (others.length > 0) problems.push(`${others.length} script(s) of the page's fetched (${others[0]})`);
  return problems.length > 0 ? `not the React-only floor: ${problems.join(', ')}` : null;
}

/**
 * Listens to a floor load from its start; the reader gives its evidence once the load is measured.
 * @param {import('playwright-core').Page} page
 * @returns {() => Promise<FloorEvidence>}
 */
export function watchFloor(page) {
  /** @type {string[]} */
  const scriptRequests = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scriptRequests.push(request.url());
  });
  return async () => ({
    scriptRequests,
    ...(await page.evaluate(() => {
      const root = document.getElementById('root');
      let inlineHandlers = 0;
      for (const element of document.querySelectorAll('*'))
        for (const attribute of element.attributes) if (attribute.name.startsWith('on')) inlineHandlers += 1;
      return {
        scriptElements: document.scripts.length,
        inlineHandlers,
        interactiveMark: performance.getEntriesByName('marquee:interactive', 'mark').length > 0,
        // hydrateRoot tags the container with a __reactContainer$… key.
        reactRoot: root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$')),
      };
    })),
  });
}

/**
 * Starts the proxies the options ask for, in front of the page.
 * @param {string} url the page's
 * @param {{ floor: boolean, reactFloor: boolean }} options
 * @returns {Promise<{ sides: FloorSide[], urls: { floor: string | null, reactFloor: string | null }, stop: () => Promise<void> }>}
 *   urls: each proxy's address of the page (for Lighthouse too)
 */
export async function startFloors(url, options) {
  const { pathname, search } = new URL(url);
  const floor = options.floor ? await startFloorProxy(url) : null;
  const reactFloor = options.reactFloor ? await startReactFloorProxy(url) : null;
  /** @type {FloorSide[]} */
  const sides = [];
  if (floor)
    sides.push({
      key: 'floor',
      label: 'floor (no scripts)',
      url: `${floor.url}${pathname}${search}`,
      claim: 'ran no script of the page',
      check: checkNoScriptFloor,
    });
  if (reactFloor)
    sides.push({
      key: 'reactFloor',
      label: 'React-only floor',
      url: `${reactFloor.url}${pathname}${search}`,
      claim: 'hydrated, with its bundle alone',
      check: checkReactFloor,
    });
  const at = (/** @type {string} */ key) => sides.find((side) => side.key === key)?.url ?? null;
  return {
    sides,
    urls: { floor: at('floor'), reactFloor: at('reactFloor') },
    stop: async () => {
      await floor?.stop();
      await reactFloor?.stop();
    },
  };
}
