// @ts-check
// The page's floor for perf:tti --floor: the same HTML through a proxy, with
// every script (data islands too) and every preload gone, and nothing else
// changed: styles, images and the status stay the page's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { gunzipSync } from 'node:zlib';
import { startFloorProxy, stripScripts } from '../../../perf/tti/lighthouse/floor-proxy.js';

const PAGE = `<!doctype html><html><head>
<link rel="modulepreload" fetchpriority="low" href="/assets/a.js">
<link rel="preload" as="image" href="/art/1.webp">
<style>h1{color:red}</style></head><body><h1>Hi</h1><img src="/art/1.webp">
<script type="application/json" id="data">{"a":"</scr"+"ipt>"}</script>
<script type="module" src="/assets/a.js"></script>
</body></html>`;

test('stripScripts leaves the HTML without scripts and preloads, and the rest as it was', () => {
  const floor = stripScripts(PAGE);
  assert.doesNotMatch(floor, /<script|preload/i);
  assert.match(floor, /<style>h1\{color:red\}<\/style>/);
  assert.match(floor, /<h1>Hi<\/h1><img src="\/art\/1.webp">/);
});

test('the proxy serves the floor of HTML, gzipped when asked, and everything else untouched', async () => {
  const origin = createServer((req, res) => {
    if (req.url === '/') {
      // As Marquee's pages are sent: streamed, a trailer announced and sent at the end.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', trailer: 'Server-Timing' });
      res.write(PAGE);
      res.addTrailers({ 'server-timing': 'total;dur=1' });
      return void res.end();
    }
    if (req.url === '/missing')
      return void res.writeHead(404, { 'content-type': 'text/html' }).end('<p>no</p><script>x</script>');
    res.writeHead(200, { 'content-type': 'image/webp' }).end(Buffer.from([1, 2, 3]));
  });
  origin.listen(0, '127.0.0.1');
  await once(origin, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (origin.address());
  const proxy = await startFloorProxy(`http://127.0.0.1:${port}/`);
  try {
    const page = await fetch(`${proxy.url}/`, { headers: { 'accept-encoding': 'identity' } });
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.equal(html, stripScripts(PAGE));

    const raw = await import('undici').then(({ request }) =>
      request(`${proxy.url}/`, { headers: { 'accept-encoding': 'gzip' } }),
    );
    assert.equal(raw.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(Buffer.from(await raw.body.arrayBuffer())).toString(), html);

    const missing = await fetch(`${proxy.url}/missing`);
    assert.equal(missing.status, 404, 'the status is the page’s own');
    assert.equal(await missing.text(), '<p>no</p>');

    const image = await fetch(`${proxy.url}/art/1.webp`);
    assert.deepEqual([...new Uint8Array(await image.arrayBuffer())], [1, 2, 3]);
  } finally {
    await proxy.stop();
    origin.close();
  }
});
