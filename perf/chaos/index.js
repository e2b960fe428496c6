// @ts-check
// perf:chaos: the app on a bad day. Each scenario (perf/chaos/scenarios.js)
// starts a fresh catalog and app as perf:load does (production bundle,
// WORKERS=1, pinned), breaks something under load for a bounded time, and
// reads every answer as a visitor would: whole, cut, blank or refused.
//   npm run perf:chaos -- [--scenario NAME] [--duration 10] [--json FILE] [--app-dir DIR]
//                          [--connections N] [--fleet N]
// --app-dir runs another checkout's app (e.g. `git worktree add /tmp/before HEAD`
// with node_modules linked), so the same tool measures before and after a change.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readChaosOptions } from './options.js';
import { SCENARIOS } from './scenarios.js';
import { runScenario, stopAll } from './run.js';
import { formatChaosTable, formatChaosRow } from './table.js';
import { planCpus } from '../lib/cpus.js';
import { ensureClientBuild } from '../../deploy/lib/processes.js';
import { runTool } from '../lib/run-tool.js';

const options = readChaosOptions(
  process.argv.slice(2),
  SCENARIOS.map((s) => s.name),
);

const cpus = planCpus({ pin: options.pin });
const log = (/** @type {string} */ line) => console.error(`  ${line}`);
console.log(
  `perf:chaos ${options.scenarios.join(', ')}  ${options.durationS} s each  app ${options.appDir}` +
    `${Object.entries(options.env)
      .map(([k, v]) => ` ${k}=${v}`)
      .join('')}\n  ${cpus.note}; node ${process.version}`,
);
await runTool('perf:chaos', async (onStop) => {
  // What the running scenario started, stopped on Ctrl-C too (its app runs in its own process group).
  onStop(stopAll);
  await ensureClientBuild();

  const results = [];
  for (const name of options.scenarios) {
    const scenario = /** @type {import('./run.js').Scenario} */ (SCENARIOS.find((s) => s.name === name));
    try {
      const result = await runScenario(scenario, {
        appDir: options.appDir,
        env: options.env,
        durationS: options.durationS,
        connections: options.connections,
        fleet: options.fleet,
        instanceConns: options.instanceConns,
        cpus,
        log,
      });
      results.push(result);
      // Each row as soon as it is known: a long run interrupted keeps what it measured.
      log(formatChaosRow(result));
    } catch (error) {
      console.error(`perf:chaos: ${name} could not run: ${error.message}`);
      process.exitCode = 1;
    }
  }

  console.log(`\n${formatChaosTable(results)}`);
  const report = {
    meta: {
      appDir: options.appDir,
      env: options.env,
      durationS: options.durationS,
      pinning: cpus.note,
      node: process.version,
      at: new Date().toISOString(),
    },
    scenarios: results,
  };
  if (options.json) {
    mkdirSync(path.dirname(path.resolve(options.json)), { recursive: true });
    writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwrote ${options.json}`);
  }
});
