// @ts-check
// Where a perf:tti run's files go (beside --json, or in perf/results/); each
// room writes its own: runs/files.js, engines/files.js, heartbeat-vs/files.js.
import path from 'node:path';

/**
 * Where this run's files go, without extension: --json's FILE, else a new
 * perf/results/tti-<time> (the chart adds .svg, --trace a -traces folder).
 * @param {import('./options.js').TTIOptions} options
 */
export function resultsBase(options) {
  return options.json
    ? options.json.replace(/\.json$/i, '')
    : path.join('perf', 'results', `tti-${new Date().toISOString().replace(/[:.]/g, '-')}`);
}
