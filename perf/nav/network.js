// @ts-check
// perf:nav's view of a page's network, from Node: the requests in flight
// (a run waits for quiet before the intent and before reading its counts),
// and any new document loaded after the click, which makes the run broken:
// a full page load is no client-side navigation, however fast.

/**
 * Watches `page` from now on.
 * @param {import('playwright-core').Page} page
 */
export function watchNetwork(page) {
  const inFlight = new Set();
  let clicked = false;
  let documentsAfterClick = 0;
  let newDocument = () => {};
  /** @type {Promise<'new document'>} */
  const reloaded = new Promise((resolve) => (newDocument = () => resolve('new document')));
  page.on('request', (request) => {
    inFlight.add(request);
    if (clicked && request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      documentsAfterClick += 1;
      newDocument();
    }
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  const network = { inFlight: () => inFlight.size };
  return {
    /** Resolves at the first document loaded in the main frame after `clicked()`. */
    reloaded,
    /** Called just before the click: from then on, a new document is the click's. */
    clicked() {
      clicked = true;
    },
    /** Documents loaded in the main frame since the click (0 in a good run). */
    documentsAfterClick: () => documentsAfterClick,
    /** @param {number} quietMs @param {number} capMs */
    quiet: (quietMs, capMs) => networkQuiet(network, quietMs, capMs),
  };
}

/**
 * Resolves once no request has been in flight for `quietMs` (or at `capMs`):
 * lazy rows and posters settle before the intent, the counts before reading.
 * @param {{ inFlight: () => number }} network
 * @param {number} quietMs
 * @param {number} capMs
 */
async function networkQuiet(network, quietMs, capMs) {
  const deadline = Date.now() + capMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (network.inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
