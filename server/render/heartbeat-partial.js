// @ts-check
// The `heartbeat` partial of views/page.hbs: the frame heartbeat of
// client/measure/heartbeat-snippet.js as an inline script with the page's CSP
// nonce, first in the head so it runs before any script of the app.
import { HEARTBEAT_SNIPPET } from '../../client/measure/heartbeat-snippet.js';

export const HEARTBEAT_PARTIAL = `<script nonce="{{nonce}}">${HEARTBEAT_SNIPPET}</script>`;
