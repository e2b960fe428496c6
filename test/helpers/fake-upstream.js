// @ts-check
/**
 * An in-memory stand-in for `createUpstream()` speaking the catalog contract,
 * for unit tests that count upstream calls without sockets or timing noise.
 * Integration tests use the real catalog (test/helpers/catalog.js) instead.
 * `serveFakeUpstream()` puts the same fake behind a real HTTP server under a
 * base path, like someone else's API (`https://api.example.com/v1`), and
 * records what each request carried.
 */
import { createServer } from 'node:http';
import { once } from 'node:events';
import { UpstreamError } from '../../server/upstream/errors.js';

/**
 * @param {object} [options]
 * @param {number} [options.lists] how many lists
 * @param {number} [options.listLength] titles per list
 * @param {number} [options.latencyMs] each call's round trip
 * @param {(method: string, path: string) => UpstreamError | undefined} [options.fail] inject a failure
 */
export function createFakeUpstream({ lists = 5, listLength = 40, latencyMs = 1, fail } = {}) {
  /** @type {{ method: string, path: string, body: unknown, startedAt: number }[]} */
  const calls = [];
  const titles = new Map();
  const allLists = Array.from({ length: lists }, (_, l) => {
    const ids = Array.from({ length: listLength }, (_, j) => `film-${(l * 7 + j) % 120}-${1990 + j}`);
    for (const id of ids) {
      titles.set(id, {
        id,
        name: `Film ${id}`,
        year: Number(id.slice(-4)),
        rating: 7.1,
        genre: l % 2 ? null : 'Drama',
        director: 'A. Director',
        runtime: 101,
        mpaa: 'PG',
        tagline: 'A film.',
        boxart: `/art/${id}.svg`,
      });
    }
    return { id: `list-${l}`, name: `List ${l}`, length: ids.length, ids };
  });
  /** @type {Map<string, string[]>} */
  const myLists = new Map();
  /** @type {Map<string, Map<string, number>>} */
  const ratings = new Map();

  /**
   * @param {string} method
   * @param {string} path
   * @param {any} [body]
   * @returns {Promise<{ status: number, body: any }>}
   */
  async function requestJson(method, path, body) {
    calls.push({ method, path, body, startedAt: performance.now() });
    await new Promise((resolve) => setTimeout(resolve, latencyMs)); // a real round trip is never synchronous
    const injected = fail?.(method, path);
    if (injected) throw injected;
    const url = new URL(path, 'http://catalog');
    const parts = url.pathname.split('/').slice(1);
    const notFound = () => {
      throw new UpstreamError(`${method} ${path} answered 404`, { code: 'http', status: 404 });
    };
    if (method === 'GET' && path === '/lists')
      return ok({ lists: allLists.map(({ id, name, length }) => ({ id, name, length })) });
    if (method === 'GET' && url.pathname === '/lists') {
      const from = Number(url.searchParams.get('from'));
      const to = Number(url.searchParams.get('to'));
      const answer = {
        from,
        to,
        lists: allLists.map(({ id, name, length, ids }) => ({ id, name, length, ids: ids.slice(from, to + 1) })),
      };
      const positions = url.searchParams.get('titles');
      if (positions === null) return ok(answer);
      /** @type {Record<string, object>} */
      const found = {};
      for (const p of positions.split(',').map(Number))
        for (const id of allLists[p]?.ids.slice(from, to + 1) ?? []) found[id] = titles.get(id);
      return ok({ ...answer, titles: found });
    }
    if (method === 'GET' && parts[0] === 'lists') {
      const list = allLists.find((l) => l.id === parts[1]) ?? notFound();
      const from = Number(url.searchParams.get('from'));
      const to = Math.min(Number(url.searchParams.get('to')), list.length - 1);
      return ok({ id: list.id, name: list.name, length: list.length, from, to, ids: list.ids.slice(from, to + 1) });
    }
    if (method === 'GET' && url.pathname === '/more-like-this') {
      // The first two lists holding a title stand in for its genre's and director's.
      const from = Number(url.searchParams.get('from'));
      const to = Number(url.searchParams.get('to'));
      /** @type {Record<string, string[]>} */
      const similar = {};
      /** @type {Record<string, object>} */
      const parts = {};
      /** @type {Record<string, object>} */
      const found = {};
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      for (const id of ids.filter((x) => titles.has(x))) {
        found[id] = titles.get(id);
        const like = allLists.filter((l) => l.ids.includes(id)).slice(0, 2);
        similar[id] = like.map((l) => l.id);
        for (const { id: listId, name, length, ids: members } of like) {
          const part = members.slice(from, to + 1);
          for (const t of part) found[t] = titles.get(t);
          parts[listId] = { id: listId, name, length, from, to: from + part.length - 1, ids: part };
        }
      }
      return ok({ from, to, similar, lists: parts, titles: found, missing: ids.filter((x) => !titles.has(x)) });
    }
    if (method === 'GET' && parts[0] === 'titles') {
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      if (ids.length > 200) throw new UpstreamError('over 200 ids', { code: 'http', status: 400 });
      /** @type {Record<string, object>} */
      const found = {};
      for (const id of ids) if (titles.has(id)) found[id] = titles.get(id);
      return ok({ titles: found, missing: ids.filter((id) => !titles.has(id)) });
    }
    if (parts[0] === 'visitors') {
      const vid = parts[1];
      const list = myLists.get(vid) ?? [];
      const mine = ratings.get(vid) ?? new Map();
      if (parts[2] === 'my-list' && method === 'GET') return ok({ ids: list });
      if (parts[2] === 'my-list') {
        const id = parts[3];
        if (!titles.has(id)) notFound();
        const next = [...(method === 'PUT' ? [id] : []), ...list.filter((x) => x !== id)];
        myLists.set(vid, next);
        return ok({ ids: next });
      }
      if (parts[2] === 'ratings' && method === 'GET') {
        /** @type {Record<string, number | null>} */
        const answer = {};
        for (const id of (url.searchParams.get('ids') ?? '').split(',')) answer[id] = mine.get(id) ?? null;
        return ok({ ratings: answer });
      }
      if (parts[2] === 'ratings' && method === 'PUT') {
        if (!titles.has(parts[3])) notFound();
        if (body.rating === null) mine.delete(parts[3]);
        else mine.set(parts[3], body.rating);
        ratings.set(vid, mine);
        return ok({ id: parts[3], rating: body.rating });
      }
    }
    return notFound();
  }

  return {
    requestJson,
    calls,
    /** Calls that had to wait for an earlier answer: starts more than half a round trip apart. */
    waves() {
      const starts = calls.map((c) => c.startedAt).sort((a, b) => a - b);
      return starts.filter((t, i) => i === 0 || t - starts[i - 1] > latencyMs / 2).length;
    },
    lists: allLists,
    stats: () => ({ connected: 0, free: 0, pending: 0, running: 0, queued: 0, size: 0 }),
    close: async () => {},
  };
}

