// @ts-check
// The browser's Falcor model, one per page lifetime, loaded with import()
// only after hydration: the page hydrates from the serialized cache alone, so
// Falcor stays out of the JavaScript the browser must run before the page is
// interactive. Seeded with that cache, it never asks again for what the
// server sent, nor for what an earlier page of this visit already fetched.
import falcor from 'falcor';
import { FetchDataSource } from './fetch-data-source.js';

/** @typedef {import('../shared/graph/types.js').Row} Row */
/**
 * The cache's bound, in falcor's size units, by the page in view, and the
 * share kept when it is exceeded (least recently used paths go first). A
 * unit is not a byte of heap: falcor counts 50 per value plus its length,
 * while each value costs the heap a node, its path and its keys, several
 * times that (docs/client-cache.md has the measurements).
 * homeMaxSize: while home is shown. What a collection keeps (142,500) holds
 * all of home scrolled to its last row (109,777 units) 1.3 times: a bound
 * under the page in view drops titles it still shows, and a lower row that
 * shows one again asks for it again.
 * pageMaxSize: any other page, a title's or a genre's, and the last few
 * before it (about 60 title pages).
 * Pitfall: a client cache bounded too high for a visit to reach keeps
 * growing with every title a long visit opens (unbounded per-navigation growth).
 */
export const CLIENT_CACHE = Object.freeze({ homeMaxSize: 150_000, pageMaxSize: 90_000, collectRatio: 0.95 });

/**
 * Rows timed per page lifetime (`marquee:loadRow`, read by perf:tti on a
 * first load): as many as one home page can have (shared/graph/limits.js's
 * MAX_ROWS, written again so that the model chunk imports nothing more).
 * Pitfall: a User Timing entry per row loaded, never cleared, grows the
 * performance timeline with every visit home (unbounded per-navigation growth).
 */
export const TIMED_ROWS = 100;

/**
 * @typedef {{
 *   model: any,
 *   strict: any,
 *   loadRow: (paths: import('../shared/graph/types.js').PathSet[], toRow: (cache: unknown) => Row | null) => Promise<Row | null>,
 *   changeMyList: (id: string, on: boolean) => Promise<unknown>,
 *   rate: (id: string, rating: number | null) => Promise<unknown>,
 *   pageShown: (home: boolean) => void,
 *   merge: (envelope: { jsonGraph: object, paths: unknown[] }) => Promise<unknown>,
 * }} AppModel strict: the model whose get rejects with the paths that failed;
 *   pageShown: the cache's bound follows the page in view (home's, or any other's);
 *   merge: a JSON Graph fetched before the model was built, into its cache (asks the server nothing)
 */

/**
 * @param {object} cache the JSON Graph the server rendered from
 * @param {{ url?: string, source?: object }} [options]
 * @returns {AppModel}
 */
export function createAppModel(cache, { url = '/model.json', source = new FetchDataSource(url) } = {}) {
  // batch(): rows nearing the viewport in the same frame share one request
  // (one HTTP round trip per row is the N+1 pitfall).
  // Home's bound from the start: the page in view may be home, and nothing it shows may go.
  const writes = new falcor.Model({
    cache,
    source: /** @type {any} */ (source),
    maxSize: CLIENT_CACHE.homeMaxSize,
    collectRatio: CLIENT_CACHE.collectRatio,
  }).batch();
  // Reads: one failed title leaves a gap in its row instead of failing the
  // row. Writes keep errors as errors, so a refused call or set rejects and
  // the UI rolls back. Both share one cache.
  const model = writes.treatErrorsAsValues();
  let timedRows = 0;

  return {
    model,
    // The same cache, errors as errors: for a read that must know what failed.
    strict: writes,
    async loadRow(paths, toRow) {
      const start = performance.now();
      await model.get(...paths);
      // Only these paths' part of the cache: copying all of it per row would
      // grow with every row loaded.
      const row = toRow(model.getCache(...paths));
      // What a row below the fold costs, from asking to its props (perf:tti reads it).
      if (timedRows < TIMED_ROWS) {
        timedRows += 1;
        performance.measure('marquee:loadRow', { start });
      }
      return row;
    },
    changeMyList(id, on) {
      return writes.call(['myList', on ? 'add' : 'remove'], [id]);
    },
    rate(id, rating) {
      return writes.set({ path: ['titlesById', id, 'userRating'], value: rating });
    },
    merge(envelope) {
      return Promise.resolve(model.withoutDataSource().set(envelope));
    },
    pageShown(home) {
      const maxSize = home ? CLIENT_CACHE.homeMaxSize : CLIENT_CACHE.pageMaxSize;
      // Each model reads its own bound when an answer lands; a lower one collects at once, so
      // a page answered from the cache alone leaves home's rows behind too.
      for (const each of [writes, model]) each._setMaxSize(maxSize);
    },
  };
}
