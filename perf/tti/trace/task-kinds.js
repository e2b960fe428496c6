// @ts-check
// What each main-thread task of 30 ms or more between the navigation and TTI
// was, in React's terms: the module evaluation (React DOM's, the app's entry),
// hydration's render slices, each commit, the passive effects, the layout and
// paint after them. The JS sampler's frames are mapped through the bundle's
// source map to the original function (React's own names, unminified), so the
// answer is read from the trace, not guessed from sizes (issue 46's task table).
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { profileSamples } from './samples.js';

export const TASK_MS = 30;

/** @typedef {import('./window.js').TraceEvent} TraceEvent */
/**
 * @typedef {{ startMs: number, durationMs: number, kind: string, parts: Record<string, number> }} KindTask
 *   parts: ms of the task's samples (or traced events) in each kind; kind: the largest
 */

// React DOM's functions that say which phase a sample is in, innermost first wins.
const REACT_PHASES = /** @type {const} */ ([
  ['passive effects', /^(flushPassiveEffects|flushPassiveEffectsImpl|commitPassive\w*|recursivelyTraversePassive\w*)$/],
  [
    'commit',
    /^(commitRoot|commitRootImpl|flushMutationEffects|flushLayoutEffects|commit\w*Effects\w*|recursivelyTraverse\w*Effects)$/,
  ],
  [
    'hydration render',
    /^(performUnitOfWork|workLoopConcurrent\w*|workLoopSync|beginWork|completeWork|renderRootConcurrent|renderRootSync|tryToClaimNextHydratableInstance|hydrateInstance)$/,
  ],
]);
// Traced events that are work of their own, outside script.
const RENDERING = new Map([
  ['Layout', 'layout'],
  ['UpdateLayoutTree', 'style'],
  ['Paint', 'paint'],
  ['PrePaint', 'paint'],
  ['ParseHTML', 'parse HTML'],
  ['MajorGC', 'GC'],
  ['MinorGC', 'GC'],
  ['V8.GC_SCAVENGER', 'GC'],
  ['V8.GC_MARK_COMPACTOR', 'GC'],
  ['Decode Image', 'image decode'],
  ['ImageDecodeTask', 'image decode'],
]);
const EVALUATION = new Set(['EvaluateScript', 'v8.evaluateModule']);
const COMPILE = new Set(['v8.compileModule', 'v8.compile', 'V8.CompileCode', 'v8.parseOnBackground']);

/**
 * @param {string} url a script's URL in the trace
 * @param {Record<string, string>} bundles URL path prefix → the folder its files (and their .map) are in
 * @returns {{ map: SourceMap, dir: string } | null}
 */
function mapFor(url, bundles) {
  let pathname;
  try {
    ({ pathname } = new URL(url));
  } catch {
    return null;
  }
  const prefix = Object.keys(bundles).find((p) => pathname.startsWith(p));
  if (!prefix) return null;
  const mapFile = `${path.join(bundles[prefix], pathname.slice(prefix.length))}.map`;
  if (!existsSync(mapFile)) return null;
  return { map: new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))), dir: path.dirname(mapFile) };
}

/** Enclosing top-level function names of a source file, by line (React's CJS builds declare them at column 0). */
const functionLines = new Map();
/** @param {string} file @param {number} line 0-based */
function enclosingFunction(file, line) {
  if (!functionLines.has(file)) {
    const names = [];
    if (existsSync(file))
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          const m = /^(?:export )?(?:async )?function\*? ?([\w$]+)/.exec(text);
          if (m) names.push([i, m[1]]);
        });
    functionLines.set(file, names);
  }
  let found = null;
  for (const [at, name] of functionLines.get(file)) {
    if (at > line) break;
    found = name;
  }
  return found;
}

/**
 * @param {TraceEvent[]} events
 * @param {{ pid: number, tid: number, ts: number }} navigation the page's main thread and its start
 * @param {{ untilMs: number, bundles: Record<string, string> }} options bundles: URL path prefix → its files' folder
 * @returns {KindTask[]}
 */
