// @ts-check
// One process-wide JSON Graph of catalog data (lists, titles' fields), filled
// through the router and shared by every page: a page asks the catalog only
// for what no page has asked for lately. A falcor Model holds it: it batches
// and de-duplicates what concurrent pages ask for, bounds its size (maxSize,
// least recently used first) and answers from memory when it can.
// Fresh data is kept fresh by a refresh every `ttlMs` (stale-while-
// revalidate): pages never wait for it, and when the catalog fails the last
// good value stays and is counted (stale-on-error, as the Financial Times'
// front page does).
// Pitfall: a page per request walking the router for data that is the same for
// everyone: 4.3 ms of CPU and two upstream round trips per home page (issue 13;
// perf/exercises/10-data-layer).
import falcor from 'falcor';
import { performance } from 'node:perf_hooks';
import { collectPaths } from './cached-paths.js';
import { lastValue } from './merge-graph.js';
import { createCallLog } from '../upstream/trace.js';

/**
 * @typedef {import('./split-paths.js').PathSet} PathSet
 * @typedef {{ get: (paths: PathSet[]) => { subscribe: Function } }} DataSource
 * @typedef {import('../upstream/trace.js').CallSink} CallSink
 * @typedef {{ refreshed: number, refreshFailed: number, staleKept: number, sourceRequests: number }} GraphCacheStats
 */

/**
 * @param {{
 *   createSource: (sink?: CallSink) => DataSource,
 *   ttlMs: number,
 *   maxSize: number,
 *   cloneOnRead?: boolean,
 *   onStats?: (event: keyof GraphCacheStats, count: number) => void,
 * }} options createSource: the router of no visitor (catalog routes only ever answer there), telling
 *   `sink` of its upstream calls;
 *   cloneOnRead: workshop exercise 03 only, every read deep-clones the whole cache first
 */
export function createSharedGraph({ createSource, ttlMs, maxSize, cloneOnRead = false, onStats = () => {} }) {
  // The calls made to fill the cache: a page is charged with those made while it waited.
  const calls = createCallLog();
  /** @type {DataSource} */
  const source = {
    get(paths) {
      onStats('sourceRequests', 1);
      return createSource(calls).get(paths);
    },
  };
  // batch(): pages asking in the same tick share one router pass.
  const model = new falcor.Model({ source: /** @type {any} */ (source), maxSize, collectRatio: 0.75 })
    .batch()
    .treatErrorsAsValues();
  const local = model.withoutDataSource();
  let refreshing = false;

  const timer = setInterval(() => void refresh(), ttlMs);
  timer.unref();

  /**
   * Re-asks the catalog for every path the cache holds and keeps what it
   * answers; a path it fails on keeps its last good value.
   */
  async function refresh() {
    if (refreshing) return;
    refreshing = true;
    try {
      const paths = collectPaths(model.getCache());
      if (paths.length === 0) return;
      const envelope = await lastValue(createSource().get(paths));
      const { good, failed } = withoutErrors(envelope?.jsonGraph ?? {});
      if (good) await local.set({ jsonGraph: good, paths: paths });
      onStats('refreshed', 1);
      if (failed > 0) onStats('staleKept', failed);
    } catch {
      onStats('refreshFailed', 1);
    } finally {
      refreshing = false;
    }
  }

  return {
    /**
     * The catalog part of a page's graph: filled from the catalog where the
     * cache lacks it, then copied out (the shared cache is never handed out).
     * @param {PathSet[]} paths
     * @param {CallSink} [sink] told of the upstream calls made while this read waited
     * @returns {Promise<Record<string, any>>} a JSON Graph of those paths
     */
    async read(paths, sink) {
      if (paths.length === 0) return {};
      const started = performance.now();
      await model.get(...paths);
      if (sink) for (const call of calls.between(started, performance.now())) sink.add(call);
      // Pitfall: a per-request JSON.parse(JSON.stringify(data)) of all shared data, to be safe from
      // mutation, made a front page ten times slower (perf/exercises/03-deep-clone); copy only what is read.
      if (cloneOnRead) return pick(JSON.parse(JSON.stringify(model.getCache())), paths);
      return model.getCache(...paths);
    },
    refresh,
    close() {
      clearInterval(timer);
    },
  };
}

/**
 * Exercise 03's read: the paths' branches out of a clone of the whole cache,
 * refs followed, as getCache(paths) gives them.
 * @param {Record<string, any>} clone
 * @param {PathSet[]} paths
 */
function pick(clone, paths) {
  /** @type {Record<string, any>} */
  const out = {};
  /** @param {any} from @param {Record<string, any>} into @param {PathSet} path @param {number} depth */
  const copy = (from, into, path, depth) => {
    for (const key of keysOf(path[depth])) {
      const node = from?.[key];
      if (node === undefined) continue;
      const last = depth === path.length - 1;
      if (node !== null && typeof node === 'object' && !('$type' in node)) {
        if (!last) copy(node, (into[key] ??= {}), path, depth + 1);
        continue;
      }
      into[key] = node;
      // A ref in the middle of a path: the rest of the path goes on at its target.
      if (!last && node?.$type === 'ref') {
        const target = node.value.reduce((/** @type {any} */ n, /** @type {string} */ k) => n?.[k], clone);
        const targetOut = node.value.reduce((/** @type {any} */ n, /** @type {string} */ k) => (n[k] ??= {}), out);
        copy({ at: target }, { at: targetOut }, ['at', ...path.slice(depth + 1)], 0);
      }
    }
  };
  for (const path of paths) copy(clone, out, path, 0);
  return out;
}

/** @param {any} keySet @returns {(string | number)[]} */
function keysOf(keySet) {
  if (Array.isArray(keySet)) return keySet.flatMap(keysOf);
  if (keySet !== null && typeof keySet === 'object')
    return Array.from({ length: keySet.to - keySet.from + 1 }, (_, i) => keySet.from + i);
  return [keySet];
}

/**
 * A router answer without its error atoms, and how many there were: errors
 * must not replace good values in the cache.
 * @param {Record<string, any>} graph
 * @returns {{ good: Record<string, any> | null, failed: number }}
 */
function withoutErrors(graph) {
  let failed = 0;
  /** @param {any} node @returns {any} */
  const clean = (node) => {
    if (node === null || typeof node !== 'object' || '$type' in node) {
      if (node?.$type === 'error') {
        failed++;
        return undefined;
      }
      return node;
    }
    /** @type {Record<string, any>} */
    const out = {};
    let any = false;
    for (const key of Object.keys(node)) {
      const value = clean(node[key]);
      if (value !== undefined) {
        out[key] = value;
        any = true;
      }
    }
    return any ? out : undefined;
  };
  return { good: clean(graph) ?? null, failed };
}
