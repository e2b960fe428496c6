// @ts-check
// One server-rendered page, in two steps, so that the browser works while the
// server waits: writeHead flushes the head (critical CSS, client preload) at
// once; the page handler then fetches the above-the-fold data and hands it to
// writeBody, which writes React's render and closes with the serialized
// Falcor cache and the client script.
import { performance } from 'node:perf_hooks';
import { renderToString } from 'react-dom/server';
import { writeHandoff } from './page-handoff.js';
import { flushCompressed } from '../delivery/compression.js';
import { DEGRADED_NOTICE, DEGRADED_TRAILER } from './degraded-notice.js';
import { formatServerTiming } from '../middleware/server-timing.js';

/**
 * @typedef {{ upstream: number, render: number, template: number, total: number }} PageTimings
 * @typedef {{ title: string, description: string, route: string, page?: string, started?: number }} PageHead
 *   page: the registry's page name, whose code chunks the head preloads;
 *   started: the handler's performance.now() on entry (its head query is the
 *   page's time too), else the clock starts here
 * @typedef {{
 *   cache: object,
 *   element: import('react').ReactElement,
 *   page?: { options?: import('../../shared/page-handoff.js').HandedPage['options'] },
 *   degraded?: boolean,
 *   upstreamMs?: number,
 *   upstream?: import('../upstream/trace.js').TraceSummary,
 * }} PageBody
 *   upstreamMs: all the time the handler waited for data, before the head and
 *   after it. Pitfall: without the head query's share the first round trip
 *   was missing from the timings (title page, catalog at 250 ms: 1090 ms
 *   reported, 1419 ms seen by the client).
 *   upstream: the upstream calls the page waited for: how many and in how
 *   many sequential rounds, sent in the Server-Timing trailer (the headers
 *   left long before), in the page data and the log.
 *   degraded: the page lacks some of its data (server/pages/degraded.js).
 * @typedef {{ writeBody: (body: PageBody) => void, fail: (error: unknown) => void }} OpenPage
 *   a page whose head is on the wire: its body and tail, or a message if it broke
 */

/**
 * @param {{
 *   templates: ReturnType<typeof import('./templates.js').createTemplates>,
 *   clientManifest: () => import('./client-manifest.js').ClientManifest,
 *   log: import('pino').Logger,
 *   onTimings?: (route: string, timings: PageTimings) => void,
 *   onDegraded?: (page: string, reason: import('./degraded-notice.js').DegradedReason) => void,
 * }} deps onDegraded: a page sent without all its data (server/pages/degraded.js)
 */
