// @ts-check
/* global document, window -- the page-side functions run in the page */
// One fresh load of a page on one device, no scroll, no input: which posters
// it asks for before it is idle, how many of them are in view, and its LCP.
// Idle: hydrated (the marquee:interactive mark), then no request in flight
// and none started for QUIET_MS (Playwright's and Lighthouse's network-quiet
// notion). A run throws unless it measured the real page: hydrated, posters
// in view all loaded and among the requests, one high-priority poster, an LCP.

/** No request in flight for this long: the page is idle. */
const QUIET_MS = 1000;
const IDLE_TIMEOUT_MS = 30_000;

/**
 * @typedef {{ name: string, width: number, height: number, dpr: number, mobile: boolean }} Device
 * @typedef {{
 *   requested: number, inView: number, farOutside: number, widths: string[],
 *   lcpMs: number, lcpIsFirstPoster: boolean, lastInViewMs: number,
 * }} PosterRun
 */

/** Page side: the latest LCP entry, kept where the run can read it. */
function observeLcp() {
  new PerformanceObserver((list) => {
    const last = /** @type {any} */ (list.getEntries().at(-1));
    /** @type {any} */ (window).__lcp = { time: last.startTime, url: last.url, element: last.element };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Page side: the card posters and where they sit against the viewport and their row's scroller. */
function readPosters() {
  const cards = [...document.querySelectorAll('img.card__art')].map((element) => {
    const img = /** @type {HTMLImageElement} */ (element);
    const box = img.getBoundingClientRect();
    const scroller = /** @type {HTMLElement} */ (img.closest('.row__cards'));
    const area = scroller.getBoundingClientRect();
    const inView = box.bottom > 0 && box.top < window.innerHeight && box.right > area.left && box.left < area.right;
    return {
      id: img.closest('[data-title-id]')?.getAttribute('data-title-id') ?? '',
      inView,
      complete: img.complete && img.naturalWidth > 0,
      currentSrc: img.currentSrc,
      // More than a whole screen width beyond the row's visible area.
      far: box.left > area.right + window.innerWidth || box.top > window.innerHeight * 2,
      high: img.getAttribute('fetchpriority') === 'high',
      // When its file arrived (Resource Timing), for the last poster in view.
      loadedAt: /** @type {any} */ (performance.getEntriesByName(img.currentSrc)[0])?.responseEnd ?? NaN,
    };
  });
  const lcp = /** @type {any} */ (window).__lcp;
  const first = document.querySelector('[data-row-index="0"] img.card__art');
  return {
    interactive: performance.getEntriesByName('marquee:interactive').length > 0,
    cards,
    lcp: lcp && { time: lcp.time, url: lcp.url, isFirstPoster: lcp.element === first },
  };
}

/** A poster URL's title id and width: `/art/<id>.<width>w.v1.webp`. */
const POSTER_URL = /\/art\/([a-z0-9-]+)\.(\d+)w\.[^/]*$/;

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string, device: Device }} options
 * @returns {Promise<PosterRun>}
 */
export async function measurePosterRequests(browser, { url, device }) {
  const context = await browser.newContext({
    viewport: { width: device.width, height: device.height },
    deviceScaleFactor: device.dpr,
    isMobile: device.mobile,
    hasTouch: device.mobile,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(observeLcp);
    /** @type {Map<string, string>} poster id → width requested */
    const posters = new Map();
    let inFlight = 0;
    let lastActivity = Date.now();
    const settle = () => {
      inFlight -= 1;
      lastActivity = Date.now();
    };
    page.on('request', (request) => {
      inFlight += 1;
      lastActivity = Date.now();
      const match = POSTER_URL.exec(new URL(request.url()).pathname);
      if (match && !posters.has(match[1])) posters.set(match[1], match[2]);
    });
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
      timeout: IDLE_TIMEOUT_MS,
    });
    const deadline = Date.now() + IDLE_TIMEOUT_MS;
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`${device.name}: the page never went quiet`);
      await page.waitForTimeout(100);
    }
    const requestedBeforeIdle = new Map(posters);
    const seen = await page.evaluate(readPosters);
    return check(device, requestedBeforeIdle, seen);
  } finally {
    await context.close();
  }
}

/**
 * @param {Device} device
 * @param {Map<string, string>} requested
 * @param {Awaited<ReturnType<typeof readPosters>>} seen
 * @returns {PosterRun}
 */
function check(device, requested, seen) {
  const fail = (/** @type {string} */ why) => new Error(`${device.name}: ${why}: not the real page`);
  if (!seen.interactive) throw fail('never hydrated');
  const inView = seen.cards.filter((card) => card.inView);
  if (inView.length === 0) throw fail('no poster in view');
  const missing = inView.filter((card) => !card.complete || !requested.has(card.id));
  if (missing.length > 0) throw fail(`${missing.length} posters in view not loaded by idle`);
  if (seen.cards.filter((card) => card.high).length !== 1) throw fail('not one fetchpriority="high" poster');
  if (!seen.lcp) throw fail('no LCP entry');
  const far = new Set(seen.cards.filter((card) => card.far).map((card) => card.id));
  return {
    requested: requested.size,
    inView: inView.length,
    farOutside: [...requested.keys()].filter((id) => far.has(id)).length,
    widths: [...new Set(requested.values())].sort(),
    lcpMs: Math.round(seen.lcp.time),
    lcpIsFirstPoster: seen.lcp.isFirstPoster,
    lastInViewMs: Math.round(Math.max(...inView.map((card) => card.loadedAt))),
  };
}
