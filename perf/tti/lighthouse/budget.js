// @ts-check
// `perf:tti --lighthouse --budget FILE`: the page's limits, checked against
// the medians of the Lighthouse runs, so a team can fail CI on a page that got
// slower or heavier. The file is JSON with any of these keys, each a number:
//   { "interactive": 3500, "fcp": 1800, "lcp": 2500, "tbt": 300, "scriptKB": 110 }
// (ms, except scriptKB: JavaScript transferred, KB).
import { readFileSync } from 'node:fs';

/** The figures a budget may limit, with their units. */
export const BUDGET_KEYS = Object.freeze({
  interactive: 'ms',
  fcp: 'ms',
  lcp: 'ms',
  tbt: 'ms',
  scriptKB: 'KB',
});

/** @typedef {Partial<Record<keyof typeof BUDGET_KEYS, number>>} Budget */

/**
 * @param {string} file
 * @returns {Budget}
 * @throws {Error} one message naming the file and every problem in it
 */
export function readBudget(file) {
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`budget ${file}: ${error instanceof Error ? error.message : error}`, { cause: error });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`budget ${file}: must be a JSON object such as {"interactive": 3500, "tbt": 300}`);
  const problems = [];
  /** @type {Budget} */
  const budget = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!Object.hasOwn(BUDGET_KEYS, key))
      problems.push(`unknown key "${key}" (known: ${Object.keys(BUDGET_KEYS).join(', ')})`);
    else if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
      problems.push(`"${key}" must be a positive number, got ${JSON.stringify(value)}`);
    else budget[/** @type {keyof typeof BUDGET_KEYS} */ (key)] = value;
  }
  if (problems.length === 0 && Object.keys(budget).length === 0) problems.push('names no figure to limit');
  if (problems.length > 0) throw new Error(`budget ${file}: ${problems.join('; ')}`);
  return budget;
}

/**
 * @param {Budget} budget
 * @param {Partial<Record<keyof typeof BUDGET_KEYS, number | null>>} medians of the Lighthouse runs
 * @returns {{ key: string, limit: number, value: number | null, unit: string, ok: boolean }[]} one line per limit
 */
export function checkBudget(budget, medians) {
  return Object.entries(budget).map(([key, limit]) => {
    const value = medians[/** @type {keyof typeof BUDGET_KEYS} */ (key)] ?? null;
    const unit = BUDGET_KEYS[/** @type {keyof typeof BUDGET_KEYS} */ (key)];
    // A figure Lighthouse could not give fails: a budget nobody measured is not met.
    return { key, limit, value, unit, ok: value !== null && Number.isFinite(value) && value <= limit };
  });
}
