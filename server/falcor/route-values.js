// @ts-check
/**
 * The values routes answer with (references, atoms, error atoms) and the one
 * way a route reports a failure: detail to the log, a generic atom out.
 */

/**
 * @typedef {object} Log pino-like; only these two levels are used
 * @property {(obj: object, msg: string) => void} warn
 * @property {(obj: object, msg: string) => void} error
 */

/**
 * What `this` is inside a route: the per-request router instance.
 * @typedef {object} RouteContext
 * @property {import('../upstream/index.js').CatalogClients} clients
 * @property {import('./request-reads.js').RequestReads} reads the catalog reads of this
 *   request: traced, and what an earlier answer brought along not asked again
 * @property {import('../upstream/trace.js').CallSink | undefined} sink told of each upstream
 *   call the request waits for (server/upstream/trace.js)
 * @property {string | null} visitorId
 * @property {boolean} newVisitor the id was minted by this request: no list, no ratings yet
 * @property {Log} log
 * @property {() => Promise<readonly string[]>} myList the visitor's list, read
 *   once per request ([] for no visitor)
 * @property {(ids: readonly string[]) => void} myListChanged what a change
 *   made in this request answered: later reads in it see that list
 * @property {(paths: readonly (readonly unknown[])[]) => void} readAhead starts the reads that
 *   depend on the visitor alone (their list) when these paths will need them
 */

/** @typedef {{ path: unknown[], value?: unknown, invalidated?: true }} PathValue */

/** @type {Log} */
export const silentLog = Object.freeze({ warn() {}, error() {} });

/** @param {unknown[]} path */
export function $ref(path) {
  return { $type: 'ref', value: path };
}

/** An atom with no value: "asked, and there is nothing here". */
export function $nothing() {
  return { $type: 'atom' };
}

/**
 * A failed read. `$expires: 0` keeps the error out of the client's cache:
 * the caller of `model.get` sees it, and the next get asks the server again
 * instead of replaying a stale failure.
 * @param {string} message short and generic: it reaches the browser
 */
export function errorAtom(message) {
  return { $type: 'error', value: { message }, $expires: 0 };
}

/**
 * A failed set or call. falcor's Model drops already-expired values from a
 * set/call response before reporting, so with `$expires: 0` a failed
 * `model.call` resolves as if it had worked. A one-second relative expiry
 * (negative = relative, in ms) lets the caller see the error, and the cache
 * forgets it a second later.
 * @param {string} message short and generic: it reaches the browser
 */
export function writeErrorAtom(message) {
  return { $type: 'error', value: { message }, $expires: -1000 };
}

/** Generic messages: what the browser may learn about a failure. */
export const MESSAGES = Object.freeze({
  unavailable: 'temporarily unavailable',
  badRating: 'rating must be an integer from 1 to 5, or null',
  badTitleId: 'unknown title',
  noVisitor: 'no visitor',
});

/**
 * Logs why `path` failed and answers it with a generic error atom.
 * @param {RouteContext} ctx
 * @param {unknown} err
 * @param {unknown[]} path
 * @param {{ message?: string, write?: boolean }} [options] write: a set or call failed
 * @returns {PathValue}
 */
export function failedPath(ctx, err, path, { message = MESSAGES.unavailable, write = false } = {}) {
  ctx.log.warn({ err, path: Array.from(path), visitorId: ctx.visitorId }, 'falcor route failed');
  return { path: Array.from(path), value: write ? writeErrorAtom(message) : errorAtom(message) };
}
