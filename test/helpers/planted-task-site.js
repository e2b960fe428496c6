// @ts-check
// A site of the tests' own, not Marquee's, for perf:tti on "any page":
// /task carries a planted 300 ms task a while after the load event (a second
// by default: taskDelayMs), /quiet is
// the same page without it, /go-task redirects to /task. Every page's CSP
// forbids inline script (script-src 'self'), and each page holds an inline
// script that would report itself: the site records whether one ever ran, and
// the end of each planted task (performance.now(), by engine). With tls, over
// HTTPS with a certificate made here (server/catalog/tls.js), which nothing trusts.
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createSelfSignedCertificate } from '../../server/catalog/tls.js';
import { once } from 'node:events';

export const PLANTED_TASK_MS = 300;
export const CSP = "default-src 'self'; script-src 'self'";

/** @param {string} script */
const page = (script) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Planted task</title>
<script>fetch('/inline-ran', { method: 'POST' });</script>
<script src="/${script}" defer></script></head>
<body><h1>A page that is not Marquee's</h1><p>One heading, one paragraph, one script.</p></body></html>`;

/** @param {number} delayMs */
const task = (delayMs) => `addEventListener('load', () => {
  setTimeout(() => {
    const start = performance.now();
    while (performance.now() - start < ${PLANTED_TASK_MS}) {} // the planted task: the main thread held
    fetch('/planted', { method: 'POST', body: String(performance.now()) });
  }, ${Number(delayMs)});
});`;

/** @param {string | undefined} ua */
function engineOf(ua = '') {
  if (ua.includes('Firefox/')) return 'firefox';
  if (ua.includes('Chrome/')) return 'chromium';
  return 'webkit';
}

/**
 * @param {{ tls?: boolean, taskDelayMs?: number }} [options]
 * @returns {Promise<{ url: string, planted: Record<string, number[]>, inlineRan: number, close: () => Promise<void> }>}
 *   planted: each planted task's end, in page time, by engine, in load order
 */
export async function startPlantedTaskSite({ tls = false, taskDelayMs = 1000 } = {}) {
  const TASK = task(taskDelayMs);
  /** @type {Record<string, number[]>} */
  const planted = {};
  const site = { url: '', planted, inlineRan: 0, close: async () => {} };
  /** @type {import('node:http').RequestListener} */
  const handle = (req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.url === '/planted') (planted[engineOf(req.headers['user-agent'])] ??= []).push(Number(body));
        if (req.url === '/inline-ran') site.inlineRan += 1;
        res.writeHead(204).end();
      });
      return;
    }
    if (req.url === '/go-task') return void res.writeHead(302, { location: '/task' }).end();
    const js = { '/task.js': TASK, '/quiet.js': '// the same page, no task' }[req.url ?? ''];
    if (js !== undefined) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    const html = { '/task': page('task.js'), '/quiet': page('quiet.js') }[req.url ?? ''];
    if (html === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP }).end(html);
  };
  const server = tls ? createHttpsServer(await createSelfSignedCertificate('127.0.0.1'), handle) : createServer(handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  site.url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  site.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}
