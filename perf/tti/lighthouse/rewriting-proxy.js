// @ts-check
// A small proxy in front of a page that rewrites its HTML and passes every
// other request through untouched: the floors of perf:tti (--floor,
// --react-floor) are the page's own HTML with only its scripts changed. It can
// also serve a folder of its own (the React-only floor's bundle).
import { createServer } from 'node:http';
import { once } from 'node:events';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlibConstants,
  gunzipSync,
  gzipSync,
  inflateSync,
} from 'node:zlib';
import { Agent, request } from 'undici';

/**
 * Compressed as the page's own responses are: on a throttled link the floor
 * must not pay for bytes the page does not send (nor save bytes it does).
 * Pitfall: zlib's brotli default is quality 11, about 100 ms of CPU for a
 * page's HTML and several times that for a 200 KB bundle, on the proxy the
 * floor's load waits for; the page's own server sends HTML at quality 4
 * (server/delivery/compression.js) and its assets compressed at build time.
 * So HTML goes at quality 4, and files of the proxy's own (`cache`) are
 * compressed once, at 11, as a build would.
 * @param {Buffer} body
 * @param {import('node:http').IncomingMessage} req
 * @param {Map<string, Buffer> | null} [cache] keyed by encoding: for a file served again and again
 * @returns {{ body: Buffer, headers: Record<string, string> }}
 */
function compressFor(body, req, cache = null) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const once = (/** @type {string} */ encoding, /** @type {() => Buffer} */ make) => {
    if (!cache) return make();
    const made = cache.get(encoding) ?? make();
    cache.set(encoding, made);
    return made;
  };
  if (/\bbr\b/.test(accepts))
    return {
      body: once('br', () =>
        brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: cache ? 11 : 4 } }),
      ),
      headers: { 'content-encoding': 'br', vary: 'Accept-Encoding' },
    };
  if (/\bgzip\b/.test(accepts))
    return {
      body: once('gzip', () => gzipSync(body)),
      headers: { 'content-encoding': 'gzip', vary: 'Accept-Encoding' },
    };
  return { body, headers: {} };
}

/**
 * @param {Buffer} body
 * @param {string | string[] | undefined} encoding the response's content-encoding
 * @returns {Buffer} the body as the server wrote it
 */
function decode(body, encoding) {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

/**
 * @param {string} target origin of the page, e.g. http://127.0.0.1:3000
 * @param {{
 *   rewriteHtml: (html: string, pathname: string) => string,
 *   rewriteHtmlHeaders?: (headers: Record<string, any>, pathname: string) => void,
 *   files?: { prefix: string, dir: string },
 *   acceptUntrustedCertificate?: boolean,
 * }} how rewriteHtml: the page's HTML as the proxy sends it; rewriteHtmlHeaders:
 *   changes an HTML response's headers in place (e.g. its CSP); files: URLs under
 *   prefix (e.g. /__react-floor/) answered from dir as JavaScript;
 *   acceptUntrustedCertificate: an https target whose certificate this machine
 *   does not trust (one made here) is fetched all the same
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>} url: the proxy's origin
 */
export async function startRewritingProxy(
  target,
  { rewriteHtml, rewriteHtmlHeaders, files, acceptUntrustedCertificate },
) {
  const origin = new URL(target).origin;
  const dispatcher = acceptUntrustedCertificate ? new Agent({ connect: { rejectUnauthorized: false } }) : undefined;
  /** @type {string} set once listening */
  let proxyOrigin = '';
  /** @type {Map<string, Map<string, Buffer>>} the proxy's own files, compressed, by path */
  const compressedFiles = new Map();
  // Before the first request, as a build would: a floor load must never wait for its compression.
  if (files)
    for (const name of readdirSync(files.dir, { recursive: true })) {
      const file = path.join(files.dir, String(name));
      if (!statSync(file).isFile()) continue;
      const cache = new Map();
      for (const encoding of ['br', 'gzip'])
        compressFor(readFileSync(file), /** @type {any} */ ({ headers: { 'accept-encoding': encoding } }), cache);
      compressedFiles.set(file, cache);
    }
  const server = createServer(async (req, res) => {
    try {
      const pathname = new URL(req.url ?? '/', origin).pathname;
      if (files && pathname.startsWith(files.prefix)) {
        const file = path.resolve(files.dir, `.${pathname.slice(files.prefix.length - 1)}`);
        if (!file.startsWith(files.dir + path.sep)) return void res.writeHead(404).end();
        const content = await readFile(file).catch(() => null);
        if (!content) return void res.writeHead(404).end();
        const cache = compressedFiles.get(file) ?? new Map();
        compressedFiles.set(file, cache);
        const { body, headers } = compressFor(content, req, cache);
        res.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          ...headers,
          'content-length': body.length,
        });
        return void res.end(body);
      }
      // The client's own accept-encoding: scripts and styles passed through arrive compressed as the page sends them.
      const headers = { ...req.headers, host: new URL(origin).host };
      const upstream = await request(origin + (req.url ?? '/'), {
        method: /** @type {import('undici').Dispatcher.HttpMethod} */ (req.method ?? 'GET'),
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req,
        dispatcher,
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
      // A redirect within the page's origin stays behind the proxy (else the next page would not be rewritten).
      const location = outHeaders.location;
      if (typeof location === 'string' && new URL(location, origin).origin === origin)
        outHeaders.location = proxyOrigin + new URL(location, origin).href.slice(origin.length);
      if (type.startsWith('text/html')) {
        const sent = Buffer.from(await upstream.body.arrayBuffer());
        delete outHeaders['content-encoding'];
        // Re-encoded as UTF-8 below: say so, or a page that names its charset late (a <meta> pushed past
        // the first 1024 bytes by an inserted script) would be read in the browser's default encoding.
        if (!/charset=/i.test(type)) outHeaders['content-type'] = `${type}; charset=utf-8`;
        rewriteHtmlHeaders?.(outHeaders, pathname);
        const html = Buffer.from(
          rewriteHtml(decode(sent, upstream.headers['content-encoding']).toString('utf8'), pathname),
        );
        const { body, headers: encoding } = compressFor(html, req);
        res.writeHead(upstream.statusCode, { ...outHeaders, ...encoding, 'content-length': body.length });
        res.end(body);
        return;
      }
      res.writeHead(upstream.statusCode, outHeaders);
      for await (const chunk of upstream.body) res.write(chunk);
      res.end();
    } catch (error) {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`perf:tti proxy: ${error instanceof Error ? error.message : error}`);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  proxyOrigin = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        dispatcher?.close().catch(() => {}); // a second stop() finds it closed already
      }),
  };
}
