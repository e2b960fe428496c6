// @ts-check
/* global document, window, requestAnimationFrame -- the page-side functions run in the page */
// One run of perf:input in headless Chromium: a fresh page load of `/`, a
// jump to 30% of the page height as soon as it is interactive (rows below
// the fold and their posters start loading), then a click on the first
// card's My List button to come into view, while they still load. What a
// visitor feels: click to the next paint showing the button pressed.
// Measured in the page: Event Timing's `duration` for the click's
// interaction (INP's own measure: its longest event, pointerdown to click,
// from the input's timestamp to the next paint), and, for clicks under
// Event Timing's 16 ms floor, a per-frame poll of aria-pressed (the frame
// that shows it, then a task queued from it: just after that paint).

/** A card's My List toggle (shared/components/MyListButton.jsx) in a loaded row. */
export const TARGET = '[data-row-state="loaded"] li.card button.mylist--card';

/**
 * @typedef {{
 *   ms: number, source: 'event-timing' | 'frame-poll', eventTimingMs: number | null, framePollMs: number | null,
 *   breakdown: { event: string, inputDelay: number, processing: number, presentation: number } | null,
 *   inViewAfterMs: number, postersLoading: number, postersInPage: number,
 * }} Click
 *   breakdown: the longest event's input delay (the main thread was busy),
 *   processing (handlers) and presentation delay (render and paint)
 *   inViewAfterMs: from the jump to the click; postersLoading: poster <img>s
 *   in the page not yet complete at the click (it happened while they loaded)
 */

/** Installed before the page's own scripts: records every event entry of an interaction. */
function observeInteractions() {
  const state = { entries: /** @type {any[]} */ ([]), clicks: /** @type {any[]} */ ([]) };
  /** @type {any} */ (window).__perfInput = state;
  new PerformanceObserver((list) => {
    for (const entry of /** @type {any[]} */ (list.getEntries()))
      if (entry.interactionId)
        state.entries.push({
          name: entry.name,
          duration: entry.duration,
          // Where the time went: waiting for the main thread, handlers, then to the paint.
          inputDelay: entry.processingStart - entry.startTime,
          processing: entry.processingEnd - entry.processingStart,
        });
  }).observe(/** @type {any} */ ({ type: 'event', durationThreshold: 16, buffered: true }));
  document.addEventListener(
    'click',
    (event) => {
      const button = /** @type {Element} */ (event.target).closest?.('[data-perf-target]');
      if (!button) return;
      const click = { start: event.timeStamp, pollMs: /** @type {number | null} */ (null) };
      state.clicks.push(click);
      const poll = () => {
        if (button.getAttribute('aria-pressed') !== 'true') return requestAnimationFrame(poll);
        // This frame paints it; a task queued now runs just after that paint.
        setTimeout(() => (click.pollMs = performance.now() - click.start), 0);
      };
      requestAnimationFrame(poll);
    },
    { capture: true, passive: true },
  );
}

/**
 * The first My List toggle whose card is wholly in view, marked for the
 * click, with its centre; null while none is.
 * @param {string} selector
 */
function findTarget(selector) {
  for (const button of document.querySelectorAll(selector)) {
    const card = /** @type {HTMLElement} */ (button.closest('li.card')).getBoundingClientRect();
    if (card.top < 0 || card.bottom > window.innerHeight || card.left < 0 || card.right > window.innerWidth) continue;
    if (button.getAttribute('aria-pressed') !== 'false') continue;
    button.setAttribute('data-perf-target', '');
    const box = button.getBoundingClientRect();
    const posters = [...document.querySelectorAll('img.card__art')];
    return {
      x: box.left + box.width / 2,
      y: box.top + box.height / 2,
      postersInPage: posters.length,
      postersLoading: posters.filter((img) => !(/** @type {HTMLImageElement} */ (img).complete)).length,
      postersShown: posters.filter((img) => /** @type {HTMLImageElement} */ (img).naturalWidth > 0).length,
    };
  }
  return null;
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ url: string, viewport: { width: number, height: number }, dpr: number, scroll: number, timeoutMs?: number, noPosters?: boolean }} options
 *   scroll: where to jump, as a share of the page's height; noPosters: every poster of the
 *   app's own (`/art/`) answered 404, for the page's floor (perf:input --floor)
 * @returns {Promise<Click>}
 */
export async function measureClick(browser, { url, viewport, dpr, scroll, timeoutMs = 20_000, noPosters = false }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: dpr });
  try {
    if (noPosters) await context.route(/\/art\//, (route) => route.fulfill({ status: 404, body: '' }));
    const page = await context.newPage();
    await page.addInitScript(observeInteractions);
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
      timeout: timeoutMs,
      polling: 'raf',
    });
    const jumped = Date.now();
    await page.evaluate((share) => window.scrollTo(0, document.documentElement.scrollHeight * share), scroll);
    // Polled every frame: the click comes at the first frame a card is in view.
    const target = await page.waitForFunction(findTarget, TARGET, { timeout: timeoutMs, polling: 'raf' });
    const { x, y, postersInPage, postersLoading, postersShown } = /** @type {any} */ (await target.jsonValue());
    // A floor that shows posters measures the page, not its floor.
    if (noPosters && postersShown > 0) throw new Error(`${postersShown} posters shown with every poster refused`);
    const inViewAfterMs = Date.now() - jumped;
    await page.mouse.click(x, y);
    try {
      await page.waitForFunction(() => /** @type {any} */ (window).__perfInput.clicks[0]?.pollMs != null, null, {
        timeout: 5000,
        polling: 'raf',
      });
    } catch {
      const pressed = await page.getAttribute('[data-perf-target]', 'aria-pressed').catch(() => null);
      throw new Error(`the click did not toggle My List (aria-pressed="${pressed}" 5 s later)`);
    }
    // Event Timing entries are queued after the paint they end at.
    await page.waitForTimeout(300);
    // The run's only interaction is this click: its longest event is its figure.
    const { eventTimingMs, framePollMs, breakdown } = await page.evaluate(() => {
      const { clicks, entries } = /** @type {any} */ (window).__perfInput;
      const longest = entries.reduce(
        (/** @type {any} */ a, /** @type {any} */ e) => (a && a.duration >= e.duration ? a : e),
        null,
      );
      return {
        eventTimingMs: longest ? longest.duration : null,
        framePollMs: clicks[0].pollMs,
        breakdown: longest && {
          event: longest.name,
          inputDelay: Math.round(longest.inputDelay),
          processing: Math.round(longest.processing),
          presentation: Math.round(longest.duration - longest.inputDelay - longest.processing),
        },
      };
    });
    return {
      ms: eventTimingMs ?? framePollMs,
      source: eventTimingMs !== null ? 'event-timing' : 'frame-poll',
      eventTimingMs,
      framePollMs,
      breakdown,
      inViewAfterMs,
      postersLoading,
      postersInPage,
    };
  } finally {
    await context.close();
  }
}
