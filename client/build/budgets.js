// @ts-check
// The JavaScript budgets, read from package.json's "budgets" (gzip KB), where
// a starter sees and edits them. A build over budget fails `npm test`, and the
// message names the source files that grew since the previous build.
import { readFileSync } from 'node:fs';

/** @typedef {{ beforeHydration: number, firstLoad: number }} Totals gzip bytes */
/** @typedef {Record<string, number>} InputSizes minified bytes per source file counted in first load */

const PACKAGE = new URL('../../package.json', import.meta.url);

/**
 * @returns {Readonly<Totals>} bytes
 */
function readBudgets() {
  const { budgets } = JSON.parse(readFileSync(PACKAGE, 'utf8'));
  const kb = (/** @type {string} */ key) => {
    const value = budgets?.[key];
    if (!(typeof value === 'number' && value > 0))
      throw new Error(`package.json budgets.${key} must be a number of KB`);
    return value * 1024;
  };
  return Object.freeze({ beforeHydration: kb('beforeHydrationGzipKB'), firstLoad: kb('firstLoadGzipKB') });
}

export const BUDGETS = readBudgets();

/**
 * @param {Totals} totals
 * @returns {string[]} one message per budget exceeded (empty when within budget)
 */
export function checkBudgets({ beforeHydration, firstLoad }) {
  const over = [];
  if (beforeHydration > BUDGETS.beforeHydration) {
    over.push(
      `JS before hydration is ${kb(beforeHydration)} gzip, budget ${kb(BUDGETS.beforeHydration)} (${kb(beforeHydration - BUDGETS.beforeHydration)} over)`,
    );
  }
  if (firstLoad > BUDGETS.firstLoad) {
    over.push(
      `first-load JS is ${kb(firstLoad)} gzip, budget ${kb(BUDGETS.firstLoad)} (${kb(firstLoad - BUDGETS.firstLoad)} over)`,
    );
  }
  return over;
}

/**
 * The source files that grew (or arrived) since the previous build, largest
 * growth first: what a failure message points at.
 * @param {InputSizes | null} before
 * @param {InputSizes} after
 * @param {number} [limit]
 * @returns {string[]} e.g. "shared/pages/home.js +412 B (1,266 B now)"
 */
export function growth(before, after, limit = 8) {
  if (!before) return [];
  return Object.entries(after)
    .map(([file, bytes]) => ({ file, bytes, delta: bytes - (before[file] ?? 0) }))
    .filter(({ delta }) => delta > 0)
    .sort((a, b) => b.delta - a.delta)
    .slice(0, limit)
    .map(
      ({ file, bytes, delta }) => `${file} +${delta} B${before[file] === undefined ? ' (new)' : ` (${bytes} B now)`}`,
    );
}

/** @param {number} bytes */
export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
