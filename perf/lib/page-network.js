// @ts-check
// A page's requests as Chromium's DevTools protocol reports them: how many,
// and the bytes of its HTML and JavaScript (as sent, and as gzip -6 would send
// them), for perf:tti's runs (perf/lib/page-run.js).
import { gzipSync } from 'node:zlib';

/**
 * Records every request of the page from CDP Network events.
 * @param {import('playwright-core').CDPSession} cdp
 */
export function watchNetwork(cdp) {
  /** @type {Map<string, { type: string, transfer: number, finished: boolean }>} */
  const requests = new Map();
  let sent = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    // Beacons (type Ping) are the measurement's own traffic, not the page's.
    if (event.type === 'Ping') return;
    sent += 1;
    requests.set(event.requestId, { type: event.type ?? 'Other', transfer: 0, finished: false });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { transfer: event.encodedDataLength, finished: true });
  });

  return {
    count: () => sent,
    async bytes() {
      const totals = { htmlBytes: 0, htmlTransferBytes: 0, jsBytes: 0, jsGzipBytes: 0, jsTransferBytes: 0 };
      for (const [requestId, request] of requests) {
        if (!request.finished || (request.type !== 'Document' && request.type !== 'Script')) continue;
        const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
        const raw = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
        if (request.type === 'Document') {
          totals.htmlBytes += raw.length;
          totals.htmlTransferBytes += request.transfer;
        } else {
          totals.jsBytes += raw.length;
          // What gzip -6 (the usual server setting) would send, whatever this server does.
          totals.jsGzipBytes += gzipSync(raw).length;
          totals.jsTransferBytes += request.transfer;
        }
      }
      return totals;
    },
  };
}
