// @ts-check
// One handler for every page of the registry (shared/pages/registry.js): it
// drives the page's module through the steps every page shares, in the order
// that lets the browser work while the server waits:
//   1. the head query (what the status and document title need), if any;
//   2. 404 or 503 from the module's status hook, before any byte is sent;
//   3. the head flushed, the page's query through the graph, React, the tail
//      (server/render/stream-page.js).
// The page's query goes out with the head query, not after it, unless it
// needs the head's answer (queryWaitsForHead): the head's round trip and the
// rows' overlap. Pitfall: sequential upstream round trips that need not be.
import { performance } from 'node:perf_hooks';
import { createElement } from 'react';
import { matchRoute } from '../../shared/pages/registry.js';
import { App } from '../../shared/components/App.jsx';
import { hasErrorAtoms, missesPaths } from './degraded.js';

/**
 * @param {import('../../shared/pages/registry.js').PageEntry} entry
 * @param {{
 *   options: import('../../shared/pages/registry.js').PageOptions,
 *   settings: import('../../shared/components/RenderSettings.js').Settings,
 *   createModel: (req: import('express').Request) => import('./model.js').PageGraph,
 *   streamPage: ReturnType<typeof import('../render/stream-page.js').createPageStreamer>,
 *   traceFor?: (req: import('express').Request) => { summary: () => import('../upstream/trace.js').TraceSummary },
 * }} deps settings: the app's render settings (server/render/render-settings.js);
 *   traceFor: the upstream calls the page waited for (its requests and rounds in its timings)
 * @returns {import('express').RequestHandler}
 */
export function pageHandler(entry, { options, settings, createModel, streamPage, traceFor }) {
  /** @type {Promise<import('../../shared/pages/registry.js').PageModule> | undefined} */
  let loading;
  return async (req, res, next) => {
    // The page's timings start here: a head query is upstream time too.
    const started = performance.now();
    // Express matched the template; the registry's shapes decide (a malformed
    // id is never sent upstream, the 404 page answers).
    const route = matchRoute(req.path);
    if (route?.name !== entry.name) return next();
    // The client left (while this request queued behind others, or during
    // the head query below): no query, no render, nothing written (issue 14).
    if (res.destroyed) return;
    const { params } = route;
    const page = await (loading ??= entry.load());
    const graph = createModel(req);

    const headPaths = page.headQuery?.(params, options) ?? [];
    // What the head query fetches is in the graph already: not asked twice
    // (the visitor's keys are never cached, so that was a second round trip).
    const fetched = new Set(headPaths.map((path) => JSON.stringify(path)));
    /** @param {unknown} [head] */
    const restOf = (head) => page.query(params, options, head).filter((path) => !fetched.has(JSON.stringify(path)));
    const together = headPaths.length > 0 && !page.queryWaitsForHead?.(options);
    /** @type {Promise<void> | null} */
    let early = null;
    if (together) {
      const rest = restOf();
      if (rest.length > 0) {
        early = graph.get(...rest);
        early.catch(() => {}); // awaited in load(); a 404 or 503 page never reads it
      }
    }
    if (headPaths.length > 0) await graph.get(...headPaths);
    if (res.destroyed) return;
    const head = graph.getCache();
    const status = page.status?.(head, params) ?? 200;
    if (status === 404) return next();
    // The catalog failed (not "no such thing"): the 500 page, details logged there.
    if (status !== 200) return next(Object.assign(new Error(`${entry.name} page unavailable`), { status }));
    const headProps = page.props(head, params, options);

    await streamPage(req, res, {
      title: page.documentTitle(headProps),
      description: page.description?.(headProps) ?? '',
      route: entry.path,
      page: entry.name,
      started,
      upstreamMs: performance.now() - started,
      load: async () => {
        const rest = together ? restOf() : restOf(head);
        if (together) await early;
        else if (rest.length > 0) await graph.get(...rest);
        const cache = graph.getCache();
        const initial = { Component: page.Component, props: page.props(cache, params, options), key: req.path };
        // The query is what the page shows above the fold: an error in it is a page without its data.
        const degraded = hasErrorAtoms(cache) || missesPaths(cache, [...headPaths, ...rest]);
        return { cache, element: createElement(App, { initial, settings }), page: { options }, degraded };
      },
      upstream: traceFor && (() => traceFor(req).summary()),
    });
  };
}
