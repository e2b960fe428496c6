// @ts-check
// The page's floor: the same HTML with every <script> and every preload taken
// out, served by a small proxy in front of the page. First paint of the floor
// is what the HTML alone allows; `perf:tti --lighthouse --floor` sets the page
// beside it. Everything else (CSS inline, images, the server's timing) is the
// page's own, so the difference is what the JavaScript costs first paint.
import { createServer } from 'node:http';
import { once } from 'node:events';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
const PRELOAD = /<link\b[^>]*\brel=["']?(?:modulepreload|preload)["']?[^>]*>/gi;

/**
 * @param {string} html
 * @returns {string} the HTML without scripts (JSON data islands included: nothing reads them) and preloads
 */
export function stripScripts(html) {
  return html.replace(SCRIPT, '').replace(PRELOAD, '');
}

/**
 * @param {string} target origin of the page, e.g. http://127.0.0.1:3000
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>} url: the proxy's origin
 */
export async function startFloorProxy(target) {
  const origin = new URL(target).origin;
  const server = createServer(async (req, res) => {
    try {
      const headers = { ...req.headers, host: new URL(origin).host, 'accept-encoding': 'identity' };
      const upstream = await request(origin + (req.url ?? '/'), {
        method: /** @type {import('undici').Dispatcher.HttpMethod} */ (req.method ?? 'GET'),
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req,
      });
      const type = String(upstream.headers['content-type'] ?? '');
      const outHeaders = { ...upstream.headers };
      delete outHeaders['content-length'];
      delete outHeaders['transfer-encoding'];
      delete outHeaders.connection;
      delete outHeaders['keep-alive'];
      // The page announces trailers (Server-Timing): a body sent whole with a
      // length cannot carry them, and Node refuses the header then.
      delete outHeaders.trailer;
      if (type.startsWith('text/html')) {
        // Compressed again as the page's own HTML is: on a throttled link the
        // floor must not pay for bytes the page does not send.
        const html = Buffer.from(stripScripts(await upstream.body.text()));
        const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
        const body = gzip ? gzipSync(html) : html;
        res.writeHead(upstream.statusCode, {
          ...outHeaders,
          ...(gzip ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
          'content-length': body.length,
        });
        res.end(body);
        return;
      }
      res.writeHead(upstream.statusCode, outHeaders);
      for await (const chunk of upstream.body) res.write(chunk);
      res.end();
    } catch (error) {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`floor proxy: ${error instanceof Error ? error.message : error}`);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
