// @ts-check
// The page's side of ./reload-stream.js, inlined by views/page.hbs and
// views/error.hbs as the `dev-reload` partial, which only a development app
// registers: production pages and the client bundle carry none of it.
import { RELOAD_PATH } from './reload-stream.js';

// The first "hello" names the server that the page talks to; a later one with
// another id comes after a reconnect to a restarted server.
export const RELOAD_SNIPPET = `<script nonce="{{nonce}}">(() => {
  let server;
  const events = new EventSource(${JSON.stringify(RELOAD_PATH)});
  events.addEventListener('hello', ({ data }) => {
    if (server !== undefined && server !== data) location.reload();
    server = data;
  });
  events.addEventListener('reload', () => location.reload());
})();</script>`;
