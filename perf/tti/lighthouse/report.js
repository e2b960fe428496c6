// @ts-check
// What perf:tti --lighthouse found once its rounds are done (./index.js): the
// runs not counted or retried, every side's medians against the floors and B,
// the page's interactive against the in-page lab TTI, and the --budget.
import { format } from '../../lib/format.js';
import { distribution } from '../../lib/stats.js';
import { checkBudget } from './budget.js';
import { lighthouseMedians, printSideTable } from './table.js';

/**
 * How the Lighthouse rounds met the in-page loads (../runs/with-lighthouse.js): the
 * ratio compares loads made at the same machine load only because they alternate.
 * @param {{ runs: number, lighthouseRuns: number }} counts
 */
export function roundsOrder({ runs, lighthouseRuns }) {
  const both = Math.min(runs, lighthouseRuns);
  const rounds = (/** @type {string} */ of, /** @type {number} */ from, /** @type {number} */ to) =>
    from === to ? `${of} round ${from}` : `${of} rounds ${from} to ${to}`;
  return (
    `Lighthouse rounds alternated with the in-page loads (in-page round i, then Lighthouse round i, for i up to ${both}` +
    (lighthouseRuns > runs ? `; ${rounds('Lighthouse', runs + 1, lighthouseRuns)} after the last in-page round` : '') +
    (runs > lighthouseRuns ? `; ${rounds('in-page', lighthouseRuns + 1, runs)} without a Lighthouse round` : '') +
    ')'
  );
}

/**
 * Prints what the rounds found.
 * @param {{
 *   sides: import('./checks.js').Side[],
 *   options: import('../options.js').TTIOptions,
 *   methodLabel: string,
 *   summary: ReturnType<typeof import('../summary-table.js').summarize>,
 *   order: string,
 * }} found sides: the page first; summary: the in-page runs', to compare lab TTI with;
 *   order: roundsOrder's
 * @returns {{ lighthouse: object | null, floorSummary: object | null, budgetLines: ReturnType<typeof checkBudget> | null, failed: boolean }}
 *   lighthouse: null when there is no interactive or lab TTI to compare; failed: a run did not measure the real work
 */
export function reportLighthouse({ sides, options, methodLabel, summary, order }) {
  const method = options.lighthouseThrottling;
  const failed = sides.some((side) => side.failures.length > 0);
  for (const side of sides) {
    if (side.failures.length > 0)
      console.log(
        `\nLighthouse on the ${side.label}: ${side.failures.length} run(s) not counted:\n  ${side.failures.join('\n  ')}`,
      );
    if (side.retries.length > 0)
      console.log(
        `\nLighthouse on the ${side.label}: ${side.retries.length} run(s) retried once (a trace Lighthouse could not read):\n  ${side.retries.join('\n  ')}`,
      );
  }

  /** @type {object | null} */
  let floorSummary = null;
  const measured = sides.filter((side) => side.results.length > 0);
  if (measured.length > 1) {
    const medians = Object.fromEntries(measured.map((side) => [side.key, lighthouseMedians(side.results)]));
    console.log(`\nLighthouse ${methodLabel}`);
    printSideTable(measured, medians);
    floorSummary = {
      throttling: method,
      order,
      page: medians.page ?? null,
      floor: medians.floor ?? null,
      reactFloor: medians.reactFloor ?? null,
      vs: medians.vs ?? null,
      runs: Object.fromEntries(measured.map((side) => [side.key, side.results])),
      notCounted: Object.fromEntries(sides.map((side) => [side.key, side.failures])),
      retried: Object.fromEntries(sides.map((side) => [side.key, side.retries])),
    };
  }

  const page = sides[0];
  let lighthouse = null;
  /** @type {ReturnType<typeof checkBudget> | null} */
  let budgetLines = null;
  const interactive = distribution(page.results.map((r) => r.interactive ?? NaN));
  if (options.budget) budgetLines = checkBudget(options.budget, lighthouseMedians(page.results));
  if (interactive && summary.labTTI) {
    const ratio = summary.labTTI.median / interactive.median;
    console.log(
      `\nLighthouse (${methodLabel}) interactive median ${format(interactive.median, 'ms')} · in-page lab TTI median ${format(summary.labTTI.median, 'ms')} · ratio in-page / Lighthouse ${ratio.toFixed(2)}\n  ${order}`,
    );
    lighthouse = { throttling: method, order, runs: page.results, interactive, ratio: Math.round(ratio * 100) / 100 };
  }
  if (budgetLines) {
    console.log(`\nbudget ${options.budgetFile} (Lighthouse medians of ${page.results.length} runs):`);
    for (const line of budgetLines) {
      const value = line.value === null ? 'not measured' : `${Math.round(line.value * 10) / 10} ${line.unit}`;
      console.log(`  ${line.ok ? 'ok  ' : 'OVER'} ${line.key.padEnd(12)} ${value} (limit ${line.limit} ${line.unit})`);
    }
  }
  return { lighthouse, floorSummary, budgetLines, failed };
}
