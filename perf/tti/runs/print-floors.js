// @ts-check
// What perf:tti prints of the floors' loads (./floors.js): each floor's
// medians beside the page's, in ms, and the page's ratio to each floor; only
// from loads that passed the floor's check, and none at all for a floor whose
// loads all failed it (refused, with the reasons).
import { summarize } from '../summary-table.js';
import { format } from '../../lib/format.js';

const FIGURES = /** @type {const} */ ([
  ['labTTI', 'lab TTI'],
  ['appTTI', 'App TTI'],
  ['tbt', 'TBT'],
  ['fcp', 'FCP'],
  ['lcp', 'LCP'],
]);

/**
 * @typedef {{
 *   key: string,
 *   label: string,
 *   claim: string,
 *   counted: number,
 *   refused: { run: number, problem: string }[],
 *   methods: Record<string, number>,
 *   runs: import('./loads.js').Run[],
 *   summary: ReturnType<typeof summarize> | null,
 *   ratio: Record<string, number> | null,
 * }} FloorSummary
 *   summary: null when no load passed the check (refused); ratio: page / this floor, of the medians
 */

/**
 * @param {{
 *   runs: import('./loads.js').Run[],
 *   summary: ReturnType<typeof summarize>,
 *   floorRuns: import('./loads.js').FloorRuns[],
 *   options: import('../options.js').TTIOptions,
 * }} measured runs and summary: the page's
 * @returns {FloorSummary[]}
 */
export function printFloors({ runs, summary, floorRuns, options }) {
  /** @type {FloorSummary[]} */
  const floors = floorRuns.map(({ side, runs: counted, refused }) => {
    const floorSummary = counted.length > 0 ? summarize(counted) : null;
    /** @type {Record<string, number> | null} */
    let ratio = null;
    if (floorSummary) {
      ratio = {};
      for (const [key] of FIGURES) {
        const page = summary[key]?.median;
        const floor = floorSummary[key]?.median;
        // A floor's TBT is about 0: a ratio to it says nothing.
        if (page !== undefined && floor !== undefined && floor >= (key === 'tbt' ? 10 : 1))
          ratio[key] = Math.round((page / floor) * 100) / 100;
      }
    }
    /** @type {Record<string, number>} */
    const methods = {};
    for (const run of counted) methods[run.labTTIMethod ?? 'none'] = (methods[run.labTTIMethod ?? 'none'] ?? 0) + 1;
    return {
      key: side.key,
      label: side.label,
      claim: side.claim,
      counted: counted.length,
      refused,
      methods,
      runs: counted,
      summary: floorSummary,
      ratio,
    };
  });

  console.log(
    `\nThe page against its floors, real Chromium · ${options.profile} · alternated in this run, medians (each floor load checked):\n`,
  );
  const width = Math.max(...floors.map((floor) => `page / ${floor.label}`.length), 'page'.length) + 2;
  const row = (/** @type {string} */ name, /** @type {string[]} */ cells) =>
    `  ${name.padEnd(width)}${cells.map((cell) => cell.padStart(11)).join('')}`;
  const ms = (/** @type {ReturnType<typeof summarize> | null} */ of, /** @type {string} */ key) =>
    of?.[key] ? format(of[key].median, 'ms') : '—';
  console.log(row('', [...FIGURES.map(([, label]) => label), 'loads']));
  console.log(row('page', [...FIGURES.map(([key]) => ms(summary, key)), `${runs.length}`]));
  for (const floor of floors)
    console.log(
      row(floor.label, [
        ...FIGURES.map(([key]) => (floor.summary ? ms(floor.summary, key) : 'refused')),
        `${floor.counted}/${floor.counted + floor.refused.length}`,
      ]),
    );
  for (const floor of floors)
    if (floor.ratio)
      console.log(
        row(
          `page / ${floor.label}`,
          FIGURES.map(([key]) => (floor.ratio?.[key] === undefined ? '-' : `${floor.ratio[key].toFixed(2)}x`)),
        ),
      );
  for (const floor of floors) {
    const by = Object.entries(floor.methods)
      .map(([method, n]) => `${method} ${n}/${floor.counted}`)
      .join(', ');
    console.log(
      `\n${floor.label}: ${floor.counted} of ${floor.counted + floor.refused.length} loads checked (${floor.claim})` +
        (by ? `; lab TTI by ${by}` : ''),
    );
    for (const { run, problem } of floor.refused) console.log(`  run ${run} NOT COUNTED: ${problem}`);
    if (!floor.summary) console.log(`  refused: no load passed the check, so no figure and no ratio for this floor`);
  }
  return floors;
}
