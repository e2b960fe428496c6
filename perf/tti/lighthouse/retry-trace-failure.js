// @ts-check
// A Lighthouse round whose trace came out unusable is run once more, and the
// output says so. NO_NAVSTART and its kin mean the trace Lighthouse recorded
// has no navigationStart (or no tracing start, first request, DCL) for the
// page's frame: a recording failure, not a figure of the page's. Lighthouse's
// own message for them is "Something went wrong with recording the trace over
// your page load. Please run Lighthouse again", and its maintainers call
// NO_NAVSTART a flaky Chrome problem whose remedy is another run
// (GoogleChrome/lighthouse#5463); it came on a machine at load 30. One retry,
// never more: a page that fails twice is reported as failed, not hidden.

/** Lighthouse's error codes whose message is "badTraceRecording" (core/lib/lh-error.js). */
export const TRACE_RECORDING_FAILURES = Object.freeze([
  'NO_TRACING_STARTED',
  'NO_RESOURCE_REQUEST',
  'NO_NAVSTART',
  'NO_DCL',
  'NO_FMP',
]);

/**
 * @template {{ ok: boolean, code?: string | null }} R
 * @param {() => Promise<R>} run one Lighthouse run
 * @param {(failed: R) => void} onRetry told before the second attempt
 * @returns {Promise<{ result: R, retriedAfter: string | null }>} retriedAfter: the first attempt's code
 */
export async function runRetryingTraceFailure(run, onRetry) {
  const first = await run();
  if (first.ok || !first.code || !TRACE_RECORDING_FAILURES.includes(first.code))
    return { result: first, retriedAfter: null };
  onRetry(first);
  return { result: await run(), retriedAfter: first.code };
}
