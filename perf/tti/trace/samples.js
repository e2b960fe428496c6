// @ts-check
// The JS sampler's view of the page's main thread (perf/tti/trace/long-tasks.js):
// which script's own code was running in most samples between two moments.
// It names the script when the traced event does not: a module's evaluation
// (v8.evaluateModule) carries no URL, and its top-level code makes no FunctionCall.

/** @typedef {import('./window.js').TraceEvent} TraceEvent */

/**
 * @param {TraceEvent[]} events
 * @param {{ pid: number, tid: number }} thread the page's main thread
 * @returns {(fromTs: number, toTs: number) => { url: string, share: number } | null}
 *   share: of the samples in the range, those in that script's own code
 */
export function sampledScripts(events, { pid, tid }) {
  // Samples' frames name their script by id; its URL is on the events that compiled or called it.
  /** @type {Map<string, string>} */
  const scriptUrls = new Map();
  for (const e of events) {
    const data = e.args?.data;
    if (e.pid === pid && data?.scriptId !== undefined && data.url) scriptUrls.set(String(data.scriptId), data.url);
  }
  /** @type {number[]} */
  const times = [];
  /** @type {string[]} */
  const urls = [];
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  for (const profile of profiles) {
    /** @type {Map<number, { url: string, parent?: number }>} */
    const nodes = new Map();
    let ts = profile.args?.data?.startTime ?? profile.ts;
    const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id);
    for (const chunk of chunks.sort((a, b) => a.ts - b.ts)) {
      const { cpuProfile, timeDeltas = [] } = chunk.args?.data ?? {};
      for (const node of cpuProfile?.nodes ?? []) {
        const frame = node.callFrame ?? {};
        const url = frame.url || scriptUrls.get(String(frame.scriptId)) || '';
        nodes.set(node.id, { url, parent: node.parent });
      }
      (cpuProfile?.samples ?? []).forEach((/** @type {number} */ id, /** @type {number} */ i) => {
        ts += timeDeltas[i] ?? 0;
        times.push(ts);
        urls.push(nodes.get(id)?.url ?? '');
      });
    }
  }
  return (fromTs, toTs) => {
    /** @type {Map<string, number>} */
    const counts = new Map();
    let all = 0;
    for (let i = 0; i < times.length; i += 1) {
      if (times[i] < fromTs || times[i] > toTs) continue;
      all += 1;
      if (urls[i]) counts.set(urls[i], (counts.get(urls[i]) ?? 0) + 1);
    }
    const [top] = [...counts].sort((a, b) => b[1] - a[1]);
    return top ? { url: top[0], share: top[1] / all } : null;
  };
}
