// @ts-check
// The reference for exercise 07: bare node:http answering what Marquee's
// /healthz answers, with no framework, no middleware and no deferral. The
// story compared its framework with this; so does the exercise's README.
//   node perf/exercises/07-deferred-responses/bare-server.js   (prints its URL)
import http from 'node:http';

const body = JSON.stringify({ ok: true, pid: process.pid });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`bare node:http on http://127.0.0.1:${port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
process.once('SIGINT', () => server.close(() => process.exit(0)));
