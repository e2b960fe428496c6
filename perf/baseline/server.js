// @ts-check
// The home page without a data layer: a measuring stick for what the JSON
// Graph costs. The same React components, page shell and compression, the
// same catalog through the same keep-alive pool, but props built straight
// from the catalog's JSON: no Falcor router, no graph, no cache of any kind.
// It is a perf tool, never part of the app (`npm start` cannot reach it):
// `npm run perf:load -- --baseline` starts it beside Marquee and compares.
// Environment: PORT, HOST, CATALOG_URL, ATF_ROWS (a number or all).
import http from 'node:http';
import express from 'express';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createUpstream } from '../../server/upstream/pool.js';
import { createTemplates } from '../../server/render/templates.js';
import { createClientManifest } from '../../server/render/client-manifest.js';
import { serializeJsonForHtml } from '../../server/render/serialize-json.js';
import { securityHeaders } from '../../server/middleware/security-headers.js';
import { VIEWS_DIR, CLIENT_DIR } from '../../server/paths.js';
import { App } from '../../shared/components/App.jsx';
import * as homePage from '../../shared/pages/home.js';
import { CARDS_PER_ROW } from '../../shared/graph/limits.js';
import { TitleCard } from '../../shared/components/TitleCard.jsx';
import { listHref } from '../../shared/ids.js';

const atfRows = process.env.ATF_ROWS === 'all' ? 'all' : Number(process.env.ATF_ROWS ?? 3);
const upstream = createUpstream({
  url: String(process.env.CATALOG_URL),
  connections: 64,
  keepAliveMs: 10_000,
  timeoutMs: 2_000,
});
const templates = createTemplates({ viewsDir: VIEWS_DIR });
const manifest = createClientManifest({ distDir: CLIENT_DIR });

const app = express();
app.disable('x-powered-by');
app.use(securityHeaders());
app.get('/', async (_req, res, next) => {
  try {
    // Every list with its first ids in one call, then their titles: the same two round trips as Marquee's.
    const { body } = await upstream.requestJson('GET', `/lists?from=0&to=${CARDS_PER_ROW - 1}`);
    const lists = /** @type {{ id: string, name: string, ids: string[] }[]} */ (body.lists);
    const rows = atfRows === 'all' ? lists.length : Math.min(atfRows, lists.length);
    const titles = await titlesById(lists.slice(0, rows).flatMap((list) => list.ids));
    const props = {
      rowCount: lists.length,
      rows: lists.map((list, index) => (index < rows ? rowOf(list, index, titles) : null)),
      myList: null,
    };
    const { head, tail } = templates.get('page');
    const client = manifest.get();
    const shell = {
      title: homePage.documentTitle(),
      description: homePage.description(),
      nonce: res.locals.nonce,
      client,
    };
    res.type('html').set('Cache-Control', 'private, no-store');
    res.write(head(shell));
    const initial = { Component: homePage.Component, props, key: '/' };
    res.write(renderToString(createElement(App, { initial })));
    res.end(tail({ ...shell, pageDataJson: serializeJsonForHtml({ props, page: { route: '/' } }) }));
  } catch (error) {
    next(error);
  }
});
app.get('/healthz', (_req, res) => res.json({ ok: true, pid: process.pid }));

/**
 * Titles by id, 200 per call (the catalog's limit), the calls in parallel.
 * @param {string[]} ids
 * @returns {Promise<Record<string, Record<string, unknown>>>}
 */
async function titlesById(ids) {
  const unique = [...new Set(ids)];
  const batches = [];
  for (let i = 0; i < unique.length; i += 200) batches.push(unique.slice(i, i + 200));
  const answers = await Promise.all(
    batches.map((batch) => upstream.requestJson('GET', `/titles?ids=${batch.map(encodeURIComponent).join(',')}`)),
  );
  return Object.assign({}, ...answers.map(({ body }) => body.titles));
}

/**
 * A row's props in the shape the graph readers give (shared/graph/rows.js).
 * @param {{ id: string, name: string, ids: string[] }} list
 * @param {number} index
 * @param {Record<string, Record<string, unknown>>} titles
 */
function rowOf(list, index, titles) {
  const cards = list.ids.flatMap((id) => {
    const title = titles[id];
    if (!title) return [];
    /** @type {Record<string, unknown>} */
    const card = { id, name: title.name, boxart: `/art/${id}.svg`, inMyList: false };
    for (const key of TitleCard.paths) if (title[key] != null && !(key in card)) card[key] = title[key];
    return [card];
  });
  const href = listHref(list.id);
  return { index, id: list.id, name: list.name, titles: cards, ...(href ? { href } : {}) };
}

const server = http.createServer(app);
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`baseline: listening on http://${process.env.HOST ?? '127.0.0.1'}:${port}`);
});
process.once('SIGTERM', () => server.close(() => upstream.close().then(() => process.exit(0))));
