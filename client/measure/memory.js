// @ts-check
/**
 * Memory, as far as the browser tells:
 * 1. performance.measureUserAgentSpecificMemory()
 *    (https://wicg.github.io/performance-measure-memory/): every JS and DOM
 *    byte of the page, but only when the page is cross-origin isolated (COOP
 *    + COEP headers; Marquee does not send COEP by default, see
 *    server/middleware/security-headers.js). It resolves at the next garbage
 *    collection, up to ~20 s later in Chrome, so it is never awaited on exit.
 * 2. performance.memory.usedJSHeapSize (Chromium only, non-standard): the JS
 *    heap, quantized unless Chrome runs with --enable-precise-memory-info.
 * 3. Otherwise absent: nothing is reported rather than a guess.
 * Thresholds: none standard; watch the trend per route on /perf.
 */

/** @typedef {{ bytes: number, source: 'measureUserAgentSpecificMemory' | 'performance.memory' }} MemoryReading */

/**
 * The JS heap right now, synchronously (safe to call while the page hides).
 * @returns {MemoryReading | null}
 */
export function currentMemory() {
  const memory = /** @type {any} */ (performance).memory;
  return memory?.usedJSHeapSize > 0 ? { bytes: memory.usedJSHeapSize, source: 'performance.memory' } : null;
}

/**
 * The most complete figure the browser offers; may take many seconds.
 * @returns {Promise<MemoryReading | null>}
 */
export async function measureMemory() {
  const measure = /** @type {any} */ (performance).measureUserAgentSpecificMemory;
  if (self.crossOriginIsolated && typeof measure === 'function') {
    try {
      const result = await measure.call(performance);
      return { bytes: result.bytes, source: 'measureUserAgentSpecificMemory' };
    } catch {
      // SecurityError when isolation is lost (e.g. an iframe): fall through.
    }
  }
  return currentMemory();
}
