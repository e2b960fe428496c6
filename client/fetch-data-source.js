// @ts-check
// A Falcor DataSource over fetch, speaking the wire format of /model.json that
// falcor-http-datasource (and falcor-express) use:
//   get:  GET  ?method=get&paths=<JSON path sets>
//   set:  POST method=set&jsonGraph=<JSON envelope>            (form-urlencoded)
//   call: POST method=call&callPath=&arguments=&pathSuffixes=&paths=  (form-urlencoded)
// Why our own: falcor-http-datasource is unmaintained since 2016 and drags in
// an XMLHttpRequest polyfill; fetch is everywhere we run, and this file (with the answer
// handling of ./data-source-response.js) is all it takes.

import { announceUpstream, DataSourceError, readJson, toError } from './data-source-response.js';

export { DataSourceError } from './data-source-response.js';

/**
 * @typedef {{ onNext?: (value: any) => void, onError?: (error: any) => void, onCompleted?: () => void }} Observer
 * @typedef {{ dispose: () => void, unsubscribe: () => void, readonly disposed: boolean }} Subscription
 * @typedef {{ subscribe: (observerOrOnNext?: Observer | ((value: any) => void),
 *   onError?: (error: any) => void, onCompleted?: () => void) => Subscription }} Observable
 * @typedef {{ timeoutMs?: number, headers?: Record<string, string>, fetch?: typeof fetch }} FetchDataSourceOptions
 */

export class FetchDataSource {
  /**
   * @param {string} [url] the JSON Graph endpoint
   * @param {FetchDataSourceOptions} [options]
   */
  constructor(url = '/model.json', { timeoutMs = 15000, headers = {}, fetch: fetchImpl } = {}) {
    this.url = url;
    this.timeoutMs = timeoutMs;
    this.headers = headers;
    // Resolved at request time, so tests and polyfills can swap it in later.
    this.fetch = fetchImpl;
  }

  /**
   * @param {unknown[]} pathSets
   * @returns {Observable}
   */
  get(pathSets) {
    const query = formBody({ method: 'get', paths: JSON.stringify(pathSets) });
    const separator = this.url.includes('?') ? '&' : '?';
    return this.request(`${this.url}${separator}${query}`, { method: 'GET' });
  }

  /**
   * @param {{ jsonGraph: object, paths: unknown[] }} jsonGraphEnvelope
   * @returns {Observable}
   */
  set(jsonGraphEnvelope) {
    return this.post({ method: 'set', jsonGraph: JSON.stringify(jsonGraphEnvelope) });
  }

  /**
   * @param {unknown[]} callPath
   * @param {unknown[]} [args]
   * @param {unknown[]} [pathSuffixes]
   * @param {unknown[]} [paths]
   * @returns {Observable}
   */
  call(callPath, args = [], pathSuffixes = [], paths = []) {
    return this.post({
      method: 'call',
      callPath: JSON.stringify(callPath),
      arguments: JSON.stringify(args),
      pathSuffixes: JSON.stringify(pathSuffixes),
      paths: JSON.stringify(paths),
    });
  }

  /** @param {Record<string, string>} fields */
  post(fields) {
    return this.request(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody(fields),
    });
  }

  /**
   * A cold observable: nothing is sent until subscribe; dispose aborts.
   * @param {string} url
   * @param {{ method: string, headers?: Record<string, string>, body?: string }} init
   * @returns {Observable}
   */
  request(url, init) {
    return {
      subscribe: (observerOrOnNext, onError, onCompleted) => {
        // Falcor subscribes with functions; Rx-style callers pass an observer.
        /** @type {Observer} */
        const observer =
          typeof observerOrOnNext === 'function'
            ? { onNext: observerOrOnNext, onError, onCompleted }
            : /** @type {Observer} */ (observerOrOnNext ?? {});
        const controller = new AbortController();
        // Settled once the observer has been told, or the subscriber left:
        // after that nothing more is delivered. `disposed` is only the latter
        // (falcor checks it inside onNext: it must still be false there).
        let settled = false;
        let disposed = false;
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, this.timeoutMs);
        const settle = () => {
          const first = !settled;
          settled = true;
          clearTimeout(timer);
          return first;
        };
        const dispose = () => {
          disposed = true;
          if (settle()) controller.abort();
        };
        const fetchImpl = this.fetch ?? globalThis.fetch;
        // Inside then(): a fetch that throws synchronously still reaches onError.
        Promise.resolve()
          .then(() =>
            fetchImpl(url, {
              ...init,
              headers: { accept: 'application/json', ...this.headers, ...init.headers },
              credentials: 'same-origin',
              signal: controller.signal,
            }),
          )
          .then(announceUpstream)
          .then(readJson)
          .then(
            (body) => {
              if (!settle()) return;
              observer.onNext?.(body);
              observer.onCompleted?.();
            },
            (error) => {
              if (!settle()) return;
              observer.onError?.(
                timedOut
                  ? new DataSourceError(`no answer within ${this.timeoutMs} ms`, { cause: error })
                  : toError(error),
              );
            },
          );
        return {
          dispose,
          // Falcor looks for unsubscribe first (Rx-style sources), then dispose.
          unsubscribe: dispose,
          get disposed() {
            return disposed;
          },
        };
      },
    };
  }
}

/**
 * encodeURIComponent rather than URLSearchParams: spaces become %20, not "+",
 * which servers that split on "&" and decodeURIComponent (falcor-express) read too.
 * @param {Record<string, string>} fields
 */
function formBody(fields) {
  return Object.entries(fields)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}
