// @ts-check
// npm run perf:posters -- [--runs 5] [--compare DIR]
// Posters a page asks for before it is idle, with no scroll and no input, in
// real headless Chromium, on a phone (412×823, DPR 2.625, mobile, touch) and
// a laptop (1280×800, DPR 1): how many it fetched, how many are in view, how
// many belong to cards far outside their row, which widths, and LCP. With
// --compare DIR (another checkout), runs alternate between the two. Every
// run checks it measured the real page (perf/posters/run.js).
import { launchBrowser } from '../lib/browser.js';
import { buildClient, startMarquee } from '../lib/marquee-server.js';
import { distribution } from '../lib/stats.js';
import { runTool } from '../lib/run-tool.js';
import { readOptions } from './options.js';
import { measurePosterRequests } from './run.js';

/** @type {import('./run.js').Device[]} */
const DEVICES = [
  { name: 'phone 412×823 @2.625x', width: 412, height: 823, dpr: 2.625, mobile: true },
  { name: 'laptop 1280×800 @1x', width: 1280, height: 800, dpr: 1, mobile: false },
];
const FIGURES = /** @type {const} */ (['requested', 'inView', 'farOutside', 'lcpMs', 'lastInViewMs']);

const options = readOptions(process.argv.slice(2));
const progress = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);

await runTool('perf:posters', async (onStop) => {
  const env = { CATALOG_LATENCY_MS: String(options.latencyMs), CATALOG_JITTER_MS: String(options.jitterMs) };
  /** @type {{ label: string, url: string }[]} */
  const targets = [];
  for (const root of [undefined, ...(options.compare ? [options.compare] : [])]) {
    progress(`perf:posters: building and starting Marquee from ${root ?? 'this checkout'} (NODE_ENV=production)…`);
    await buildClient(root).catch((error) => progress(`  ${error.message}: measuring the build it wrote anyway`));
    const server = await startMarquee({ env, root });
    onStop(server.stop);
    targets.push({ label: root ?? 'this checkout', url: `${server.url}/` });
  }
  const browser = await launchBrowser();
  onStop(() => browser.close());

  /** @type {Map<string, import('./run.js').PosterRun[]>} */
  const runs = new Map();
  const key = (/** @type {string} */ label, /** @type {string} */ device) => `${label} · ${device}`;
  // Pitfall: one warm-up load per Marquee and device: its first posters are rendered cold (ADR 013).
  for (let i = 0; i <= options.runs; i += 1)
    for (const device of DEVICES)
      for (const target of i % 2 ? targets : [...targets].reverse()) {
        const run = await measurePosterRequests(browser, { url: target.url, device });
        if (i === 0) continue;
        runs.set(key(target.label, device.name), [...(runs.get(key(target.label, device.name)) ?? []), run]);
        progress(`  ${i}/${options.runs} ${key(target.label, device.name)}: ${JSON.stringify(run)}`);
      }

  console.log(`\nposters asked for before idle, no scroll (medians of ${options.runs}; min-max)`);
  console.log(`| Marquee · device | ${FIGURES.join(' | ')} | widths | LCP is row 0's first poster |`);
  console.log(`| --- | ${FIGURES.map(() => '---:').join(' | ')} | --- | --- |`);
  for (const [label, list] of runs) {
    const cells = FIGURES.map((figure) => {
      const d = distribution(list.map((run) => run[figure]));
      return d ? `${d.median} (${d.min}-${d.max})` : '-';
    });
    const widths = [...new Set(list.flatMap((run) => run.widths))].join(', ');
    const lcpFirst = list.filter((run) => run.lcpIsFirstPoster).length;
    console.log(`| ${label} | ${cells.join(' | ')} | ${widths} | ${lcpFirst}/${list.length} |`);
  }
});
