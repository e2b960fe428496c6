// @ts-check
// Development only (config.isDev): a Server-Sent Events stream that tells an
// open page to reload itself (the page's side: ./reload-snippet.js).
// - After a client rebuild the server's manifest changes, and after a save
//   under views/ (the page shells and all the CSS) the templates recompile:
//   either way reload() sends "reload".
// - After a server restart the stream drops and the page reconnects: the
//   "hello" sent on each connection carries this process's id, and a page
//   that sees a new one reconnected to a new server.
import { randomUUID } from 'node:crypto';

export const RELOAD_PATH = '/__dev/reload';

// Per process, not per app: every app a process makes is the same server code.
const SERVER_ID = randomUUID();

// How soon the page reconnects after the stream drops (Chromium's own: 3 s).
const RETRY_MS = 250;

export function createReloadStream() {
  /** @type {Set<import('express').Response>} */
  const open = new Set();
  let closed = false;

  /** @type {import('express').RequestHandler} */
  function handler(req, res) {
    // A network error, not a status: EventSource gives up for good on a 503.
    if (closed) return void req.socket.destroy();
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      // Its socket ends with it: the page's reconnect then finds the next server, never this one draining.
      Connection: 'close',
    });
    res.write(`retry: ${RETRY_MS}\nevent: hello\ndata: ${SERVER_ID}\n\n`);
    open.add(res);
    res.once('close', () => open.delete(res));
  }

  return {
    handler,
    reload() {
      for (const res of open) res.write('event: reload\ndata: \n\n');
    },
    /** On drain, not on close: an open stream would hold the server's close() for its whole grace period. */
    close() {
      closed = true;
      for (const res of open) res.end();
    },
  };
}
