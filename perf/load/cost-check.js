// @ts-check
// perf:load --cost-check FILE: the regression check CI runs on every change.
// Marquee's default page and the plain 200-card page (perf/baseline/plain.js)
// in one short run, loaded at the same time on the app's core; the ratio of their CPU per page is compared
// with the one recorded in FILE. Pitfall: an absolute time (ms per page)
// swings 2x from run to run on a shared machine, a ratio taken in one run
// holds (docs/server-cost.md has the noise of ten runs and a planted
// regression tripping it).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PER_CARD_PAGES, measurePages, summarizePage } from './per-card.js';

/** A ratio this much over the recorded one fails the check. */
export const COST_CHECK_FACTOR = 1.5;

/**
 * @param {{
 *   file: string, record: boolean, concurrency: number, duration: number, rounds: number, warmup: number,
 *   env: Record<string, string>, cpus: ReturnType<typeof import('../lib/cpus.js').planCpus>,
 *   onStart: (stop: () => Promise<unknown>) => void,
 * }} options record: write the ratio measured as the new recorded value
 * @returns {Promise<boolean>} whether the check passed
 */
export async function costCheck({ file, record, concurrency, duration, rounds, warmup, env, cpus, onStart }) {
  const recorded = existsSync(file) ? readRecorded(file) : null;
  if (!recorded && !record) throw new Error(`${file}: no recorded ratio (--record writes one)`);
  const [marquee, plain] = await measurePages({
    pages: [PER_CARD_PAGES.marquee, PER_CARD_PAGES.plain],
    concurrency,
    duration,
    rounds,
    warmup,
    latencyMs: 0,
    env,
    // Pitfall: each page alone, in turn, met the machine's load at different
    // moments: the ratio went from 1.55x to 2.37x in ten runs at a load
    // average of 30 to 36 (docs/server-cost.md). Loaded at once, they share it.
    together: true,
    cpus,
    onStart,
  });
  const m = summarizePage(marquee);
  const p = summarizePage(plain);
  if (m.failed > 0 || p.failed > 0) throw new Error(`failed requests: Marquee ${m.failed}, plain ${p.failed}`);
  const ratio = m.cpuMsPerPage / p.cpuMsPerPage;
  console.log(
    `cost check: CPU per page, Marquee's default page ${m.cpuMsPerPage.toFixed(2)} ms / plain 200-card page ${p.cpuMsPerPage.toFixed(2)} ms = ${ratio.toFixed(2)}x`,
  );
  if (record) {
    writeFileSync(
      file,
      `${JSON.stringify({ ratio: Math.round(ratio * 100) / 100, measured: new Date().toISOString().slice(0, 10), concurrency, duration, rounds }, null, 2)}\n`,
    );
    console.log(`cost check: recorded ${ratio.toFixed(2)}x in ${file}`);
    return true;
  }
  const limit = /** @type {number} */ (recorded) * COST_CHECK_FACTOR;
  const passed = ratio <= limit;
  console.log(
    `cost check: recorded ${recorded}x, limit ${limit.toFixed(2)}x (${COST_CHECK_FACTOR}x the recorded): ${passed ? 'PASS' : 'FAIL'}`,
  );
  return passed;
}

/** @param {string} file @returns {number} */
function readRecorded(file) {
  const { ratio } = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof ratio !== 'number' || !(ratio > 0)) throw new Error(`${file}: no positive "ratio" in it`);
  return ratio;
}
