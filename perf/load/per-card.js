// @ts-check
// perf:load --per-card: Marquee's page against the plain reference page
// (perf/baseline/plain.js) in one run. Six servers on one catalog: Marquee's
// default page (30 cards) and its ATF_ROWS=all page (270 cards), the plain
// page with 200 cards and with 30, and the plain page with Marquee's card
// markup (PLAIN_CARD_MARKUP=marquee) with 200 and 30: what of Marquee's cost
// per card is its markup, what its machinery. Each is loaded alone on the app's core, in
// rounds that rotate their order, and its CPU read from the kernel (every
// thread's time: perf/lib/process-cpu.js). Cost per card is the difference of
// two pages' CPU per page over the difference of their cards: Marquee's
// (270 − 30) / 240, the plain page's (200 − 30) / 170. Only the ratios of one
// run mean anything on a shared machine; absolute times there are noise.
// --cost-check FILE: the short form for CI (perf/load/cost-check.js).
import { runCannon } from '../lib/cannon.js';
import path from 'node:path';
import { startApp, startCatalog } from '../../deploy/lib/processes.js';
import { ROOT } from '../../server/paths.js';
import { processCpuMs } from '../lib/process-cpu.js';
import { bestOfChecks } from '../lib/page-check.js';

/**
 * @typedef {{ name: string, cards: number, env: Record<string, string>, plain: boolean }} PageSpec
 * @typedef {{ cpuMs: number, pages: number, seconds: number, failed: number }} Round
 * @typedef {PageSpec & { url: string, pid: number, rounds: Round[] }} Started
 */

/** The plain reference page, bundled as the app is. */
const PLAIN_BUNDLE = { entry: 'perf/baseline/plain.js', outfile: path.join(ROOT, 'dist/plain.js') };

/**
 * Marquee's default page and all its rows; the plain page with 200 cards and with as few as Marquee's
 * default, in its own card markup and in Marquee's.
 */
export const PER_CARD_PAGES = /** @type {const} */ ({
  marquee: { name: 'Marquee default', cards: 30, env: {}, plain: false },
  marqueeAll: { name: 'Marquee ATF_ROWS=all', cards: 270, env: { ATF_ROWS: 'all' }, plain: false },
  plain: { name: 'plain 200 cards', cards: 200, env: { PLAIN_CARDS: '200' }, plain: true },
  plainFew: { name: 'plain 30 cards', cards: 30, env: { PLAIN_CARDS: '30' }, plain: true },
  plainMarkup: {
    name: "plain 200, Marquee's card",
    cards: 200,
    env: { PLAIN_CARDS: '200', PLAIN_CARD_MARKUP: 'marquee' },
    plain: true,
  },
  plainMarkupFew: {
    name: "plain 30, Marquee's card",
    cards: 30,
    env: { PLAIN_CARDS: '30', PLAIN_CARD_MARKUP: 'marquee' },
    plain: true,
  },
});

/**
 * Starts the pages, checks each shows its cards, warms them up and measures
 * them in rotating rounds.
 * @param {{
 *   pages: PageSpec[], concurrency: number, duration: number, rounds: number, warmup: number,
 *   latencyMs: number, env: Record<string, string>, together?: boolean,
 *   cpus: ReturnType<typeof import('../lib/cpus.js').planCpus>,
 *   onStart: (stop: () => Promise<unknown>) => void,
 * }} options duration: seconds per page over all rounds; env: Marquee's extra environment;
 *   together: load all pages at once (CPU per page only)
 * @returns {Promise<Started[]>}
 */
export async function measurePages({
  pages,
  concurrency,
  duration,
  rounds,
  warmup,
  latencyMs,
  env,
  together = false,
  cpus,
  onStart,
}) {
  const catalog = await startCatalog({ latencyMs, jitterMs: 0, cpus: cpus.generator });
  onStart(catalog.stop);
  /** @type {Started[]} */
  const started = [];
  for (const page of pages) {
    const app = await startApp({
      catalogUrl: catalog.url,
      env: page.plain ? page.env : { ...env, ...page.env },
      cpus: cpus.app,
      bundle: page.plain ? PLAIN_BUNDLE : undefined,
    });
    onStart(app.stop);
    const check = await bestOfChecks(new URL('/', app.url).href);
    if (check.status !== 200 || check.cards !== page.cards)
      throw new Error(`${page.name}: ${check.status} with ${check.cards} cards, ${page.cards} expected`);
    console.log(`  ${page.name}: ${app.url}, ${check.cards} cards, ${check.bytes} bytes`);
    started.push({ ...page, url: app.url, pid: app.pid, rounds: [] });
  }
  for (const page of started)
    if (warmup > 0) await runCannon({ url: page.url, connections: 10, duration: warmup, cpus: cpus.generator });
  const seconds = Math.max(1, Math.round(duration / rounds));
  /** @param {Started} page @param {number} round */
  const measure = async (page, round) => {
    const before = processCpuMs(page.pid);
    const run = await runCannon({ url: page.url, connections: concurrency, duration: seconds, cpus: cpus.generator });
    const after = processCpuMs(page.pid);
    if (before === null || after === null)
      throw new Error('no /proc/<pid>/task/*/schedstat here: --per-card needs Linux');
    const ok = Object.entries(run.statusCodes ?? {})
      .filter(([code]) => code === '200')
      .reduce((n, [, { count }]) => n + count, 0);
    page.rounds.push({ cpuMs: after - before, pages: ok, seconds: run.durationS, failed: run.requests - ok });
    console.error(`  ${page.name} round ${round + 1}/${rounds}: ${Math.round(ok / run.durationS)} pages/s`);
  };
  for (let round = 0; round < rounds; round += 1) {
    // together: all pages under load at once, sharing the app's core, so the
    // machine's other load falls on each alike (pages/s then means nothing).
    if (together) await Promise.all(started.map((page) => measure(page, round)));
    // Else each alone, a different page first each round: drift falls on each alike.
    else for (let i = 0; i < started.length; i += 1) await measure(started[(i + round) % started.length], round);
  }
  return started;
}

