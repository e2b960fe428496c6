// @ts-check
// Waits for the page's lab TTI search (client/measure/lab-tti.js) to end, asking
// over the page's own CDP session. Pitfall: Playwright's waitForFunction (and its
// first page.evaluate) evaluates Playwright's injected script in the page's main
// world: 12 to 47 ms of script right after the load event, inside the window that
// decides TTI, a task Lighthouse's load never has (issue 37, desktop: a 51 ms long
// task at 693 ms in a load whose module graph had ended at 664). A CDP
// Runtime.evaluate of one short expression is all the page's main thread sees.

/** The search's state: null before measurement has started. */
const STATUS_EXPRESSION = 'globalThis.__marqueePerf ? globalThis.__marqueePerf.snapshot().labTTIStatus : null';
const ENDED = new Set(['found', 'not-found', 'unsupported']);

/**
 * @param {{ send: (method: 'Runtime.evaluate', params: { expression: string, returnByValue: boolean }) => Promise<{ result: { value?: unknown }, exceptionDetails?: unknown }> }} cdp
 *   the page's CDP session
 * @param {{ timeoutMs: number, pollMs?: number }} options pollMs: a slow poll (each check is a task on the page's main thread)
 * @returns {Promise<void>} resolves once the search has ended: found, not found at the cap, or unsupported
 */
export async function labTTIEnded(cdp, { timeoutMs, pollMs = 500 }) {
  const deadline = Date.now() + timeoutMs;
  let started = false;
  for (;;) {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression: STATUS_EXPRESSION,
      returnByValue: true,
    });
    const status = exceptionDetails ? null : result.value;
    if (typeof status === 'string') {
      started = true;
      if (ENDED.has(status)) return;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        started
          ? `the lab TTI search did not end within ${timeoutMs} ms`
          : 'the page never started measuring (no window.__marqueePerf): does client/index.jsx import ./measure/index.js after hydration?',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
