// @ts-check
// GET /title/:id: a film's page. Unknown or malformed ids get the real 404
// page. The title's own details come first, because the status and the
// page's <title> depend on them; then the head is flushed and the "more like
// this" rows (two more dependent catalog round trips) are fetched and
// streamed like the home page's rows.
// Pitfall: flushing a 200 head before knowing the resource exists turns
// every missing page into a "soft 404" that crawlers and caches keep.
import { performance } from 'node:perf_hooks';
import { createElement } from 'react';
import { TITLE_ID } from '../../shared/routes.js';
import { titleDetailsQuery, titleIsMissing, titleProps } from '../../shared/pages/title.js';
import * as titlePageModule from '../../shared/pages/title-page.js';
import { App } from '../../shared/components/App.jsx';

/**
 * @param {{
 *   createModel: (req: import('express').Request) => any,
 *   streamPage: ReturnType<typeof import('../render/stream-page.js').createPageStreamer>,
 * }} deps
 * @returns {import('express').RequestHandler}
 */
export function titlePage({ createModel, streamPage }) {
  return async (req, res, next) => {
    // The page's timings start here, not in streamPage: the details round trip is upstream time.
    const started = performance.now();
    const id = String(req.params.id);
    // Malformed: never sent upstream; the 404 page answers (next() falls through to it).
    if (!TITLE_ID.test(id)) return next();
    const model = createModel(req);
    await model.get(...titleDetailsQuery(id));
    const upstreamMs = performance.now() - started;
    const details = titleProps(model.getCache(), id).title;
    if (!details) {
      if (titleIsMissing(model.getCache(), id)) return next();
      // The catalog failed (not "no such title"): the 500 page, details logged there.
      return next(Object.assign(new Error(`title ${id} unavailable`), { status: 503 }));
    }
    const params = { id };
    await streamPage(req, res, {
      title: titlePageModule.documentTitle({ title: details }),
      description: details.tagline ?? `${details.name}, a film.`,
      route: '/title/:id',
      started,
      upstreamMs,
      load: async () => {
        await model.get(...titlePageModule.query(params));
        const cache = model.getCache();
        const initial = {
          Component: titlePageModule.Component,
          props: titlePageModule.props(cache, params),
          key: req.path,
        };
        return { cache, element: createElement(App, { initial }) };
      },
    });
  };
}
