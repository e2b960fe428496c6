// @ts-check
// The browser's Falcor model, one per page lifetime, loaded with import()
// only after hydration: the page hydrates from the serialized cache alone, so
// Falcor stays out of the JavaScript the browser must run before the page is
// interactive. Seeded with that cache, it never asks again for what the
// server sent, nor for what an earlier page of this visit already fetched.
import falcor from 'falcor';
import { FetchDataSource } from './fetch-data-source.js';
import { MAX_ROWS, rowQuery, rowProps } from '../shared/pages/home.js';

/** @typedef {import('../shared/pages/home.js').Row} Row */
/** @typedef {import('../shared/routes.js').PageModule} PageModule */
/**
 * @typedef {{
 *   model: any,
 *   loadRow: (index: number) => Promise<Row | null>,
 *   pageProps: (page: PageModule, params: Record<string, string>, rows: number) => Promise<object>,
 *   changeMyList: (id: string, on: boolean) => Promise<unknown>,
 *   rate: (id: string, rating: number | null) => Promise<unknown>,
 * }} AppModel
 */

/**
 * @param {object} cache the JSON Graph the server rendered from
 * @param {{ url?: string, source?: object }} [options]
 * @returns {AppModel}
 */
export function createAppModel(cache, { url = '/model.json', source = new FetchDataSource(url) } = {}) {
  // batch(): rows nearing the viewport in the same frame share one request
  // (one HTTP round trip per row is the N+1 pitfall).
  const writes = new falcor.Model({ cache, source: /** @type {any} */ (source) }).batch();
  // Reads: one failed title leaves a gap in its row instead of failing the
  // row. Writes keep errors as errors, so a refused call or set rejects and
  // the UI rolls back. Both share one cache.
  const model = writes.treatErrorsAsValues();

  return {
    model,
    async loadRow(index) {
      const paths = rowQuery(index);
      await model.get(...paths);
      // Only this row's part of the cache: copying all of it per row would
      // grow with every row loaded.
      return rowProps(model.getCache(...paths), index);
    },
    async pageProps(page, params, rows) {
      await model.get(...page.query(params, { rows }));
      // Read every row this visit has loaded, not only the server's first
      // ones: going back home shows them at once, at the same height.
      const readRows = Math.max(rows, MAX_ROWS);
      return page.props(model.getCache(...page.query(params, { rows: readRows })), params, { rows: readRows });
    },
    changeMyList(id, on) {
      return writes.call(['myList', on ? 'add' : 'remove'], [id]);
    },
    rate(id, rating) {
      return writes.set({ path: ['titlesById', id, 'userRating'], value: rating });
    },
  };
}
