// @ts-check
// The floor's parts, read from perf:tti's traces (issue 46): every main-thread
// task of 30 ms or more from the navigation to the end of the last task of 50 ms
// or more before the first 5 s without one (where lab TTI's quiet window
// starts), before any input, each named in React's terms
// by ./task-kinds.js: React DOM's evaluation, the app's entry, hydration's
// render, each commit, the passive effects, the layout and paint after them.
//
//   npm run perf:tti -- --react-floor --runs 7 --profile mobile --trace-dir DIR
//   node perf/tti/trace/tasks.js DIR
//
// The page's scripts are mapped through dist/client's source maps (so build
// before, as perf:tti does with the same build); the React-only floor's through
// a fresh build of it, which names its files by the same hashes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tasksByKind, TASK_MS } from './task-kinds.js';
import { findNavigation } from './window.js';
import { buildReactFloor } from '../lighthouse/react-floor/build.js';
import { REACT_FLOOR_PREFIX } from '../lighthouse/react-floor/proxy.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const LONG_MS = 50;
const HORIZON_MS = 15_000;
const QUIET_MS = 5_000;

/**
 * @param {string} file a trace perf:tti wrote
 * @param {Record<string, string>} bundles URL path prefix → the folder its files and maps are in
 */
export function tasksOfTrace(file, bundles) {
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
  const navigation = findNavigation(events, '');
  if (!navigation) throw new Error(`${file}: no main-frame navigation in the trace`);
  // Until the harness's first key press or pointer (perf:tti presses keys once the page is measured).
  const input = events
    .filter(
      (e) => e.name === 'EventDispatch' && /^(keydown|pointerdown|mousedown|touchstart)$/.test(e.args?.data?.type),
    )
    .map((e) => (e.ts - navigation.ts) / 1000)
    .filter((ms) => ms > 0);
  // And until measurement was asked for (client/lab-run.js's mark): what follows is the harness's.
  const asked = events
    .filter((e) => e.name === 'marquee:measurement-asked' && e.pid === navigation.pid)
    .map((e) => (e.ts - navigation.ts) / 1000)
    .filter((ms) => ms > 0);
  const horizon = Math.min(HORIZON_MS, ...input, ...asked);
  const all = tasksByKind(events, navigation, { untilMs: horizon, bundles }).filter(
    (t) => t.startMs + t.durationMs <= horizon,
  );
  // The first 5 s without a long task, as lab TTI's CPU window: what follows is not the load's.
  let untilMs = 0;
  for (const t of all.filter((task) => task.durationMs >= LONG_MS)) {
    if (untilMs > 0 && t.startMs - untilMs >= QUIET_MS) break;
    untilMs = Math.max(untilMs, t.startMs + t.durationMs);
  }
  return { untilMs, tasks: all.filter((t) => t.startMs <= untilMs) };
}

/** @param {string[]} argv */
async function main(argv) {
  const [dir] = argv;
  if (!dir || dir.startsWith('-')) {
    console.error('usage: node perf/tti/trace/tasks.js <the --trace-dir of a perf:tti --react-floor run>');
    process.exit(2);
  }
  const floor = await buildReactFloor();
  try {
    const bundles = { '/assets/': path.join(ROOT, 'dist/client'), [REACT_FLOOR_PREFIX]: floor.dir };
    const files = readdirSync(dir).filter((f) => /^run-\d+(A|-reactFloor)?\.json$/.test(f));
    if (files.length === 0) throw new Error(`${dir}: no run-N.json traces (perf:tti --trace-dir)`);
    for (const [label, pattern] of /** @type {const} */ ([
      ['the page', /^run-\d+A?\.json$/],
      ['the React-only floor', /^run-\d+-reactFloor\.json$/],
    ])) {
      const runs = files
        .filter((f) => pattern.test(f))
        .map((f) => ({ file: f, ...tasksOfTrace(path.join(dir, f), bundles) }))
        .sort((a, b) => a.untilMs - b.untilMs);
      if (runs.length === 0) continue;
      console.log(`\n${label}: ${runs.length} traces; the last task of ${LONG_MS} ms or more ends at`);
      console.log(`  ${runs.map((r) => `${r.untilMs} (${r.file})`).join(', ')}`);
      const median = runs[Math.floor((runs.length - 1) / 2)];
      console.log(`${label}, ${median.file} (the median), every task of ${TASK_MS} ms or more until then:`);
      console.log('  | starts (ms) | lasts (ms) | what it is | its parts (ms) |');
      console.log('  | ---: | ---: | --- | --- |');
      for (const t of median.tasks)
        console.log(
          `  | ${t.startMs} | ${t.durationMs} | ${t.kind} | ${Object.entries(t.parts)
            .sort((a, b) => b[1] - a[1])
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')} |`,
        );
    }
  } finally {
    floor.remove();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main(process.argv.slice(2)).catch((error) => {
    console.error(`perf/tti/trace/tasks.js: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