export function tasksByKind(events, navigation, { untilMs, bundles }) {
  const msOf = (/** @type {number} */ ts) => (ts - navigation.ts) / 1000;
  const onMain = events
    .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts);
  const samples = sampledFunctions(events, navigation, bundles);
  /** @type {KindTask[]} */
  const tasks = [];
  let taskEnd = -Infinity;
  for (const task of onMain) {
    if (task.name !== 'RunTask' || task.ts < taskEnd) continue;
    taskEnd = task.ts + /** @type {number} */ (task.dur);
    if (task.ts < navigation.ts || msOf(task.ts) > untilMs) continue;
    if (/** @type {number} */ (task.dur) / 1000 < TASK_MS) continue;
    /** @type {Record<string, number>} */
    const parts = {};
    const add = (/** @type {string} */ kind, /** @type {number} */ ms) => (parts[kind] = (parts[kind] ?? 0) + ms);
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts + /** @type {number} */ (e.dur) <= taskEnd);
    for (const e of inside) {
      const kind = RENDERING.get(e.name) ?? (COMPILE.has(e.name) ? 'compile' : null);
      if (kind) add(kind, /** @type {number} */ (e.dur) / 1000);
    }
    const evaluation = inside.find((e) => EVALUATION.has(e.name));
    // Script time from the sampler, by React phase, else by the original file it runs in.
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > taskEnd) continue;
      const kind = sample.kind(evaluation !== undefined);
      if (kind) add(kind, sample.ms);
    }
    // What neither the traced events nor the script samples account for: the browser's own work.
    const known = Object.values(parts).reduce((a, b) => a + b, 0);
    const rest = /** @type {number} */ (task.dur) / 1000 - known;
    if (rest >= 1) add('browser (untraced)', rest);
    const [kind] = Object.entries(parts).sort((a, b) => b[1] - a[1])[0] ?? ['(untraced)'];
    const rounded = Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, Math.round(v)]));
    tasks.push({
      startMs: Math.round(msOf(task.ts)),
      durationMs: Math.round(/** @type {number} */ (task.dur) / 1000),
      kind,
      parts: rounded,
    });
  }
  return tasks;
}

/**
 * Each JS sample of the main thread: its time, the ms it stands for, and its kind.
 * @param {TraceEvent[]} events
 * @param {{ pid: number, tid: number }} thread
 * @param {Record<string, string>} bundles
 * @returns {{ ts: number, ms: number, kind: (evaluating: boolean) => string | null }[]}
 */
function sampledFunctions(events, thread, bundles) {
  /** @type {Map<string, { map: SourceMap, dir: string } | null>} */
  const maps = new Map();
  const samples = profileSamples(events, thread, ({ url, lineNumber, columnNumber }) => {
    if (url && !maps.has(url)) maps.set(url, mapFor(url, bundles));
    const found = url ? maps.get(url) : null;
    if (!found || lineNumber < 0) return { name: null, file: null };
    const entry = /** @type {any} */ (found.map.findEntry(lineNumber, Math.max(columnNumber, 0)));
    if (!entry.originalSource) return { name: null, file: null };
    const file = entry.originalSource.startsWith('file://')
      ? new URL(entry.originalSource).pathname
      : path.resolve(found.dir, entry.originalSource);
    return { name: enclosingFunction(file, entry.originalLine), file };
  });
  return samples.map(({ ts, ms, stack }) => ({ ts, ms, kind: (evaluating) => sampleKind(stack, evaluating) }));
}

/**
 * @param {{ name: string | null, file: string | null }[]} stack innermost first
 * @param {boolean} evaluating the task evaluates a module
 * @returns {string | null} null: not script
 */
function sampleKind(stack, evaluating) {
  for (const frame of stack) {
    for (const [kind, names] of REACT_PHASES) if (frame.name && names.test(frame.name)) return kind;
  }
  const outer = stack.find((f) => f.file);
  if (!outer) return null; // (program), (idle), GC: the traced events and the remainder say what
  const where = /node_modules\/(react-dom|react|scheduler|falcor[\w-]*|web-vitals)\//.exec(outer.file)?.[1];
  if (evaluating) return where ? `evaluation: ${where}` : `evaluation: app code`;
  return where ? `script: ${where}` : `script: ${path.basename(outer.file)}`;
}
