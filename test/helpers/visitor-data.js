// @ts-check
// What the visitor-store tests and measurements share: title ids to write,
// the app as its own process (`server/index.js`, as `npm start` runs it
// minus the bundle), and the app's `myList.add` call as a browser sends it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 30_000;

/**
 * `count` distinct title ids, read from the catalog's lists.
 * @param {string} catalogUrl
 * @param {number} count
 * @returns {Promise<string[]>}
 */
export async function titleIds(catalogUrl, count) {
  const { lists } = await (await fetch(`${catalogUrl}/lists`)).json();
  const ids = new Set();
  for (const list of lists) {
    const { ids: some } = await (await fetch(`${catalogUrl}/lists/${list.id}?from=0&to=499`)).json();
    for (const id of some) ids.add(id);
    if (ids.size >= count) return [...ids].slice(0, count);
  }
  throw new Error(`the catalog's lists hold ${ids.size} distinct titles, fewer than ${count}`);
}

/**
 * The app server as its own process, on a free port, against `catalogUrl`.
 * @param {{ catalogUrl: string, env?: Record<string, string> }} options
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 */
export async function startAppProcess({ catalogUrl, env = {} }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WORKERS: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_URL: catalogUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`app not listening within 30 s:\n${output}`)), START_TIMEOUT_MS);
      child.stdout?.on('data', (chunk) => {
        output += chunk;
        const found = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`app exited (code ${code}):\n${output}`));
      });
    });
    return {
      url,
      child,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/**
 * A new visitor of the app: its cookie, and its id as the catalog knows it.
 * @param {string} appUrl
 * @returns {Promise<{ cookie: string, visitorId: string }>}
 */
export async function newVisitor(appUrl) {
  const res = await fetch(`${appUrl}/healthz`);
  await res.arrayBuffer();
  const cookie = /marquee_visitor=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`${appUrl} handed out no visitor cookie`);
  // A signed cookie is `s:<id>.<signature>`, URL-encoded.
  const visitorId = /^s:([A-Za-z0-9_-]+)\./.exec(decodeURIComponent(cookie.split('=')[1]))?.[1];
  if (!visitorId) throw new Error(`cannot read the visitor id in ${cookie}`);
  return { cookie, visitorId };
}

/**
 * `call myList.add(id)` through /model.json, as the browser sends it.
 * @param {string} appUrl
 * @param {string} cookie
 * @param {string} id
 * @returns {Promise<{ status: number, jsonGraph: any }>}
 */
export async function addThroughApp(appUrl, cookie, id) {
  const res = await fetch(`${appUrl}/model.json`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: `method=call&callPath=${encodeURIComponent('["myList","add"]')}&arguments=${encodeURIComponent(JSON.stringify([id]))}`,
  });
  const body = await res.json();
  return { status: res.status, jsonGraph: body.jsonGraph };
}

/**
 * The visitor's list as the app reads it: myList.length and every position.
 * @param {string} appUrl
 * @param {string} cookie
 * @returns {Promise<string[]>}
 */
export async function listThroughApp(appUrl, cookie) {
  const get = async (/** @type {unknown[]} */ paths) => {
    const res = await fetch(`${appUrl}/model.json?method=get&paths=${encodeURIComponent(JSON.stringify(paths))}`, {
      headers: { cookie },
    });
    return (await res.json()).jsonGraph;
  };
  const length = (await get([['myList', 'length']])).myList.length;
  if (length === 0) return [];
  const graph = await get([['myList', { from: 0, to: length - 1 }]]);
  return Array.from({ length }, (_, i) => graph.myList[i].value[1]);
}
