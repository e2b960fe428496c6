// @ts-check
// A first scroll's rows, before Falcor's model exists: their data in one GET of
// /model.json, as the model's data source would send it (client/fetch-data-source.js,
// which stays in Falcor's chunk), and the moment after that answer when the
// rest of the first intent's code may run (client/services.js uses both).
import { prefetchLink, saveData, whenIdle } from './idle.js';

/** @typedef {{ jsonGraph: object, paths: unknown[], kept?: boolean }} Sent */
/** @type {Record<string, { paths: unknown[], rows: number, sent: Promise<Sent> }>} rows asked for in the same task, one request each for the prefetched ones and for the rest */
const batches = {};
/** @type {Promise<unknown>} the last early answer asked for */
let lastSent = Promise.resolve();
/** @type {unknown[][]} the rows waiting for the first intent (each one's paths) */
const waiting = [];
/** @type {{ rows: Set<string>, url: string, loaded?: boolean } | undefined} the rows whose GET was prefetched at idle, until asked for */
let prefetched;
/** Whether any row has been asked for (the first intent came): nothing left to prefetch. */
let asked = false;

/** @param {unknown[]} paths */
const rowsUrl = (paths) => `/model.json?method=get&paths=${encodeURIComponent(JSON.stringify(paths))}`;

/**
 * Calls `work` at the idle after the early rows' answer (and the rows' render: React's slices leave no idle
 * before it is done). Pitfall: navigation's and measurement's chunks evaluated at the idle during the rows'
 * round trip, and a slow phone was still in them when the answer came, which waited.
 * @param {() => void} work
 */
export function afterNearRows(work) {
  whenIdle(() => lastSent.finally(() => whenIdle(work)));
}

/**
 * A row near the viewport, waiting for the first intent: at idle, the GET the first intent will send for
 * the rows waiting then is prefetched, network only (no parse): the first scroll's rows are then answered
 * from the HTTP cache instead of a round trip (its URL names this page view, whose answer the server lets
 * the browser keep a few minutes: a `no-cache` one was revalidated, a round trip).
 * @param {unknown[]} paths
 */
export function prefetchRowAtIdle(paths) {
  if (asked || waiting.push(paths) > 1 || saveData()) return;
  whenIdle(() => {
    if (asked) return;
    // This page view's alone (the server lets it be reused a while): no other page reads it stale.
    const url = `${rowsUrl(waiting.flat())}&view=${performance.timeOrigin}`;
    const sent = (prefetched = {
      rows: new Set(waiting.map((p) => JSON.stringify(p))),
      url,
      loaded: /** @type {boolean} */ (false),
    });
    prefetchLink(url).onload = () => (sent.loaded = true);
  });
}

/**
 * The rows' data, fetched before the model exists, as its data source would (client/fetch-data-source.js):
 * the rows near the viewport in one GET (one request per row is the N+1 pitfall); a failure leaves them to the model.
 * @param {unknown[]} paths
 * @returns {Promise<Sent>}
 */
export function fetchRowsEarly(paths) {
  asked = true;
  // Pitfall: a row the scroll brought near, batched with the prefetched ones, made another URL (a cache miss).
  // Pitfall: a prefetch still on its way, asked for at idle priority just before the scroll, made the rows
  // wait longer than a plain request would (docs/measuring-tti.md): only a loaded one is used.
  const key = String((prefetched?.loaded && prefetched.rows.has(JSON.stringify(paths))) ?? false);
  /** @type {{ paths: unknown[], rows: number, sent: Promise<Sent> }} */
  const b = (batches[key] ??= {
    paths: [],
    rows: 0,
    sent: new Promise((wait) => setTimeout(wait)).then(() => {
      // The rows whose observers fired in this task have all added their paths by now.
      delete batches[key];
      // The very URL prefetched when every row in it asked (a prefetched response is reused once).
      const url = prefetched && key === 'true' && b.rows === prefetched.rows.size ? prefetched.url : rowsUrl(b.paths);
      if (key === 'true') prefetched = undefined;
      return fetch(url, { headers: { accept: 'application/json' } })
        .then((res) => res.text().then((text) => (res.ok ? JSON.parse(text) : Promise.reject(res.status))))
        .then((/** @type {{ jsonGraph: object }} */ body) => ({ jsonGraph: body.jsonGraph, paths: b.paths }));
    }),
  });
  b.paths.push(...paths);
  b.rows += 1;
  lastSent = b.sent.catch(() => {});
  return b.sent;
}
