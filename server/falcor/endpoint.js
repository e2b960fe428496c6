// @ts-check
/**
 * GET|POST /model.json: the Falcor endpoint, speaking what falcor's
 * HttpDataSource sends (see docs/decisions/002). Reads and checks the
 * request (request-fields.js, read-body.js, validate-request.js), runs it on a
 * router built for this request or through the graph cache (run-request.js),
 * answers JSON that no cache may keep.
 */
import { HttpError } from '../errors.js';
import { validateFalcorRequest } from './validate-request.js';
import { hasReadOnlyPath } from './set-request.js';
import { silentLog } from './route-values.js';
import { splittable } from '../graph-cache/split-paths.js';
import { bodyFields, queryFields } from './request-fields.js';
import { readThroughGraph, runOnRouter } from './run-request.js';

/** How long one page view's prefetched rows may answer its first scroll without asking again (a prefetch's usual 5 minutes). */
export const ONE_VIEW_MAX_AGE_S = 300;

export { MODEL_POST_TYPES } from './request-fields.js';

/** @typedef {import('./route-values.js').Log} Log */
/** @typedef {import('express').Request} Request */
/** @typedef {import('express').Response} Response */

/** falcor-router's own messages for requests it cannot serve. */
const ROUTER_REFUSALS = new Map([
  ['function does not exist.', 'no such function'],
  ['Maximum number of paths exceeded.', 'too many paths'],
]);

/**
 * @param {object} options
 * @param {(req: Request) => any} options.createRouterFor a falcor-router instance for this request's visitor
 * @param {number} [options.maxPaths] most paths one request may expand to
 * @param {number} [options.maxBodyBytes] larger POST bodies get a 413
 * @param {number} [options.bodyTimeoutMs] POST bodies slower than this get a 408
 * @param {(req: Request) => import('../page-data/index.js').PageData} [options.readGraphFor] when the
 *   process-wide graph cache is on: a get reads through it (catalog data from the cache, the
 *   visitor's from their router), as pages do
 * @param {(req: Request) => { summary: () => import('../upstream/trace.js').TraceSummary }} [options.traceFor]
 *   the upstream calls the request's router waited for (its rounds in Server-Timing)
 * @param {Log} [options.log]
 * @returns {(req: Request, res: Response) => Promise<void>}
 */
export function falcorEndpoint({
  createRouterFor,
  maxPaths = 1000,
  maxBodyBytes = 64 * 1024,
  bodyTimeoutMs = 10_000,
  readGraphFor,
  traceFor,
  log = silentLog,
}) {
  if (typeof createRouterFor !== 'function') throw new TypeError('falcorEndpoint needs createRouterFor(req)');
  if (!Number.isSafeInteger(maxPaths) || maxPaths < 1)
    throw new TypeError(`maxPaths must be a positive integer, got ${maxPaths}`);
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new TypeError(`maxBodyBytes must be a positive integer, got ${maxBodyBytes}`);

  return async function falcorModelJson(req, res) {
    let request;
    let router;
    /** @type {{ graph: import('../page-data/index.js').PageData, paths: any[] } | null} a get the graph cache answers */
    let throughGraph = null;
    /** A get for one page view's first scroll, prefetched at its idle (client/early-rows.js): kept a while */
    let forOneView;
    try {
      const isRead = req.method === 'GET' || req.method === 'HEAD';
      if (!isRead && req.method !== 'POST') {
        res.set('allow', 'GET, POST');
        throw new HttpError(405, 'use GET or POST');
      }
      const field = isRead
        ? queryFields(req.originalUrl ?? req.url)
        : await bodyFields(req, maxBodyBytes, bodyTimeoutMs);
      request = validateFalcorRequest(isRead ? 'GET' : 'POST', field, { maxPaths });
      forOneView = isRead && request.method === 'get' && Boolean(field('view'));
      // A get the graph cache answers needs no router of its own (readGraphFor builds the visitor's).
      if (readGraphFor && request.method === 'get' && splittable(request.paths))
        throughGraph = { graph: readGraphFor(req), paths: request.paths };
      else router = createRouterFor(req);
      if (request.method === 'set' && hasReadOnlyPath(router, request.simplePaths))
        throw new HttpError(400, 'jsonGraph.paths: a path no route can set (read-only)');
    } catch (err) {
      if (!(err instanceof HttpError)) {
        log.error({ err }, 'falcor request unreadable');
        send(res, 500, { error: 'internal error' });
        return;
      }
      // A 413 or 408 leaves the rest of the body unread: close instead of reusing the socket.
      if (err.status === 413 || err.status === 408) res.set('connection', 'close');
      send(res, err.status, { error: err.message });
      return;
    }

    try {
      const started = performance.now();
      // Pitfall: a below-the-fold row or a click's title query walking the
      // router for catalog data the shared cache already holds (two upstream
      // round trips where the visitor's list alone needs one).
      const envelope = throughGraph
        ? await readThroughGraph(throughGraph.graph, throughGraph.paths)
        : await runOnRouter(router, request);
      // Nearly all of the router's time is waiting on the catalog: exposed
      // as the `upstream` phase of Server-Timing and of the request log.
      if (res.locals) {
        res.locals.timings = { ...res.locals.timings, upstream: performance.now() - started };
        if (traceFor) res.locals.upstream = traceFor(req).summary();
      }
      send(res, 200, envelope, forOneView);
    } catch (err) {
      const refusal = ROUTER_REFUSALS.get(/** @type {Error} */ (err)?.message);
      if (refusal) {
        send(res, 400, { error: refusal });
        return;
      }
      log.error({ err, method: request.method }, 'falcor request failed');
      send(res, 500, { error: 'internal error' });
    }
  };
}

/**
 * @param {Response} res @param {number} status @param {unknown} body
 * @param {boolean} [forOneView] a get whose URL names one page view (`view`): no other page asks for it
 */
function send(res, status, body, forOneView = false) {
  res
    .status(status)
    .set('content-type', 'application/json; charset=utf-8')
    // Per-visitor data: no proxy may keep or share it, no browser reuse it without asking. Except one
    // page view's prefetched first-scroll rows: pitfall, a prefetch of a `no-cache` answer is revalidated
    // (a round trip, and the upstream work again) when the scroll asks; its URL is that view's alone.
    .set('cache-control', forOneView ? `private, max-age=${ONE_VIEW_MAX_AGE_S}` : 'private, no-cache')
    .send(JSON.stringify(body));
}