/** @param {unknown} body */
function ok(body) {
  return { status: 200, body: structuredClone(body) };
}

/**
 * @typedef {object} ServedRequest
 * @property {string} method
 * @property {string} url as received, base path included
 * @property {import('node:http').IncomingHttpHeaders} headers
 */

/**
 * The in-memory fake over HTTP on a free port, answering under `basePath`
 * only (anything else is a 404 that the test sees as a wrong path).
 * @param {Parameters<typeof createFakeUpstream>[0] & { basePath?: string }} [options]
 * @returns {Promise<{ url: string, requests: ServedRequest[], fake: ReturnType<typeof createFakeUpstream>, close: () => Promise<void> }>}
 *   url: origin + base path, no trailing slash
 */
export async function serveFakeUpstream({ basePath = '', ...options } = {}) {
  const fake = createFakeUpstream({ latencyMs: 0, ...options });
  /** @type {ServedRequest[]} */
  const requests = [];
  const server = createServer(async (req, res) => {
    const url = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', url, headers: req.headers });
    let text = '';
    for await (const chunk of req) text += chunk;
    /** @param {number} status @param {unknown} body */
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (!url.startsWith(`${basePath}/`)) return send(404, { error: `not under ${basePath}/` });
    const path = url.slice(basePath.length);
    if (path === '/health') return send(200, { ok: true });
    try {
      const answer = await fake.requestJson(req.method ?? 'GET', path, text ? JSON.parse(text) : undefined);
      send(answer.status, answer.body);
    } catch (error) {
      send(error instanceof UpstreamError ? error.status || 500 : 500, { error: String(error?.message ?? error) });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    requests,
    fake,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
