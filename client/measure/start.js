// @ts-check
// Wires every metric into one store. Used by index.js (the app, after
// hydration) and by perf/tti/index.js, which injects it into any site it measures.
import { createPerfStore } from './store.js';
import { onAppTTI } from './app-tti.js';
import { onLabTTI } from './lab-tti.js';
import { onWebVitals } from './web-vitals.js';
import { inpAttribution } from './inp-attribution.js';
import { onKeyInput } from './key-input.js';
import { measureMemory } from './memory.js';
import { readPageData, sendBeaconOnce } from './beacon.js';
import { armOverlay } from './overlay-trigger.js';

/**
 * Starts measuring this page once, whoever asks first: the runner's injected
 * copy (no beacon) or the app's own (beacon to its server).
 * @param {{ beacon?: boolean, overlay?: boolean }} [options]
 * @returns {import('./store.js').PerfStore}
 */
export function startMeasuring({ beacon = true, overlay = true } = {}) {
  const existing = /** @type {any} */ (window).__marqueePerf;
  if (existing) return existing;
  const store = createPerfStore();
  /** @type {any} */ (window).__marqueePerf = store;

  onAppTTI((ms) => store.setMetric('appTTI', ms));
  onWebVitals((name, value, entry) => {
    store.setMetric(name, value);
    if (entry) store.setINP(inpAttribution(entry));
  });
  onKeyInput(({ index, ms }) => store.setKeyPress(index, ms));
  measureMemory().then((reading) => reading && store.setMemory(reading));
  // Armed before the lab TTI search starts, so its result is what sends the beacon.
  const page = beacon ? readPageData() : null;
  if (page) sendBeaconOnce(store, page);
  // perf/tti/index.js --cap sets window.__marqueePerfCapMs before the page loads.
  const capMs = /** @type {any} */ (window).__marqueePerfCapMs;
  const cap = Number.isFinite(capMs) ? { capMs } : {};
  onLabTTI((result) => store.setLabTTI(result), cap);
  if (overlay) armOverlay(store);
  return store;
}
