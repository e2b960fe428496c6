// @ts-check
// The measured sweep of perf/load/index.js: each concurrency level against each
// target, in rounds that alternate A B A B with --vs or --baseline, so that
// drift on the machine hits both alike.
import { measureRun, summarize } from './level.js';

/**
 * @param {{
 *   targets: import('../lib/targets.js').Target[],
 *   options: ReturnType<typeof import('./options.js').readOptions>,
 *   cpus: ReturnType<typeof import('../lib/cpus.js').planCpus>,
 *   scrapeMetrics: boolean,
 *   cookies: Record<string, string[] | undefined>,
 *   expectedCards: Record<string, number>,
 * }} run scrapeMetrics: whether the apps answer /metrics
 * @returns {Promise<Record<string, import('./level.js').Level[]>>} by target name, one per level
 */
export async function measureLevels({ targets, options, cpus, scrapeMetrics, cookies, expectedCards }) {
  const rounds = options.vs || options.baseline ? options.rounds : 1;
  /** @type {Record<string, import('./level.js').Level[]>} */
  const levels = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (const concurrency of options.levels) {
    /** @type {Record<string, import('./level.js').Run[]>} */
    const runs = Object.fromEntries(targets.map((t) => [t.name, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const t of targets) {
        const duration = Math.max(1, Math.round(options.duration / rounds));
        const label = `${t.name} c=${concurrency}${rounds > 1 ? ` round ${round + 1}/${rounds}` : ''}`;
        runs[t.name].push(
          await measureRun({
            url: t.url,
            path: options.path,
            concurrency,
            duration,
            cpus: cpus.generator,
            // The baseline has no /metrics: its figures are the generator's only.
            scrapeMetrics: scrapeMetrics && !(options.baseline && t.name === 'B'),
            cookies: cookies[t.name],
            expectedCards: expectedCards[t.name],
            pid: t.pid,
            onTick: progress(label, duration),
          }),
        );
      }
    }
    for (const t of targets) {
      const level = summarize(concurrency, runs[t.name]);
      levels[t.name].push(level);
      console.error(
        `  ${t.name} c=${concurrency}: ${level.rps} req/s, p50 ${level.p50} ms, p99 ${level.p99} ms, errors ${level.errors}${level.shed ? `, shed ${level.shed}` : ''}` +
          (level.failures.length > 0 ? `\n  ✗ ${t.name} c=${concurrency} FAILED: ${level.failures.join('; ')}` : ''),
      );
    }
  }
  return levels;
}

/**
 * @param {string} label
 * @param {number} duration
 */
function progress(label, duration) {
  return (/** @type {{ second: number, requests: number }} */ tick) => {
    const line = `  ${label}: ${tick.second}/${duration} s, ${tick.requests} req/s`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line.padEnd(60)}${tick.second >= duration ? '\n' : ''}`);
    else if (tick.second === duration || tick.second % 5 === 0) process.stderr.write(`${line}\n`);
  };
}
