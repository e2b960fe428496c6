// @ts-check
// What every engine's driver reads from the page, as script text: the same
// expression over Playwright, Puppeteer (WebDriver BiDi) and classic WebDriver,
// and no function source to re-serialize (a transpiler's helpers would not
// exist in the page).

/** True once the page's lab TTI search has ended: found, not found at the cap, or unsupported. */
export const LAB_TTI_ENDED = `['found', 'not-found', 'unsupported'].includes(window.__marqueePerf?.snapshot().labTTIStatus)`;

/** True once the page measures itself at all (client/measure/ loaded after hydration). */
export const MEASURING = `Boolean(window.__marqueePerf)`;

/**
 * The in-page figures of perf:tti (page-run.js's RunResult, less what only
 * CDP sees: bytes and requests), as one JSON-safe object.
 */
export const READ_FIGURES = `(() => {
  const snapshot = window.__marqueePerf.snapshot();
  const navigation = performance.getEntriesByType('navigation')[0];
  const rows = performance.getEntriesByName('marquee:loadRow').map((e) => e.duration).sort((a, b) => a - b);
  return {
    metrics: snapshot.metrics,
    labTTIStatus: snapshot.labTTIStatus,
    labTTIReason: snapshot.labTTIReason,
    labTTIMethod: snapshot.labTTIMethod,
    longTasks: snapshot.longTasks,
    keyInput: snapshot.keyInput,
    documentResponseEnd: navigation ? navigation.responseEnd : null,
    loadRow: rows.length > 0 ? rows[Math.floor(rows.length / 2)] : undefined,
    entryTypes: PerformanceObserver.supportedEntryTypes,
  };
})()`;

/**
 * Resolves once the lab TTI search has ended, checking from inside the page
 * once a second (as the search itself does): a driver's poll is a round trip
 * into the page, and in Firefox over BiDi one every 500 ms held frames past
 * the heartbeat's 60 ms often enough that no 5 s quiet window ever came.
 */
export const WAIT_LAB_TTI_ENDED = `new Promise((resolve) => {
  const poll = () => (${LAB_TTI_ENDED} ? resolve(true) : setTimeout(poll, 1000));
  poll();
})`;
