// @ts-check
// The JavaScript budgets: each is the platform (React DOM, Falcor, web-vitals:
// whichever that load holds, measured by client/build/platform.js) plus an
// allowance for Marquee's own code, read from package.json's "budgets" (gzip
// KB), where a starter sees and edits it. A build over budget fails
// `npm test`, and the message names the source files that grew since the
// previous build, Marquee's and the platform's apart.
import { readFileSync } from 'node:fs';

/** @typedef {{ beforeHydration: number, firstLoad: number }} Totals gzip bytes */
/** @typedef {Record<string, number>} InputSizes minified bytes per source file counted in first load */
/** @typedef {{ beforeHydration: { gzip: number }, firstLoad: { gzip: number } }} PlatformSizes gzip bytes */

const PACKAGE = new URL('../../package.json', import.meta.url);

/**
 * @returns {Readonly<Totals>} the allowances for Marquee's own code, bytes
 */
function readAllowances() {
  const { budgets } = JSON.parse(readFileSync(PACKAGE, 'utf8'));
  const kb = (/** @type {string} */ key) => {
    const value = budgets?.[key];
    if (!(typeof value === 'number' && value > 0))
      throw new Error(`package.json budgets.${key} must be a number of KB`);
    return value * 1024;
  };
  return Object.freeze({
    beforeHydration: kb('beforeHydrationAllowanceGzipKB'),
    firstLoad: kb('firstLoadAllowanceGzipKB'),
  });
}

export const ALLOWANCES = readAllowances();

/** The labels the size table and the messages give each load. */
export const LOADS = Object.freeze({ beforeHydration: 'JS before hydration', firstLoad: 'first-load JS' });

/**
 * @param {Totals} totals
 * @param {PlatformSizes} platform
 * @returns {{ own: Totals, budget: Totals }} Marquee's part of each total, and each budget
 */
export function budgetParts(totals, platform) {
  const own = {
    beforeHydration: totals.beforeHydration - platform.beforeHydration.gzip,
    firstLoad: totals.firstLoad - platform.firstLoad.gzip,
  };
  const budget = {
    beforeHydration: platform.beforeHydration.gzip + ALLOWANCES.beforeHydration,
    firstLoad: platform.firstLoad.gzip + ALLOWANCES.firstLoad,
  };
  return { own, budget };
}

/**
 * A total over its budget is Marquee's code over its allowance: the platform
 * is in both the total and the budget.
 * @param {Totals} totals
 * @param {PlatformSizes} platform
 * @returns {string[]} one message per budget exceeded (empty when within budget)
 */
export function checkBudgets(totals, platform) {
  const { own, budget } = budgetParts(totals, platform);
  return /** @type {(keyof Totals)[]} */ (['beforeHydration', 'firstLoad'])
    .filter((load) => totals[load] > budget[load])
    .map(
      (load) =>
        `${LOADS[load]} is ${kb(totals[load])} gzip, budget ${kb(budget[load])} (${kb(totals[load] - budget[load])} over): ` +
        `Marquee's code is ${kb(own[load])}, over its allowance of ${kb(ALLOWANCES[load])} ` +
        `(the platform's ${kb(platform[load].gzip)} is measured apart and never counts against it)`,
    );
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
