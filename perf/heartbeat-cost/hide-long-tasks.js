// @ts-check
// Makes Chromium look like Firefox or Safari to the page's measurement: no
// `longtask` and no `long-animation-frame` in PerformanceObserver.supportedEntryTypes,
// so the page head's heartbeat runs (client/measure/heartbeat-snippet.js).
// Pass it to page.addInitScript: it runs before any script of the page.
// Used by perf:heartbeat-cost and test/browser/heartbeat.test.js.
export function hideLongTaskApis() {
  const kept = PerformanceObserver.supportedEntryTypes.filter((t) => t !== 'longtask' && t !== 'long-animation-frame');
  Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => kept, configurable: true });
}
