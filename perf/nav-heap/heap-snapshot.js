// @ts-check
// What a V8 heap snapshot (the .heapsnapshot JSON DevTools saves) holds, by
// kind: the engine's compiled code (bytecode, optimized code: it grows as the
// JIT warms up and is not the app's data), the JS objects the page keeps
// (arrays, objects, strings, closures: the app's own state, its caches), and
// Blink's native objects (DOM, layout, the performance timeline). A heap that
// grows only in code is warming up, not leaking.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { heapByConstructor } from './heap-diff.js';

/**
 * @typedef {{ codeKB: number, objectsKB: number, nativeKB: number }} HeapKinds
 */

/**
 * @param {string} json a whole .heapsnapshot file
 * @returns {HeapKinds} self sizes summed per kind, in KB
 */
export function heapKinds(json) {
  const snapshot = JSON.parse(json);
  const fields = snapshot.snapshot.meta.node_fields;
  const typeNames = snapshot.snapshot.meta.node_types[0];
  const stride = fields.length;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  if (stride === 0 || typeAt < 0 || sizeAt < 0) throw new Error('not a V8 heap snapshot: no node type or size');
  let code = 0;
  let native = 0;
  let objects = 0;
  const nodes = snapshot.nodes;
  for (let i = 0; i < nodes.length; i += stride) {
    const type = typeNames[nodes[i + typeAt]];
    const size = nodes[i + sizeAt];
    if (type === 'code') code += size;
    else if (type === 'native') native += size;
    else objects += size;
  }
  const kb = (/** @type {number} */ bytes) => Math.round(bytes / 1024);
  return { codeKB: kb(code), objectsKB: kb(objects), nativeKB: kb(native) };
}

/**
 * The heap as DevTools saves it, into `dir/nav-N.heapsnapshot`, and its sizes by kind.
 * @param {import('playwright-core').CDPSession} cdp
 * @param {string} dir
 * @param {number} n
 */
export async function writeSnapshot(cdp, dir, n) {
  /** @type {string[]} */
  const chunks = [];
  const onChunk = (/** @type {{ chunk: string }} */ { chunk }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `nav-${n}.heapsnapshot`);
  const json = chunks.join('');
  writeFileSync(file, json);
  return { file, kinds: heapKinds(json), groups: heapByConstructor(json) };
}
