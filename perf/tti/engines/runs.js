// @ts-check
// perf:tti --browser a,b,c: the runs, alternated between engines within one
// run (a machine that slows down mid-run hurts every engine alike) and, with
// --vs, between the two pages within each engine, then one table with a
// column per engine and page (./table.js).
import { launchEngine, appliedProfile } from './engine.js';
import { summarize } from '../summary-table.js';
import { format } from '../../lib/format.js';
import { engineRatios, engineTable } from './table.js';

/**
 * @typedef {{ page: 'A' | 'B' | null, url: string, inject: string | null }} Side
 *   page: null without --vs; inject: the measurement for a page that lacks it (./injection.js)
 */

/**
 * @param {{
 *   sides: Side[],
 *   engines: import('./engine.js').EngineName[],
 *   acceptUntrustedCertificate: boolean,
 *   options: import('../options.js').TTIOptions,
 *   profile: import('../../lib/throttling.js').Profile,
 *   progress: (line: string) => void,
 *   onStop: (stop: () => Promise<unknown>) => void,
 * }} plan
 */
export async function measureEngines({
  sides,
  engines: names,
  acceptUntrustedCertificate,
  options,
  profile,
  progress,
  onStop,
}) {
  /** @type {import('./engine.js').Engine[]} */
  const engines = [];
  for (const name of names) {
    const engine = await launchEngine(name, { acceptUntrustedCertificate });
    onStop(() => engine.close().catch(() => {}));
    engines.push(engine);
    progress(`  ${engine.name}: ${engine.version}; profile ${options.profile}: ${appliedProfile(engine, profile)}`);
  }
  /** @type {Map<string, (import('./engine.js').EngineRun & { run: number })[]>} by engine and page */
  const runs = new Map(engines.flatMap((e) => sides.map((s) => [`${e.name}:${s.page}`, []])));
  for (let i = 1; i <= options.runs; i += 1) {
    // Rotate which engine goes first, and with --vs which page: A B, then B A.
    const order = engines.map((_, k) => engines[(k + i - 1) % engines.length]);
    const pages = i % 2 === 0 ? [...sides].reverse() : sides;
    for (const engine of order) {
      for (const side of pages) {
        const started = Date.now();
        const result = await engine.measure({ url: side.url, profile, capMs: options.capMs, inject: side.inject });
        runs.get(`${engine.name}:${side.page}`)?.push({ run: i, ...result });
        const m = result.metrics;
        const show = (/** @type {number | undefined} */ v) => (v === undefined ? '—' : format(v, 'ms'));
        progress(
          `  run ${i}/${options.runs} ${engine.name}${side.page ? ` ${side.page}` : ''}: App TTI ${show(m.appTTI)} · lab TTI ${m.labTTI === undefined ? result.labTTIStatus : show(m.labTTI)} (${result.labTTIMethod ?? 'no method'}) · ` +
            `FCP ${show(m.fcp)} · LCP ${show(m.lcp)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }
  }
  for (const engine of engines) await engine.close();
  const columns = engines.flatMap((engine) =>
    sides.map((side) => {
      const own = runs.get(`${engine.name}:${side.page}`) ?? [];
      return {
        engine: engine.name,
        page: side.page,
        url: side.url,
        injected: side.inject !== null,
        version: engine.version,
        profile: appliedProfile(engine, profile),
        runs: own,
        summary: summarize(/** @type {any} */ (own)),
      };
    }),
  );
  const alternated = `${options.runs} runs per engine${sides.length > 1 ? ' and page' : ''}, alternated`;
  if (sides.length > 1) {
    console.log('');
    for (const side of sides) console.log(`${side.page}: ${side.url}`);
    console.log(`profile ${options.profile} · ${alternated}\n`);
  } else {
    console.log(`\n${sides[0].url} · profile ${options.profile} · ${alternated}\n`);
  }
  console.log(engineTable(columns, options.runs));
  console.log('');
  for (const c of columns)
    console.log(
      `${c.engine}${c.page ? `:${c.page}` : ''}: ${c.version}; ${c.profile}; lab TTI by ${methods(c.runs)}` +
        (c.injected ? '; measurement injected (no App TTI unless the page marks marquee:interactive)' : ''),
    );
  console.log('median (runs that measured it / runs); — where the engine does not offer the figure');
  if (sides.length > 1)
    console.log("B/A: that engine's ratio of the medians; compare ratios across engines, not figures");
  return { columns, ratios: engineRatios(columns) };
}

/** @param {{ labTTIMethod?: string | null }[]} runs */
function methods(runs) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const run of runs) counts[run.labTTIMethod ?? 'none'] = (counts[run.labTTIMethod ?? 'none'] ?? 0) + 1;
  return Object.entries(counts)
    .map(([method, n]) => `${method} ${n}/${runs.length}`)
    .join(', ');
}