export function createPageStreamer({ templates, clientManifest, log, onTimings = () => {}, onDegraded = () => {} }) {
  /**
   * @param {import('express').Request} req
   * @param {import('express').Response} res
   * @param {PageHead} spec
   * @param {import('./degraded-notice.js').DegradedReason} reason
   * @param {Record<string, string>} [trailers] others to send with it
   */
  function markDegraded(req, res, spec, reason, trailers = {}) {
    res.addTrailers({ ...trailers, [DEGRADED_TRAILER]: reason });
    // The request's one log line says it too (server/middleware/request-log.js).
    res.locals.degraded = reason;
    onDegraded(spec.page ?? spec.route, reason);
    if (reason === 'upstream_error')
      log.warn({ route: spec.route, url: req.originalUrl }, 'page sent without all its data');
  }

  /**
   * Sends the status and flushes the head at once; the body follows through
   * what it returns, once the handler has the page's data.
   * @param {import('express').Request} req
   * @param {import('express').Response} res
   * @param {PageHead} spec
   * @returns {OpenPage}
   */
  function writeHead(req, res, spec) {
    const started = spec.started ?? performance.now();
    const { head, tail } = templates.get('page');
    const nonce = res.locals.nonce;
    const manifest = clientManifest();
    // The page's own chunk too: fetched with the entry, not after it has run (no waterfall).
    const client = {
      entry: manifest.entry,
      preload: [...manifest.preload, ...(manifest.pages?.[spec.page ?? ''] ?? [])],
      inline: manifest.inline,
    };
    const shell = { title: spec.title, description: spec.description, nonce, client };

    let mark = performance.now();
    const headHtml = head(shell);
    let templateMs = performance.now() - mark;

    // No 103 Early Hints: Chromium ignores them over HTTP/1.1, and the head
    // below carries the same preloads at first byte (measured: README, "Delivery").
    res.status(200);
    res.type('html');
    // The page carries the visitor's data: never stored by shared caches, and
    // revalidated before any reuse. Pitfall: `no-store` here is the most common
    // reason a browser refuses to keep a page for Back (the back/forward cache);
    // a restored page re-reads the visitor's data itself (client/restore/).
    res.set('Cache-Control', 'private, no-cache');
    // Known once the page is done, so sent after the body (chunked responses
    // only; curl -i shows them): its timings and upstream rounds, and, since the
    // status left before the data was known, whether it ended without its data
    // (also in the markup, the log and /metrics).
    res.set('Trailer', `Server-Timing, ${DEGRADED_TRAILER}`);
    // Flush the head now, so the browser fetches the client bundle while the
    // server still waits for the catalog (Netflix, "Making Netflix.com Faster").
    res.write(headHtml);
    flushCompressed(res);

    return {
      writeBody({ cache, element, page = {}, degraded = false, upstreamMs = 0, upstream }) {
        mark = performance.now();
        writeReact(element, res);
        const renderMs = performance.now() - mark;

        // The page gets the timings up to its tail; the log and metrics also
        // count the tail's own templating.
        const timings = {
          upstream: round(upstreamMs),
          render: round(renderMs),
          template: round(templateMs),
          total: round(performance.now() - started),
        };
        mark = performance.now();
        const pageDataJson = writeHandoff({
          cache,
          // The chunks the first intent runs, prefetched at idle by the client (client/idle.js).
          later: (manifest.later ?? []).filter((url) => !client.preload.includes(url)),
          route: spec.route,
          // The id of this request's log line (server/middleware/request-log.js), for the beacon.
          requestId: req.id === undefined ? undefined : String(req.id),
          options: page.options,
          timings,
          upstream,
        });
        const tailHtml = tail({ ...shell, pageDataJson });
        templateMs += performance.now() - mark;
        const serverTiming = formatServerTiming(
          { ...timings, template: round(templateMs) },
          performance.now() - started,
          upstream,
        );
        // One call: each addTrailers() replaces what an earlier one set.
        if (degraded) {
          markDegraded(req, res, spec, 'upstream_error', { 'Server-Timing': serverTiming });
          // Right after the root's </div> (the tail's first tag): outside what React hydrates.
          res.end(tailHtml.replace('</div>', `</div>${DEGRADED_NOTICE}`));
        } else {
          res.addTrailers({ 'Server-Timing': serverTiming });
          res.end(tailHtml);
        }

        const final = { ...timings, template: round(templateMs), total: round(performance.now() - started) };
        // The request's one log line (server/middleware/request-log.js) carries them.
        res.locals.timings = final;
        res.locals.upstream = upstream;
        onTimings(spec.route, final);
      },
      fail(error) {
        // The 200 and the head are already on the wire: close the page with a
        // message instead of a stack trace; the details go to the log.
        log.error({ err: error, route: spec.route, url: req.originalUrl }, 'page failed after flush');
        if (!res.writableEnded) {
          markDegraded(req, res, spec, 'failed');
          res.end('</div><p class="page-error">Something went wrong. Please reload.</p></body></html>');
        }
      },
    };
  }

  return { writeHead };
}

/**
 * Writes React's HTML into the response without ending it (the tail follows).
 * The page's data is all loaded before React runs, so nothing can suspend and
 * one string is all a stream would produce. Pitfall: renderToPipeableStream
 * encodes every small chunk into bytes as it goes (home page, ATF_ROWS=3:
 * 2.45 ms of CPU against 0.90 ms for renderToString; perf:load at c=20:
 * docs/decisions/010). The head has long been flushed, so the browser
 * loses nothing. A page that wants Suspense streaming needs the stream back.
 * @param {import('react').ReactElement} element
 * @param {import('express').Response} res
 */
function writeReact(element, res) {
  // It writes no script of its own, so it needs no CSP nonce.
  res.write(renderToString(element));
  flushCompressed(res);
}

/** @param {number} ms */
function round(ms) {
  return Math.round(ms * 10) / 10;
}
