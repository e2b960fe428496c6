// @ts-check
// What a run's Chromium trace says happened before TTI: the requests that
// started in the window and the main thread's long tasks, each with the work
// that took most of it (long-tasks.js). Pure: events in, summary out
// (test/perf/tti/trace.test.js).
// Before summarizing it checks that the trace is the measured load: a main-frame
// navigation to the measured URL and, on a page that marks it, the app's
// marquee:interactive mark of that same navigation, at the time the page reported.
import { longTasksOf } from './long-tasks.js';

export const APP_TTI_MARK = 'marquee:interactive';
// The in-page figure is the mark's startTime rounded by the measuring code.
const MARK_TOLERANCE_MS = 2;

/**
 * @typedef {{ name: string, ph?: string, ts: number, dur?: number, pid: number, tid: number, id?: string, args?: any }} TraceEvent
 * @typedef {{ url: string, path: string, type: string, startMs: number, endMs: number | null, transferBytes: number | null, failed: boolean }} TraceRequest
 *   endMs: when the response finished (null: not by the end of the trace); transferBytes: as sent (encoded)
 * @typedef {{ startMs: number, durationMs: number, work: string | null, workMs: number, url: string | null, sampledShare: number | null }} LongTask
 *   work: the longest event inside the task; url: its script, or the longest script event's inside it, else
 *   the script the JS sampler found running most in it (sampledShare: in that share of its samples)
 * @typedef {{
 *   ok: boolean, problems: string[],
 *   tti: { ms: number, source: 'marquee:interactive' | 'lab TTI (in page)' } | null,
 *   navigationUrl: string | null,
 *   requests: TraceRequest[], longTasks: LongTask[],
 *   afterHydration: { untilMs: number, longTasks: LongTask[] } | null,
 * }} TraceWindow
 *   ok: false when the trace is not (or not provably) the measured load: problems says why
 *   afterHydration: the long tasks from the marquee:interactive mark to the in-page lab TTI, the quiet
 *   window lab TTI and Lighthouse wait for (work after hydration, such as rows rendering, lands there);
 *   null when the page has no mark or its lab TTI is not after it
 */

/**
 * @param {TraceEvent[]} events the trace's traceEvents
 * @param {{ url: string, appTTI?: number, labTTI?: number }} run the measured URL and the page's own figures (ms)
 * @returns {TraceWindow}
 */
export function summarizeTraceWindow(events, { url, appTTI, labTTI }) {
  /** @type {string[]} */
  const problems = [];
  const navigation = findNavigation(events, url);
  if (!navigation) {
    return {
      ok: false,
      problems: [`no main-frame navigation in the trace`],
      tti: null,
      navigationUrl: null,
      requests: [],
      longTasks: [],
      afterHydration: null,
    };
  }
  const navigationUrl = navigation.args.data.documentLoaderURL;
  if (!sameUrl(navigationUrl, url)) problems.push(`the trace navigates to ${navigationUrl}, not ${url}`);
  const msOf = (/** @type {number} */ ts) => (ts - navigation.ts) / 1000;

  const navigationId = navigation.args.data.navigationId;
  const mark = events.find((e) => e.name === APP_TTI_MARK && e.args?.data?.navigationId === navigationId);
  /** @type {TraceWindow['tti']} */
  let tti = null;
  if (mark) {
    tti = { ms: msOf(mark.ts), source: APP_TTI_MARK };
    if (appTTI === undefined)
      problems.push('the trace has the marquee:interactive mark but the page reported no App TTI');
    else if (Math.abs(mark.args.data.startTime - appTTI) > MARK_TOLERANCE_MS)
      problems.push(
        `the trace's mark is at ${Math.round(mark.args.data.startTime)} ms, the page reported ${Math.round(appTTI)} ms`,
      );
  } else if (appTTI !== undefined) {
    problems.push(`the page reported App TTI ${Math.round(appTTI)} ms but the trace has no marquee:interactive mark`);
  } else if (labTTI !== undefined) {
    // A page that does not mark hydration (--url): the window ends at the in-page lab TTI.
    tti = { ms: labTTI, source: 'lab TTI (in page)' };
  } else {
    problems.push('no TTI: neither the marquee:interactive mark nor a lab TTI');
  }

  const requests = requestsOf(events, navigation, msOf).filter((r) => tti && r.startMs >= 0 && r.startMs < tti.ms);
  if (tti && !requests.some((r) => r.type === 'Document' && sameUrl(r.url, navigationUrl)))
    problems.push('the trace has no request for the page itself before TTI');
  const allTasks = tti ? longTasksOf(events, navigation, msOf) : [];
  const longTasks = tti ? allTasks.filter((t) => t.startMs >= 0 && t.startMs < tti.ms) : [];
  const hydrated = tti?.source === APP_TTI_MARK ? tti.ms : null;
  const afterHydration =
    hydrated !== null && labTTI !== undefined && labTTI > hydrated
      ? { untilMs: labTTI, longTasks: allTasks.filter((t) => t.startMs >= hydrated && t.startMs < labTTI) }
      : null;
  return { ok: problems.length === 0, problems, tti, navigationUrl, requests, longTasks, afterHydration };
}

/**
 * The main frame's navigation to the URL (else its last one to any page but about:blank).
 * @param {TraceEvent[]} events
 * @param {string} url
 */
export function findNavigation(events, url) {
  const navigations = events.filter(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL,
  );
  return navigations.find((e) => sameUrl(e.args.data.documentLoaderURL, url)) ?? navigations.at(-1) ?? null;
}

/** @param {string} a @param {string} b */
function sameUrl(a, b) {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/**
 * @param {TraceEvent[]} events
 * @param {TraceEvent} navigation
 * @param {(ts: number) => number} msOf
 * @returns {TraceRequest[]}
 */
function requestsOf(events, navigation, msOf) {
  const origin = new URL(navigation.args.data.documentLoaderURL).origin;
  const finishes = new Map(events.filter((e) => e.name === 'ResourceFinish').map((e) => [e.args?.data?.requestId, e]));
  // The network stack's start (seconds on the trace's clock): the renderer logs a
  // document's ResourceSendRequest only when the response commits.
  const started = new Map(
    events
      .filter((e) => e.name === 'ResourceReceiveResponse' && e.args?.data?.timing?.requestTime > 0)
      .map((e) => [e.args.data.requestId, e.args.data.timing.requestTime * 1e6]),
  );
  // The page's renderer only: Chromium's own pages (its omnibox popup…) load in others.
  return events
    .filter((e) => e.name === 'ResourceSendRequest' && e.pid === navigation.pid && e.args?.data?.url)
    .map((e) => {
      const { url, requestId, resourceType } = e.args.data;
      const finish = finishes.get(requestId);
      // finishTime: seconds on the trace's clock, when the network stack finished (0 when unknown).
      const finishTs = finish
        ? finish.args.data.finishTime > 0
          ? finish.args.data.finishTime * 1e6
          : finish.ts
        : null;
      const parsed = URL.canParse(url) ? new URL(url) : null;
      return {
        url,
        path: parsed ? (parsed.origin === origin ? parsed.pathname : `${parsed.host}${parsed.pathname}`) : url,
        type: resourceType ?? 'Other',
        startMs: msOf(started.get(requestId) ?? e.ts),
        endMs: finishTs === null ? null : msOf(finishTs),
        transferBytes: finish ? (finish.args.data.encodedDataLength ?? null) : null,
        failed: Boolean(finish?.args.data.didFail),
      };
    })
    .sort((a, b) => a.startMs - b.startMs);
}
