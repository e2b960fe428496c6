// @ts-check
/**
 * The Falcor router: one class per process, one instance per request.
 * The instance carries the visitor; routes read `this.visitorId`, so two
 * visitors' requests can never see each other's data.
 */
import Router from 'falcor-router';
import { ROUTES } from './routes/index.js';
import { errorAtom, writeErrorAtom, MESSAGES, silentLog } from './route-values.js';
import { createRequestReads } from './request-reads.js';

/** @typedef {import('./route-values.js').RouteContext} RouteContext */
/** @typedef {import('./route-values.js').Log} Log */

/**
 * Anything a route throws ends here: the detail is logged and the browser
 * gets a generic error atom. Without this falcor-router would copy
 * `error.message` (upstream URLs, status lines) into the response.
 * @param {import('./routes/index.js').RouteSpec} route
 */
function guard(route) {
  /** @type {Record<string, unknown>} */
  const guarded = { route: route.route };
  for (const method of /** @type {const} */ (['get', 'set'])) {
    const handler = route[method];
    if (!handler) continue;
    /** @this {RouteContext} @param {unknown} arg */
    guarded[method] = async function guardedHandler(arg) {
      try {
        return await handler.call(this, arg);
      } catch (err) {
        this.log.warn({ err, route: route.route, method, visitorId: this.visitorId }, 'falcor route failed');
        // JSONGraphError is the one error whose value falcor-router passes
        // through untouched, so it becomes exactly this atom at the path.
        throw new Router.JSONGraphError(
          method === 'get' ? errorAtom(MESSAGES.unavailable) : writeErrorAtom(MESSAGES.unavailable),
        );
      }
    };
  }
  const call = route.call;
  if (call) {
    /** @this {RouteContext} @param {unknown[]} callPath @param {unknown[]} args */
    guarded.call = async function guardedCall(callPath, args) {
      try {
        return await call.call(this, callPath, args);
      } catch (err) {
        this.log.error({ err, route: route.route, visitorId: this.visitorId }, 'falcor call failed');
        return [{ path: Array.from(callPath), value: writeErrorAtom(MESSAGES.unavailable) }];
      }
    };
  }
  return guarded;
}

const routes = ROUTES.map(guard);

// Built once per process: parsing the route table per request would redo the
// same work on every request (and a table rebuilt per request is how tables
// quietly grow).
const BaseRouter = Router.createClass(routes);

/**
 * @param {object} options
 * @param {import('../upstream/index.js').CatalogClients} options.clients
 * @param {string | null | undefined} [options.visitorId] null: an anonymous visitor (empty list, no ratings)
 * @param {boolean} [options.newVisitor] the id was minted by this request: it has no list or ratings yet
 * @param {Log} [options.log]
 * @param {import('../upstream/trace.js').CallSink} [options.trace] told of each upstream call this
 *   request waits for (the page's rounds in Server-Timing)
 * @returns {any} a falcor-router instance (a DataSource: get, set, call)
 */
export function createRouter({ clients, visitorId = null, newVisitor = false, log = silentLog, trace }) {
  const router = new BaseRouter({
    // Errors falcor-router catches itself; ours (JSONGraphError) are logged already.
    hooks: {
      error: (/** @type {unknown} */ err) => {
        if (!(err instanceof Router.JSONGraphError)) log.error({ err }, 'falcor router error');
      },
    },
  });
  const visitor = visitorId || null;
  /** @type {Promise<readonly string[]> | null} */
  let myList = null;
  /** @type {RouteContext} */
  const context = {
    clients,
    reads: createRequestReads({ clients, sink: trace }),
    sink: trace,
    visitorId: visitor,
    log,
    // Pitfall: asking an upstream twice for what one request already read.
    // `myList` and each card's `inMyList` are answered in different router
    // passes, too far apart for the in-flight coalescer: that was a second
    // call on the second round trip of every home page.
    // A visitor minted by this very request has written nothing yet: a first
    // visit asks the catalog nothing about them.
    myList: () => (myList ??= visitor && !newVisitor ? clients.visitors.myList(visitor, trace) : Promise.resolve([])),
    newVisitor,
    myListChanged: (ids) => {
      myList = Promise.resolve(ids);
    },
    // Pitfall: a read that needs only the visitor (their whole list) waiting
    // until the router has followed refs to the titles that ask for it: a
    // sequential round trip that buys nothing. Started with the request, it
    // goes out beside the first catalog calls.
    readAhead: (paths) => {
      if (paths.some(asksForMyList)) context.myList().catch(() => {}); // the routes that read it see the error
    },
  };
  return Object.assign(router, context);
}

/**
 * A path that ends up reading the visitor's list: `myList…`, or any title's `inMyList`.
 * @param {readonly unknown[]} path
 */
function asksForMyList(path) {
  if (path[0] === 'myList') return true;
  const last = path[path.length - 1];
  return Array.isArray(last) ? last.includes('inMyList') : last === 'inMyList';
}
