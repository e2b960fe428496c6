// @ts-check
// perf:tti --lighthouse's figures: each side's medians, and the table of every
// side against both floors and the page against B (perf/tti/lighthouse/index.js).
import { format } from '../../lib/format.js';
import { distribution } from '../../lib/stats.js';

const METRICS = /** @type {const} */ (['interactive', 'tbt', 'fcp', 'lcp']);
const LABELS = { interactive: 'interactive', tbt: 'TBT', fcp: 'FCP', lcp: 'LCP' };

/**
 * @typedef {import('./checks.js').LighthouseResult} LighthouseResult
 * @typedef {import('./checks.js').Side} Side
 */

/** @param {LighthouseResult[]} results */
export function lighthouseMedians(results) {
  const median = (/** @type {(number | null)[]} */ values) => distribution(values.map((v) => v ?? NaN))?.median ?? null;
  return {
    interactive: median(results.map((r) => r.interactive)),
    fcp: median(results.map((r) => r.fcp)),
    lcp: median(results.map((r) => r.lcp)),
    tbt: median(results.map((r) => r.tbt)),
    scriptKB: median(results.map((r) => r.scriptKB)),
  };
}

/**
 * The medians of every side, then each side against each floor and the page against B.
 * @param {Side[]} sides
 * @param {Record<string, ReturnType<typeof lighthouseMedians>>} medians
 */
export function printSideTable(sides, medians) {
  const label = Object.fromEntries(sides.map((side) => [side.key, side.label]));
  /** @type {[string, string][]} each top / bottom: a side against a floor, and the page against B */
  const pairs = [];
  for (const [top, bottom] of [
    ['page', 'floor'],
    ['page', 'reactFloor'],
    ['page', 'vs'],
    ['vs', 'floor'],
    ['vs', 'reactFloor'],
    ['reactFloor', 'floor'],
  ])
    if (medians[top] && medians[bottom]) pairs.push([top, bottom]);
  const runs = Math.min(...sides.map((side) => side.results.length));
  const width = Math.max(...pairs.map(([top, bottom]) => `${label[top]} / ${label[bottom]}`.length), 20) + 2;
  const row = (/** @type {string} */ name, /** @type {string[]} */ cells) =>
    `  ${name.padEnd(width)}${cells.map((cell) => cell.padStart(13)).join('')}`;
  console.log(`\nLighthouse medians (at least ${runs} runs each, alternated):`);
  console.log(row('', [...METRICS.map((key) => LABELS[key]), 'runs']));
  for (const side of sides)
    console.log(
      row(side.label, [...METRICS.map((key) => format(medians[side.key][key] ?? NaN, 'ms')), `${side.results.length}`]),
    );
  const ratio = (/** @type {string} */ a, /** @type {string} */ b) =>
    METRICS.map((key) => {
      const x = medians[a][key];
      const y = medians[b][key];
      // A floor's TBT is about 0: a ratio to it says nothing.
      return x !== null && y !== null && y >= 10 ? `${(x / y).toFixed(2)}x` : '-';
    });
  for (const [top, bottom] of pairs) console.log(row(`${label[top]} / ${label[bottom]}`, ratio(top, bottom)));
}
