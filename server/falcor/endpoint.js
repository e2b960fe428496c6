// @ts-check
/**
 * GET|POST /model.json: the Falcor endpoint, speaking what falcor's
 * HttpDataSource sends (see docs/decisions/002). Reads and checks the
 * request (validate-request.js), runs it on a router built for this request,
 * answers JSON that no cache may keep.
 */
import { RequestError, parseJson, validateFalcorRequest } from './validate-request.js';
import { hasReadOnlyPath } from './set-request.js';
import { silentLog } from './route-values.js';
import { splittable } from '../graph-cache/split-paths.js';

/** @typedef {import('./route-values.js').Log} Log */
/** @typedef {import('express').Request} Request */
/** @typedef {import('express').Response} Response */

/**
 * What a POST may carry: the form encoding client/fetch-data-source.js (and
 * falcor's HttpDataSource) sends, and JSON for other clients (no form can
 * send it, and a cross-site fetch only after a CORS preflight this app never
 * grants). server/app.js refuses the rest before the visitor cookie.
 */
export const MODEL_POST_TYPES = Object.freeze(['application/x-www-form-urlencoded', 'application/json']);

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
 * @param {(req: Request) => import('../pages/model.js').PageGraph} [options.readGraphFor] when the
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
    /** @type {{ graph: import('../pages/model.js').PageGraph, paths: any[] } | null} a get the graph cache answers */
    let throughGraph = null;
    try {
      const isRead = req.method === 'GET' || req.method === 'HEAD';
      if (!isRead && req.method !== 'POST') {
        res.set('allow', 'GET, POST');
        throw new RequestError(405, 'use GET or POST');
      }
      const field = isRead
        ? queryFields(req.originalUrl ?? req.url)
        : await bodyFields(req, maxBodyBytes, bodyTimeoutMs);
      request = validateFalcorRequest(isRead ? 'GET' : 'POST', field, { maxPaths });
      // A get the graph cache answers needs no router of its own (readGraphFor builds the visitor's).
      if (readGraphFor && request.method === 'get' && splittable(request.paths))
        throughGraph = { graph: readGraphFor(req), paths: request.paths };
      else router = createRouterFor(req);
      if (request.method === 'set' && hasReadOnlyPath(router, request.simplePaths))
        throw new RequestError(400, 'jsonGraph.paths: a path no route can set (read-only)');
    } catch (err) {
      if (!(err instanceof RequestError)) {
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
        : await run(router, request);
      // Nearly all of the router's time is waiting on the catalog: exposed
      // as the `upstream` phase of Server-Timing and of the request log.
      if (res.locals) {
        res.locals.timings = { ...res.locals.timings, upstream: performance.now() - started };
        if (traceFor) res.locals.upstream = traceFor(req).summary();
      }
      send(res, 200, envelope);
    } catch (err) {
      const refusal = ROUTER_REFUSALS.get(/** @type {any} */ (err)?.message);
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
 * @param {import('../pages/model.js').PageGraph} graph
 * @param {any[]} paths
 * @returns {Promise<{ jsonGraph: object, paths: any[] }>}
 */
async function readThroughGraph(graph, paths) {
  await graph.get(...paths);
  return { jsonGraph: graph.getCache(), paths };
}

/**
 * @param {any} router
 * @param {import('./validate-request.js').FalcorRequest} request
 * @returns {Promise<unknown>} the JSON Graph envelope
 */
function run(router, request) {
  if (request.method === 'get') router.readAhead?.(request.paths);
  const source =
    request.method === 'get'
      ? router.get(request.paths)
      : request.method === 'set'
        ? router.set(request.jsonGraph)
        : router.call(request.callPath, request.args, request.pathSuffixes, request.paths);
  return new Promise((resolve, reject) => {
    /** @type {unknown} */
    let envelope;
    source.subscribe(
      (/** @type {unknown} */ value) => {
        envelope = value;
      },
      reject,
      () => resolve(envelope),
    );
  });
}

/** @param {Response} res @param {number} status @param {unknown} body */
function send(res, status, body) {
  res
    .status(status)
    .set('content-type', 'application/json; charset=utf-8')
    // Per-visitor data: no browser or proxy may keep or share it.
    .set('cache-control', 'no-store')
    .send(JSON.stringify(body));
}

/**
 * A field reader over the query string, parsed here rather than trusting
 * `req.query` (whose shape depends on the app's query parser setting).
 * @param {string} url
 */
function queryFields(url) {
  const at = url.indexOf('?');
  return formFields(new URLSearchParams(at < 0 ? '' : url.slice(at + 1)));
}

/** @param {URLSearchParams} params */
function formFields(params) {
  return (/** @type {string} */ name) => {
    const values = params.getAll(name);
    if (values.length > 1) throw new RequestError(400, `${name} given twice`);
    return values[0];
  };
}

/**
 * @param {Request} req
 * @param {number} maxBytes
 * @param {number} timeoutMs
 * @returns {Promise<(name: string) => unknown>}
 */
async function bodyFields(req, maxBytes, timeoutMs) {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  // No type and text/plain (old HttpDataSource versions sent them) are
  // refused too: they are how a cross-site form or no-cors fetch sends a body.
  if (!MODEL_POST_TYPES.includes(type)) throw new RequestError(415, `send ${MODEL_POST_TYPES.join(' or ')}`);
  const isJson = type === 'application/json';
  const text = await readBody(req, maxBytes, timeoutMs);
  if (!isJson) return formFields(new URLSearchParams(text));
  const body = parseJson(text, 'body');
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new RequestError(400, 'body must be a JSON object');
  return (name) => (Object.hasOwn(body, name) ? body[name] : undefined);
}

/**
 * The raw body as text, at most `maxBytes`, within `timeoutMs`. If a body
 * parser already ran before this handler, its result is re-serialized and
 * checked like any body. Pitfall: without the deadline, 200 clients sending a
 * body at 1 byte/s held their connections for as long as they liked (measured:
 * never cut in 100 s; node's requestTimeout is a minute or more).
 * @param {Request} req
 * @param {number} maxBytes
 * @param {number} timeoutMs
 * @returns {Promise<string>}
 */
function readBody(req, maxBytes, timeoutMs) {
  if (req.readableEnded && req.body !== undefined) {
    const text =
      typeof req.body === 'string' || Buffer.isBuffer(req.body) ? String(req.body) : JSON.stringify(req.body);
    if (Buffer.byteLength(text) > maxBytes) throw new RequestError(413, 'body too large');
    return Promise.resolve(text);
  }
  // Refuse on the declared length before reading a byte of it.
  if (Number(req.headers['content-length']) > maxBytes) throw new RequestError(413, 'body too large');
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    // The rest is never read: the 408 closes the connection (see above).
    const deadline = setTimeout(() => {
      req.removeAllListeners('data');
      reject(new RequestError(408, 'body not received in time'));
    }, timeoutMs);
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > maxBytes) {
        clearTimeout(deadline);
        req.removeAllListeners('data');
        req.resume();
        reject(new RequestError(413, 'body too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(deadline);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', () => {
      clearTimeout(deadline);
      reject(new RequestError(400, 'body could not be read'));
    });
  });
}
