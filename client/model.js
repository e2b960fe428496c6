// @ts-check
// The browser's Falcor model, loaded with import() only after hydration: the
// page hydrates from the serialized cache alone, so Falcor stays out of the
// JavaScript the browser must run before the page is interactive.
import falcor from 'falcor';
import { FetchDataSource } from './fetch-data-source.js';
import { rowQuery, rowProps } from '../shared/pages/home.js';

/** @typedef {import('../shared/pages/home.js').Row} Row */
/** @typedef {{ model: any, loadRow: (index: number) => Promise<Row | null> }} RowModel */

/**
 * @param {object} cache the JSON Graph the server rendered from
 * @param {{ url?: string, source?: object }} [options]
 * @returns {RowModel}
 */
export function createRowModel(cache, { url = '/model.json', source = new FetchDataSource(url) } = {}) {
  const model = new falcor.Model({ cache, source: /** @type {any} */ (source) })
    // Seeded with the server's cache: paths the page already has are never
    // asked for again. batch(): rows nearing the viewport in the same frame
    // share one request (one HTTP round trip per row is the N+1 pitfall).
    .batch()
    // One failed title leaves a gap in its row instead of failing the row.
    .treatErrorsAsValues();

  return {
    model,
    async loadRow(index) {
      const paths = rowQuery(index);
      await model.get(...paths);
      // Only this row's part of the cache: copying all of it per row would
      // grow with every row loaded.
      return rowProps(model.getCache(...paths), index);
    },
  };
}
