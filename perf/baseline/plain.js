// @ts-check
// The plain reference page: what a server-rendered page of cards costs with
// nothing of Marquee's around it. Express 5 and renderToString, CARDS cards
// (200 by default), each a link, an image and two text spans, or the markup
// of Marquee's card (PLAIN_CARD_MARKUP=marquee: ./plain-cards.js); the data from
// the catalog in one call over one keep-alive agent; no cookies, no logging,
// no compression, no client script. Written apart from Marquee's code on
// purpose: a yardstick that shares Marquee's components or middleware
// measures them on both sides. A perf tool, never part of the app:
// `npm run perf:load -- --per-card` starts it beside Marquee.
// Environment: PORT, HOST, CATALOG_URL, PLAIN_CARDS (a whole number, 1 to 500),
// PLAIN_CARD_MARKUP (plain or marquee).
import http from 'node:http';
import express from 'express';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { CARD_MARKUPS, pageOf } from './plain-cards.js';

/** Titles per list in one catalog call (the catalog's rows hold 10 cards each). */
const PER_LIST = 10;
const cards = Number(process.env.PLAIN_CARDS ?? 200);
if (!Number.isInteger(cards) || cards < 1 || cards > 500) {
  console.error(`plain: PLAIN_CARDS must be a whole number from 1 to 500, got ${process.env.PLAIN_CARDS}`);
  process.exit(2);
}
const markup = /** @type {typeof CARD_MARKUPS[number]} */ (process.env.PLAIN_CARD_MARKUP || 'plain');
if (!CARD_MARKUPS.includes(markup)) {
  console.error(`plain: PLAIN_CARD_MARKUP must be one of ${CARD_MARKUPS.join(', ')}, got ${markup}`);
  process.exit(2);
}
const Page = pageOf(markup);
const lists = Math.ceil(cards / PER_LIST);
const catalog = new URL(String(process.env.CATALOG_URL));
// One keep-alive agent: the catalog's sockets reused from page to page.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const query = `/lists?from=0&to=${PER_LIST - 1}&titles=${Array.from({ length: lists }, (_, i) => i).join(',')}`;

/**
 * @typedef {{ id: string, name: string, year?: number, rating?: number | null }} Title
 * @typedef {{ id: string, name: string, ids: string[] }} List
 * @returns {Promise<{ lists: List[], titles: Record<string, Title> }>}
 */
function fetchRows() {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(query, catalog), { agent }, (res) => {
      const chunks = /** @type {Buffer[]} */ ([]);
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`catalog answered ${res.statusCode}`));
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (error) {
          reject(error);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.get('/', async (_req, res, next) => {
  try {
    const answer = await fetchRows();
    let left = cards;
    const rows = answer.lists.slice(0, lists).map((list) => {
      const titles = list.ids.slice(0, left).flatMap((id) => (answer.titles[id] ? [answer.titles[id]] : []));
      left -= titles.length;
      return { list, titles };
    });
    const body = renderToString(h(Page, { rows }));
    res.type('html').send(`<!doctype html><html><head><title>Plain</title></head><body>${body}</body></html>`);
  } catch (error) {
    next(error);
  }
});
app.get('/healthz', (_req, res) => res.json({ ok: true, pid: process.pid }));

const server = http.createServer(app);
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`plain: listening on http://${process.env.HOST ?? '127.0.0.1'}:${port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