/**
 * @param {Started} page
 * @returns {{ cpuMsPerPage: number, pagesPerSecond: number, failed: number }}
 */
export function summarizePage(page) {
  const sum = (/** @type {(r: Round) => number} */ pick) => page.rounds.reduce((n, r) => n + pick(r), 0);
  const pages = sum((r) => r.pages);
  return {
    cpuMsPerPage: pages > 0 ? sum((r) => r.cpuMs) / pages : NaN,
    pagesPerSecond: pages / sum((r) => r.seconds),
    failed: sum((r) => r.failed),
  };
}

/**
 * µs of CPU per card: the difference of two pages' CPU per page over the difference of their cards.
 * @param {Started} many @param {Started} few
 */
export function costPerCardUs(many, few) {
  return ((summarizePage(many).cpuMsPerPage - summarizePage(few).cpuMsPerPage) * 1000) / (many.cards - few.cards);
}

/**
 * The run's table and its ratios.
 * @param {Started[]} started in PER_CARD_PAGES's order
 * @returns {{
 *   perCard: { marqueeUs: number, plainUs: number, ratio: number, plainMarkupUs: number, markupRatio: number },
 *   defaultVsPlain: { pagesPerSecond: number, cpuPerPage: number },
 * }} ratio: Marquee's cost per card over the plain card's; markupRatio: over the plain page's with Marquee's markup
 */
export function reportPerCard(started) {
  const [marquee, marqueeAll, plain, plainFew, plainMarkup, plainMarkupFew] = started;
  console.log('\n page                       cards  CPU ms/page  pages/s  failed');
  for (const page of started) {
    const s = summarizePage(page);
    console.log(
      ` ${page.name.padEnd(25)} ${String(page.cards).padStart(6)} ${s.cpuMsPerPage.toFixed(2).padStart(12)} ${s.pagesPerSecond.toFixed(1).padStart(8)} ${String(s.failed).padStart(7)}`,
    );
  }
  const marqueeUs = costPerCardUs(marqueeAll, marquee);
  const plainUs = costPerCardUs(plain, plainFew);
  const plainMarkupUs = costPerCardUs(plainMarkup, plainMarkupFew);
  const m = summarizePage(marquee);
  const p = summarizePage(plain);
  const result = {
    perCard: {
      marqueeUs,
      plainUs,
      ratio: marqueeUs / plainUs,
      plainMarkupUs,
      markupRatio: marqueeUs / plainMarkupUs,
    },
    defaultVsPlain: {
      pagesPerSecond: m.pagesPerSecond / p.pagesPerSecond,
      cpuPerPage: m.cpuMsPerPage / p.cpuMsPerPage,
    },
  };
  console.log(
    `\ncost per card: Marquee ${marqueeUs.toFixed(1)} µs ((270 − 30) / 240), plain ${plainUs.toFixed(1)} µs ((200 − 30) / 170): ${result.perCard.ratio.toFixed(2)}x`,
  );
  // The gap split in two: React rendering Marquee's markup, and what Marquee does beyond it.
  console.log(
    `  against the plain page with Marquee's card markup, ${plainMarkupUs.toFixed(1)} µs: ${result.perCard.markupRatio.toFixed(2)}x` +
      ` (the markup alone: ${(plainMarkupUs / plainUs).toFixed(2)}x the plain card)`,
  );
  console.log(
    `default page / plain 200-card page: pages/s ${result.defaultVsPlain.pagesPerSecond.toFixed(2)}x, CPU per page ${result.defaultVsPlain.cpuPerPage.toFixed(2)}x`,
  );
  return result;
}
