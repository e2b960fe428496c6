// @ts-check
/**
 * The catalog's clients, one module per upstream resource, all sharing one
 * pool. Each takes arrays of ids and answers per id (router-demo services).
 */
import { createListsClient } from './lists.js';
import { createTitlesClient } from './titles.js';
import { createVisitorsClient } from './visitors.js';

/** @typedef {ReturnType<typeof createCatalogClients>} CatalogClients */

/**
 * @param {import('./pool.js').Upstream} upstream
 */
export function createCatalogClients(upstream) {
  return Object.freeze({
    lists: createListsClient(upstream),
    titles: createTitlesClient(upstream),
    visitors: createVisitorsClient(upstream),
  });
}

export { createUpstream } from './pool.js';
export { UpstreamError } from './errors.js';
