// @ts-check
// Reads a V8 .cpuprofile (what `node --cpu-prof` writes): keeps the samples
// taken while the load ran, ranks frames by self time, and builds the call
// tree a flame graph draws. Sample times share the machine's monotonic clock
// with process.hrtime in the runner, so the load window can be cut exactly.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number, columnNumber: number }, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], startTime: number, endTime: number, samples: number[], timeDeltas: number[] }} Profile
 * @typedef {{ name: string, file: string, kind: string, self: number, total: number, children: Frame[] }} Frame
 */

/** @param {string} file @returns {Profile} */
export function readProfile(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Microseconds of CPU sampled in each node, counting only samples between
 * `fromUs` and `toUs` (monotonic clock, µs).
 * @param {Profile} profile
 * @param {number} [fromUs]
 * @param {number} [toUs]
 */
export function selfMicros(profile, fromUs = -Infinity, toUs = Infinity) {
  /** @type {Map<number, number>} */
  const self = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    // Each sample stands for the interval up to the next one.
    const weight = profile.timeDeltas[i + 1] ?? delta;
    if (at < fromUs || at > toUs) continue;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + weight);
  }
  return self;
}

/**
 * The call tree with self and total milliseconds per frame.
 * @param {Profile} profile
 * @param {Map<number, number>} self from selfMicros
 * @param {import('./source-map.js').MapSource} [mapSource] a bundle's frames at their source's place
 * @returns {Frame}
 */
export function callTree(profile, self, mapSource) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const root = profile.nodes[0];
  /** @param {ProfileNode} node @returns {Frame} */
  const build = (node) => {
    const children = (node.children ?? [])
      .map((id) => build(/** @type {ProfileNode} */ (byId.get(id))))
      .filter((f) => f.total > 0);
    const selfMs = (self.get(node.id) ?? 0) / 1000;
    const { name, file, kind } = describe(node.callFrame, mapSource);
    return { name, file, kind, self: selfMs, total: selfMs + children.reduce((sum, c) => sum + c.total, 0), children };
  };
  return build(root);
}

/**
 * Frames ranked by self time, the same function at the same place merged.
 * `(idle)` is left out: it is the event loop waiting, not CPU spent.
 * @param {Frame} tree
 * @param {number} [limit]
 */
export function topSelf(tree, limit = 15) {
  /** @type {Map<string, { name: string, file: string, kind: string, self: number }>} */
  const frames = new Map();
  /** @param {Frame} frame */
  const visit = (frame) => {
    const key = `${frame.name} ${frame.file}`;
    const entry = frames.get(key) ?? { name: frame.name, file: frame.file, kind: frame.kind, self: 0 };
    entry.self += frame.self;
    frames.set(key, entry);
    frame.children.forEach(visit);
  };
  visit(tree);
  const busy = [...frames.values()].filter((f) => f.name !== '(idle)' && f.name !== '(root)');
  const cpuMs = busy.reduce((sum, f) => sum + f.self, 0);
  return {
    cpuMs,
    frames: busy
      .sort((a, b) => b.self - a.self)
      .slice(0, limit)
      .map((f) => ({ ...f, self: Math.round(f.self * 10) / 10, share: cpuMs > 0 ? f.self / cpuMs : 0 })),
  };
}

/**
 * Stretches of back-to-back busy samples: each is time the event loop could
 * not answer anything else (what nodejs_eventloop_lag_* measures from the
 * inside), with what ran at the bottom of the stack during the long ones
 * (microtasks, immediates, timers, the HTTP parser, GC).
 * @param {Profile} profile
 * @param {number} fromUs
 * @param {number} toUs
 * @param {number} [longMs]
 */
export function busyStretches(profile, fromUs, toUs, longMs = 50) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  /** The frame just above the root: what the event loop was running. */
  const entry = (/** @type {number} */ id) => {
    let at = id;
    while (parent.has(at) && parent.get(at) !== profile.nodes[0].id) at = /** @type {number} */ (parent.get(at));
    return byId.get(at)?.callFrame.functionName || '(anonymous)';
  };
  /** @type {{ ms: number, samples: number[] }[]} */
  const stretches = [];
  let current = null;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < fromUs || at > toUs) continue;
    const idle = byId.get(profile.samples[i])?.callFrame.functionName === '(idle)';
    if (idle) current = null;
    else if (current) ((current.ms += (profile.timeDeltas[i] ?? 0) / 1000), current.samples.push(profile.samples[i]));
    else stretches.push((current = { ms: 0, samples: [profile.samples[i]] }));
  }
  const long = stretches.filter((s) => s.ms >= longMs);
  /** @type {Map<string, number>} */
  const entries = new Map();
  for (const id of long.flatMap((s) => s.samples)) entries.set(entry(id), (entries.get(entry(id)) ?? 0) + 1);
  const inLong = long.reduce((sum, s) => sum + s.samples.length, 0);
  return {
    longest: stretches
      .map((s) => Math.round(s.ms))
      .sort((a, b) => b - a)
      .slice(0, 5),
    longCount: long.length,
    entries: [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, n]) => ({ name, share: n / (inLong || 1) })),
  };
}

/**
 * Self time per kind of code (app, each dependency, node, v8, gc), so that
 * "whose code is it" is answered before "which function".
 * @param {Frame} tree
 */
export function selfByKind(tree) {
  /** @type {Map<string, number>} */
  const kinds = new Map();
  /** @param {Frame} frame */
  const visit = (frame) => {
    if (frame.name !== '(idle)' && frame.name !== '(root)')
      kinds.set(frame.kind, (kinds.get(frame.kind) ?? 0) + frame.self);
    frame.children.forEach(visit);
  };
  visit(tree);
  const cpuMs = [...kinds.values()].reduce((sum, ms) => sum + ms, 0);
  return [...kinds]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => ({ kind, ms: Math.round(ms), share: cpuMs > 0 ? ms / cpuMs : 0 }));
}

/**
 * A readable name, place and kind (app, dependency, node, v8) of a frame; a bundle's frame at the source
 * file and line it was built from, where its source map says.
 * @param {ProfileNode['callFrame']} frame
 * @param {import('./source-map.js').MapSource} [mapSource]
 */
export function describe({ functionName, url, lineNumber, columnNumber }, mapSource) {
  const name = functionName || (url ? '(anonymous)' : '(program)');
  if (!url) return { name, file: '', kind: name === '(garbage collector)' ? 'gc' : 'v8' };
  let path = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (path.startsWith('node:'))
    return { name, file: `${path}${lineNumber >= 0 ? `:${lineNumber + 1}` : ''}`, kind: 'node' };
  const mapped = lineNumber >= 0 ? mapSource?.(path, lineNumber, columnNumber) : null;
  if (mapped) [path, lineNumber] = [mapped.file, mapped.line];
  const line = lineNumber >= 0 ? `:${lineNumber + 1}` : '';
  const local = path.startsWith(ROOT) ? path.slice(ROOT.length) : path;
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(local)?.[1];
  return { name, file: `${local}${line}`, kind: dependency ? `dep:${dependency}` : 'app' };
}
