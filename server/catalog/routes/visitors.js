// @ts-check
// Per-visitor data: my list and ratings, kept by the visitor store
// (visitor-store/). Writes check that the title exists, so a visitor's data
// is bounded by the catalog, not by the caller. GET /_stats reports the store.
// Every store call is awaited: PostgreSQL's answer comes later (index.js).
import { idsQuery, titleIdParam, visitorIdParam } from '../params.js';
import { readJsonBody } from '../read-body.js';
import { HttpError } from '../respond.js';

/**
 * @param {ReturnType<typeof import('../router.js').createRouter>} router
 * @param {import('../load-data.js').Catalog} catalog
 * @param {import('../visitor-store/index.js').VisitorStore} visitors
 */
export function addVisitorRoutes(router, catalog, visitors) {
  /** @param {string} raw */
  const knownTitle = (raw) => {
    const id = titleIdParam(raw);
    if (!catalog.titles.has(id)) throw new HttpError(404, `no title ${id}`);
    return id;
  };

  // {"ids": ["newest-added-2004", ...]}
  router.add('GET', '/visitors/:vid/my-list', async ({ params }) => ({
    ids: await visitors.myList(visitorIdParam(params.vid)),
  }));

  // A full list answers 409 (ListFullError): the add is refused, nothing is dropped.
  router.add('PUT', '/visitors/:vid/my-list/:titleId', async ({ params }) => {
    const vid = visitorIdParam(params.vid);
    return { ids: await visitors.add(vid, knownTitle(params.titleId)) };
  });

  // Removing what is not there is not an error: DELETE is idempotent.
  router.add('DELETE', '/visitors/:vid/my-list/:titleId', async ({ params }) => {
    const vid = visitorIdParam(params.vid);
    return { ids: await visitors.remove(vid, titleIdParam(params.titleId)) };
  });

  // ?ids=a,b → {"ratings": {"a": 4, "b": null}}
  router.add('GET', '/visitors/:vid/ratings', async ({ params, query }) => {
    const vid = visitorIdParam(params.vid);
    return { ratings: Object.fromEntries(await visitors.ratings(vid, idsQuery(query))) };
  });

  // body {"rating": 1..5} or {"rating": null} → {"id", "rating"}
  router.add('PUT', '/visitors/:vid/ratings/:titleId', async ({ params, req }) => {
    const vid = visitorIdParam(params.vid);
    const id = knownTitle(params.titleId);
    const rating = ratingFromBody(await readJsonBody(req));
    await visitors.rate(vid, id, rating);
    return { id, rating };
  });

  // {"visitorStore": {"kind", "visitors", "myListRows", "ratingRows", "writes", "writeP99Ms", ...}}
  router.add('GET', '/_stats', async () => ({ visitorStore: await visitors.stats() }));
}

/**
 * @param {unknown} body
 * @returns {number | null}
 */
function ratingFromBody(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('rating' in body)) {
    throw new HttpError(400, 'expected a body {"rating": 1..5} or {"rating": null}');
  }
  const { rating } = /** @type {{ rating: unknown }} */ (body);
  if (rating === null) return null;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    throw new HttpError(400, 'rating must be an integer from 1 to 5, or null to clear it');
  }
  return rating;
}
