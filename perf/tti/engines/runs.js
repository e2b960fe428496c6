// @ts-check
// perf:tti --browser a,b,c: the runs, alternated between engines within one
// run (a machine that slows down mid-run hurts every engine alike), then one
// table with a column per engine.
import { launchEngine, appliedProfile } from './engine.js';
import { summarize, FIGURES } from '../summary-table.js';
import { format } from '../../lib/format.js';

/**
 * @param {{
 *   url: string,
 *   engines: import('./engine.js').EngineName[],
 *   options: import('../options.js').TTIOptions,
 *   profile: import('../../lib/throttling.js').Profile,
 *   progress: (line: string) => void,
 *   onStop: (stop: () => Promise<unknown>) => void,
 * }} plan
 */
export async function measureEngines({ url, engines: names, options, profile, progress, onStop }) {
  /** @type {import('./engine.js').Engine[]} */
  const engines = [];
  for (const name of names) {
    const engine = await launchEngine(name);
    onStop(() => engine.close().catch(() => {}));
    engines.push(engine);
    progress(`  ${engine.name}: ${engine.version}; profile ${options.profile}: ${appliedProfile(engine, profile)}`);
  }
  /** @type {Map<string, (import('./engine.js').EngineRun & { run: number })[]>} */
  const runs = new Map(engines.map((e) => [e.name, []]));
  for (let i = 1; i <= options.runs; i += 1) {
    // Rotate which engine goes first.
    const order = engines.map((_, k) => engines[(k + i - 1) % engines.length]);
    for (const engine of order) {
      const started = Date.now();
      const result = await engine.measure({ url, profile, capMs: options.capMs });
      runs.get(engine.name)?.push({ run: i, ...result });
      const m = result.metrics;
      const show = (/** @type {number | undefined} */ v) => (v === undefined ? '—' : format(v, 'ms'));
      progress(
        `  run ${i}/${options.runs} ${engine.name}: App TTI ${show(m.appTTI)} · lab TTI ${m.labTTI === undefined ? result.labTTIStatus : show(m.labTTI)} (${result.labTTIMethod ?? 'no method'}) · ` +
          `FCP ${show(m.fcp)} · LCP ${show(m.lcp)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  for (const engine of engines) await engine.close();
  const columns = engines.map((engine) => {
    const own = runs.get(engine.name) ?? [];
    return {
      engine: engine.name,
      version: engine.version,
      profile: appliedProfile(engine, profile),
      runs: own,
      summary: summarize(/** @type {any} */ (own)),
    };
  });
  console.log(`\n${url} · profile ${options.profile} · ${options.runs} runs per engine, alternated\n`);
  console.log(engineTable(columns, options.runs));
  console.log('');
  for (const c of columns) console.log(`${c.engine}: ${c.version}; ${c.profile}; lab TTI by ${methods(c.runs)}`);
  console.log('median (runs that measured it / runs); — where the engine does not offer the figure');
  return columns;
}

/**
 * Figures down, engines across: each cell the median and how many runs had the figure.
 * @param {{ engine: string, summary: ReturnType<typeof summarize> }[]} columns
 * @param {number} runs
 */
export function engineTable(columns, runs) {
  const header = ['figure', ...columns.map((c) => c.engine)];
  const rows = FIGURES.filter(([key]) => columns.some((c) => c.summary[key])).map(([key, label, unit]) => [
    label,
    ...columns.map((c) => {
      const d = c.summary[key];
      return d ? `${format(d.median, unit)} (${d.n}/${runs})` : '—';
    }),
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (/** @type {string[]} */ row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
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
