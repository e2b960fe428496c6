// @ts-check
// GET /: the catalog home page. Only the first ATF_ROWS rows are fetched and
// rendered here; the rest are placeholders the client fills near the viewport.
// Pitfall: rendering the whole page on the server costs CPU per request and
// delays the tail (Netflix, "Making Netflix.com Faster", 2015).
import { createElement } from 'react';
import { homeQuery, homeProps } from '../../shared/pages/home.js';
import { App } from '../../shared/components/App.jsx';
import { HomePage } from '../../shared/components/HomePage.jsx';

/**
 * @param {{
 *   atfRows: number | 'all',
 *   createModel: (req: import('express').Request) => any,
 *   streamPage: ReturnType<typeof import('../render/stream-page.js').createPageStreamer>,
 * }} deps
 * @returns {import('express').RequestHandler}
 */
export function homePage({ atfRows, createModel, streamPage }) {
  return (req, res) =>
    streamPage(req, res, {
      title: 'Marquee · Films to watch',
      description: 'Rows of films to browse: top rated, highest grossing, by genre, decade and director.',
      route: '/',
      load: async () => {
        const model = createModel(req);
        // ATF_ROWS=all costs one more round trip: the row count comes first.
        const rows = atfRows === 'all' ? Number(await model.getValue(['lists', 'length'])) || 0 : atfRows;
        await model.get(...homeQuery(rows));
        const cache = model.getCache();
        const initial = { Component: HomePage, props: homeProps(cache, rows), key: '/' };
        const element = createElement(App, { initial });
        return { cache, element, page: { atfRows: rows } };
      },
    });
}
