// @ts-check
// perf/tti/index.js --trace: after the table, what each run's trace says about
// its TTI window (perf/tti/trace/window.js): one line per run, and the run at
// the median TTI in full (every request before TTI, every long task).
import { readFileSync } from 'node:fs';
import { summarizeTraceWindow } from './window.js';
import { format } from '../../lib/format.js';

/** A trace that could not be read: flagged, with nothing in its window. */
const NOTHING = { ok: false, tti: null, navigationUrl: null, requests: [], longTasks: [], afterHydration: null };

/**
 * Summarizes the runs' traces, prints them and returns the summaries (for --json).
 * @param {{ url: string, runs: import('../runs/loads.js').Run[], label?: string }} side label: 'A: ' or 'B: ' with --vs
 * @returns {(import('./window.js').TraceWindow & { run: number, file: string })[]}
 */
export function printTraceWindows({ url, runs, label = '' }) {
  const windows = runs
    .filter((run) => run.traceFile)
    .map((run) => {
      const file = /** @type {string} */ (run.traceFile);
      let events;
      try {
        const trace = JSON.parse(readFileSync(file, 'utf8'));
        events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
      } catch (error) {
        const why = `unreadable trace: ${error instanceof Error ? error.message : String(error)}`;
        return { run: run.run, file, ...NOTHING, problems: [why] };
      }
      const window = summarizeTraceWindow(events, { url, appTTI: run.metrics.appTTI, labTTI: run.metrics.labTTI });
      return { run: run.run, file, ...window };
    });
  if (windows.length === 0) return windows;
  console.log(
    `\n${label}the TTI window in each run's trace (traced runs: the trace's own cost is in every figure above)`,
  );
  for (const w of windows) console.log(`  run ${w.run}: ${oneLine(w)}`);
  const median = medianRun(windows);
  if (median) {
    console.log(`\n${label}run ${median.run} (the median TTI) in full, ms from navigation start (${median.file}):`);
    for (const line of details(median)) console.log(`  ${line}`);
  }
  return windows;
}

/**
 * "TTI 1830 ms (marquee:interactive): 14 requests before it (3 Script 76.0 KB, …), 3 long tasks: …"
 * @param {import('./window.js').TraceWindow} w
 */
export function oneLine(w) {
  const flag = w.ok ? '' : `NOT THE MEASURED LOAD? ${w.problems.join('; ')}. `;
  if (!w.tti) return flag.trim();
  /** @type {Map<string, { n: number, bytes: number }>} */
  const byType = new Map();
  for (const r of w.requests) {
    const t = byType.get(r.type) ?? { n: 0, bytes: 0 };
    byType.set(r.type, { n: t.n + 1, bytes: t.bytes + (r.transferBytes ?? 0) });
  }
  const types = [...byType]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([type, t]) => `${t.n} ${type} ${format(t.bytes, 'bytes')}`)
    .join(', ');
  const top = [...w.longTasks]
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, 3)
    .map(taskText)
    .join(', ');
  const more = w.longTasks.length > 3 ? ', …' : '';
  const after = w.afterHydration;
  const longestAfter = after && [...after.longTasks].sort((a, b) => b.durationMs - a.durationMs)[0];
  return (
    `${flag}TTI ${format(w.tti.ms, 'ms')} (${w.tti.source}): ${w.requests.length} requests before it (${types}), ` +
    `${w.longTasks.length} long tasks${top ? `: ${top}${more}` : ''}` +
    (after
      ? `; then to lab TTI ${format(after.untilMs, 'ms')}: ${after.longTasks.length} long tasks` +
        (longestAfter ? `, the longest ${taskText(longestAfter)}` : '')
      : '')
  );
}

/** @param {import('./window.js').LongTask} t */
function taskText(t) {
  const script = !t.url
    ? ''
    : t.sampledShare === null
      ? ` ${shortUrl(t.url)}`
      : ` ${shortUrl(t.url)} in ${Math.round(t.sampledShare * 100)}% of samples`;
  const work = t.work ? `${format(t.workMs, 'ms')} ${t.work}` : 'nothing traced inside';
  return `${format(t.durationMs, 'ms')} (${work}${script})`;
}

/** @param {string} url */
function shortUrl(url) {
  return URL.canParse(url) ? new URL(url).pathname : url;
}

/**
 * The run whose TTI is the median (the lower middle one of an even count).
 * @template {import('./window.js').TraceWindow} W
 * @param {W[]} windows
 * @returns {W | null}
 */
export function medianRun(windows) {
  const timed = windows
    .filter((w) => w.tti)
    .sort((a, b) => /** @type {any} */ (a.tti).ms - /** @type {any} */ (b.tti).ms);
  return timed[Math.floor((timed.length - 1) / 2)] ?? null;
}

/** @param {import('./window.js').TraceWindow} w */
function details(w) {
  const show = (/** @type {number | null} */ ms) => (ms === null ? '—' : String(Math.round(ms)));
  return [
    ...(w.ok ? [] : [`flagged: ${w.problems.join('; ')}`]),
    `requests started before TTI (${w.requests.length}): start  end  transfer  type  path`,
    ...w.requests.map(
      (r) =>
        `  ${show(r.startMs).padStart(6)} ${show(r.endMs).padStart(6)} ${(r.transferBytes === null ? '—' : format(r.transferBytes, 'bytes')).padStart(9)}  ${r.type.padEnd(10)} ${r.path}${r.failed ? ' (failed)' : ''}`,
    ),
    `long tasks (> 50 ms) started before TTI (${w.longTasks.length}): start  duration  (longest work inside)`,
    ...w.longTasks.map((t) => `  ${show(t.startMs).padStart(6)} ${taskText(t)}`),
    ...(w.afterHydration
      ? [
          `long tasks (> 50 ms) after hydration, up to the in-page lab TTI at ${show(w.afterHydration.untilMs)} ms ` +
            `(${w.afterHydration.longTasks.length}): start  duration  (longest work inside)`,
          ...w.afterHydration.longTasks.map((t) => `  ${show(t.startMs).padStart(6)} ${taskText(t)}`),
        ]
      : []),
  ];
}
