// @ts-check
// One handler for every page of the registry (shared/pages/registry.js): it
// asks the page's module each step once, in the order that lets the browser
// work while the server waits:
//   1. the paths: the head query (what the status and the document title
//      need), if any, and the page's query;
//   2. the head: the module reads the head query's answer once (`head`):
//      404 or 503 before any byte is sent, else the head flushed
//      (server/render/stream-page.js, writeHead);
//   3. the body: the rest of the page's data awaited here, then handed, as
//      data, to the renderer for React and the tail (writeBody).
// The page's query goes out with the head query, not after it, unless it
// needs the head's answer (queryWaitsForHead): the head's round trip and the
// rows' overlap. Pitfall: sequential upstream round trips that need not be.
import { performance } from 'node:perf_hooks';
import { createElement } from 'react';
import { pageParams } from '../../shared/pages/registry.js';
import { App } from '../../shared/components/App.jsx';
import { FORBIDDEN_KEYS } from '../../shared/forbidden-keys.js';
import { HttpError } from '../errors.js';
import { hasErrorAtoms, missesPaths } from './degraded.js';

/**
 * @param {import('../../shared/pages/registry.js').PageEntry} entry
 * @param {{
 *   options: import('../../shared/pages/registry.js').PageOptions,
 *   settings: import('../../shared/components/RenderSettings.js').Settings,
 *   data: Pick<import('../page-data/index.js').PageDataSource, 'pageDataFor' | 'traceFor'>,
 *   renderer: ReturnType<typeof import('../render/stream-page.js').createPageStreamer>,
 * }} deps settings: the app's render settings (server/render/render-settings.js);
 *   data: where the page's data comes from (server/page-data/index.js)
 * @returns {import('express').RequestHandler}
 */
export function pageHandler(entry, { options, settings, data, renderer }) {
  /** @type {Promise<import('../../shared/pages/registry.js').PageModule> | undefined} */
  let loading;
  return async (req, res, next) => {
    // The page's timings start here: a head query is upstream time too.
    const started = performance.now();
    // Express matched the template; the registry's shapes check its params (a
    // malformed id is never sent upstream, the 404 page answers).
    const params = pageParams(entry, req.path, req.params);
    if (!params) return next();
    // A key the graph refuses (`constructor` fits a title id's shape) names
    // nothing: the 404 page, as for any unknown id, and nothing asked upstream.
    if (Object.values(params).some((value) => FORBIDDEN_KEYS.has(value))) return next();
    // The client left (while this request queued behind others, or during
    // the head query below): no query, no render, nothing written (issue 14).
    if (res.destroyed) return;
    const page = await (loading ??= entry.load());
    const graph = data.pageDataFor(req);

    // 1. The paths.
    const headPaths = page.headQuery?.(params, options) ?? [];
    const waitsForHead = headPaths.length > 0 && page.queryWaitsForHead?.(options) === true;
    // What the head query fetches is in the graph already: not asked twice
    // (the visitor's keys are never cached, so that was a second round trip).
    const fetched = new Set(headPaths.map((path) => JSON.stringify(path)));
    /** @param {import('../../shared/pages/registry.js').PathSet[]} paths */
    const notFetched = (paths) => paths.filter((path) => !fetched.has(JSON.stringify(path)));
    const rest = waitsForHead ? null : notFetched(page.query(params, options));
    /** @type {Promise<void> | null} */
    let early = null;
    if (headPaths.length > 0 && rest && rest.length > 0) {
      early = graph.get(...rest);
      early.catch(() => {}); // awaited below; a 404 or 503 page never reads it
    }

    // 2. The head.
    if (headPaths.length > 0) await graph.get(...headPaths);
    if (res.destroyed) return;
    const headCache = graph.getCache();
    const head = page.head(headCache, params, options);
    if (head.status === 404) return next();
    // The catalog failed (not "no such thing"): the 500 page, details logged there.
    if (head.status !== 200) return next(new HttpError(head.status, `${entry.name} page unavailable`));
    const headMs = performance.now() - started;
    const open = renderer.writeHead(req, res, {
      title: head.title,
      description: head.description,
      route: entry.path,
      page: entry.name,
      started,
    });

    // 3. The body.
    try {
      // A client that left (res.destroyed) costs no query and no render:
      // measured before, a c=1000 run rendered 997 pages nobody waited for.
      if (res.destroyed) return;
      const mark = performance.now();
      const paths = rest ?? notFetched(page.query(params, options, headCache));
      if (early) await early;
      else if (paths.length > 0) await graph.get(...paths);
      if (res.destroyed) return;
      const cache = graph.getCache();
      const initial = { Component: page.Component, props: page.props(cache, params, options), key: req.path };
      // The query is what the page shows above the fold: an error in it is a page without its data.
      const degraded = hasErrorAtoms(cache) || missesPaths(cache, [...headPaths, ...paths]);
      open.writeBody({
        cache,
        element: createElement(App, { initial, settings }),
        page: { options },
        degraded,
        upstreamMs: headMs + performance.now() - mark,
        upstream: data.traceFor(req).summary(),
      });
    } catch (error) {
      open.fail(error);
    }
  };
}
