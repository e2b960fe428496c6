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
 *   onStats?: (event: keyof GraphCacheStats, count: number) => void,
 * }} options createSource: the router of no visitor (catalog routes only ever answer there), telling
 *   `sink` of its upstream calls
 */
export function createSharedGraph({ createSource, ttlMs, maxSize, onStats = () => {} }) {
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
      return model.getCache(...paths);
    },
    refresh,
    close() {
      clearInterval(timer);
    },
  };
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
