// @ts-check
// What perf/load/index.js reports once the levels are measured: a table per
// target, the ratio A / B with --vs or --baseline, and the JSON and SVG
// stress curve (--json, or perf/results/), to compare later runs with.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatTable, formatRatios, ratioOf } from './table.js';
import { stressCurveSvg } from './chart.js';

/**
 * Prints the tables, writes the files and prints where they are.
 * @param {{
 *   targets: import('../lib/targets.js').Target[],
 *   levels: Record<string, import('./level.js').Level[]>,
 *   options: ReturnType<typeof import('./options.js').readOptions>,
 *   cpus: ReturnType<typeof import('../lib/cpus.js').planCpus>,
 *   upstream: string,
 * }} run upstream: the catalog's latency as the header showed it
 */
export function reportLevels({ targets, levels, options, cpus, upstream }) {
  console.log('');
  for (const t of targets) {
    console.log(
      formatTable(
        levels[t.name],
        `${t.name} ${options.path} (${
          Object.entries(t.env)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ') || 'defaults'
        }${options.baseline && t.name === 'B' ? '; baseline: no data layer' : ''}):`,
      ),
    );
    const phases = levels[t.name].filter((l) => l.pageUpstreamMs !== null);
    if (phases.length > 0) {
      console.log(
        `  server phases per page, mean ms: ${phases.map((l) => `c=${l.concurrency} upstream ${l.pageUpstreamMs} render ${l.pageRenderMs} template ${l.pageTemplateMs}`).join('; ')}`,
      );
    }
    console.log('');
  }
  let ratio = null;
  if (options.vs || options.baseline) {
    ratio = { levels: levels.A.map((a, i) => ratioOf(a, levels.B[i])) };
    console.log('ratio A / B:');
    for (const r of ratio.levels) console.log(`  ${formatRatios(r)}`);
  }

  const meta = {
    path: options.path,
    duration: options.duration,
    upstream: options.url ? null : { latencyMs: options.latencyMs, jitterMs: options.jitterMs },
    pinning: cpus.note,
    visitors: options.visitors,
    allowBroken: options.allowBroken,
    node: process.version,
    at: new Date().toISOString(),
  };
  const report =
    options.vs || options.baseline
      ? {
          meta,
          a: { env: targets[0].env, catalogEnv: targets[0].catalogEnv, levels: levels.A },
          b: { env: targets[1].env, catalogEnv: targets[1].catalogEnv, levels: levels.B },
          ratio,
        }
      : { meta, env: targets[0].env, catalogEnv: targets[0].catalogEnv, levels: levels[targets[0].name] };
  const stamp = meta.at.replace(/[:.]/g, '-');
  const jsonFile = options.json ?? path.join('perf', 'results', `load-${stamp}.json`);
  mkdirSync(path.dirname(path.resolve(jsonFile)), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  const chartFile = jsonFile.replace(/\.json$/, '') + '.svg';
  const series = targets.map((t) => ({
    name: `${t.name} ${Object.entries(t.env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`.trim(),
    levels: levels[t.name],
  }));
  writeFileSync(chartFile, stressCurveSvg(series, `${options.path}: stress curve (upstream ${upstream})`));
  console.log(`\nwrote ${jsonFile} and ${chartFile}`);
}
