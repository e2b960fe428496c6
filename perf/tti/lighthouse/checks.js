// @ts-check
// What a Lighthouse run must show to count (./index.js): every figure, and the
// work its side stands for (a Marquee page hydrated, a floor ran no script).

/**
 * @typedef {{ interactive: number | null, fcp: number | null, lcp: number | null, tbt: number | null, scriptKB: number | null, marks: string[] }} LighthouseResult
 * @typedef {{ key: string, label: string, url: string, check: (result: LighthouseResult) => string | null, results: LighthouseResult[], failures: string[], retries: string[] }} Side
 *   check: why a run did not measure the real work (null when it did); failures: the
 *   rounds not counted, and why; retries: the rounds measured on a second attempt, and why
 */

/** A run without one of the figures is no figure: never a zero in a median, never dropped unsaid. */
export const withFigures = (/** @type {LighthouseResult} */ r) => {
  const missing = ['interactive', 'fcp', 'lcp', 'tbt'].filter(
    (key) => !Number.isFinite(r[/** @type {'interactive' | 'fcp' | 'lcp' | 'tbt'} */ (key)]),
  );
  return missing.length > 0 ? `Lighthouse gave no ${missing.join(', ')}` : null;
};

/** A page that hydrates marks it (client/index.jsx, the React-only floor's entry). */
export const hydrated = (/** @type {LighthouseResult} */ r) =>
  r.marks.includes('marquee:interactive') ? null : 'no marquee:interactive mark: the page did not hydrate';
export const scriptless = (/** @type {LighthouseResult} */ r) =>
  (r.scriptKB ?? 0) > 0 ? `${r.scriptKB?.toFixed(1)} KB of script on a floor without scripts` : null;
export const anything = () => null;

/** @returns {Side} no run yet */
export const newSide = (
  /** @type {string} */ key,
  /** @type {string} */ label,
  /** @type {string} */ url,
  /** @type {Side['check']} */ check,
) => ({ key, label, url, check, results: [], failures: [], retries: [] });
