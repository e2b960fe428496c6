// @ts-check
/**
 * FCP, LCP, INP, CLS and TTFB from Google's `web-vitals` library
 * (https://github.com/GoogleChrome/web-vitals), not re-implemented: each has
 * edge cases (bfcache restores, prerender activation, hidden tabs, LCP
 * stopping at first input) that the library already handles.
 * Definitions and thresholds (good ≤ [0], poor > [1]):
 * - FCP  https://web.dev/articles/fcp   [1800, 3000] ms
 * - LCP  https://web.dev/articles/lcp   [2500, 4000] ms
 * - INP  https://web.dev/articles/inp   [200, 500] ms
 * - CLS  https://web.dev/articles/cls   [0.1, 0.25] (unitless)
 * - TTFB https://web.dev/articles/ttfb  [800, 1800] ms
 */
import {
  onCLS,
  onFCP,
  onINP,
  onLCP,
  onTTFB,
  CLSThresholds,
  FCPThresholds,
  INPThresholds,
  LCPThresholds,
  TTFBThresholds,
} from 'web-vitals';

/** The library's own thresholds, keyed as the beacon names the metrics. */
export const WEB_VITALS_THRESHOLDS = Object.freeze({
  fcp: FCPThresholds,
  lcp: LCPThresholds,
  inp: INPThresholds,
  cls: CLSThresholds,
  ttfb: TTFBThresholds,
});

/**
 * Calls back with (name, value) each time a metric is known or changes, so
 * the overlay is live and the beacon carries the latest value when it leaves;
 * INP also with its longest entry, for client/measure/inp-attribution.js.
 * @param {(name: 'fcp' | 'lcp' | 'inp' | 'cls' | 'ttfb', value: number, entry?: PerformanceEventTiming) => void} callback
 */
export function onWebVitals(callback) {
  const options = { reportAllChanges: true };
  onFCP((metric) => callback('fcp', metric.value), options);
  onLCP((metric) => callback('lcp', metric.value), options);
  onCLS((metric) => callback('cls', metric.value), options);
  onTTFB((metric) => callback('ttfb', metric.value), options);
  // 16 ms is Event Timing's floor: the default (40) hides a TV-style UI's
  // quick key presses, which is the range this app is tuned for.
  // web-vitals keeps only the interaction's longest entries (all of INP's
  // duration): the first is the longest. None after a bfcache restore's 8 ms.
  onINP((metric) => callback('inp', metric.value, metric.entries[0]), { ...options, durationThreshold: 16 });
}
