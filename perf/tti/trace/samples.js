// @ts-check
// The JS sampler's view of the page's main thread (perf/tti/trace/long-tasks.js):
// which script's own code was running in most samples between two moments.
// It names the script when the traced event does not: a module's evaluation
// (v8.evaluateModule) carries no URL, and its top-level code makes no FunctionCall.

/** @typedef {import('./window.js').TraceEvent} TraceEvent */

/**
 * The JS sampler's samples of one thread, in order.
 * @template T
 * @param {TraceEvent[]} events
 * @param {{ pid: number, tid: number }} thread
 * @param {(frame: { url: string, lineNumber: number, columnNumber: number }) => T} describe each call frame,
 *   once per profile node (its script URL resolved from the script id where the frame has none)
 * @returns {{ ts: number, ms: number, stack: T[] }[]} stack: innermost first; ms: the time the sample stands for
 */
export function profileSamples(events, { pid, tid }, describe) {
  // Samples' frames name their script by id; its URL is on the events that compiled or called it.
  /** @type {Map<string, string>} */
  const scriptUrls = new Map();
  for (const e of events) {
    const data = e.args?.data;
    if (e.pid === pid && data?.scriptId !== undefined && data.url) scriptUrls.set(String(data.scriptId), data.url);
  }
  /** @type {{ ts: number, ms: number, stack: T[] }[]} */
  const samples = [];
  for (const profile of events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid)) {
    /** @type {Map<number, { value: T, parent?: number }>} */
    const nodes = new Map();
    let ts = profile.args?.data?.startTime ?? profile.ts;
    const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id);
    for (const chunk of chunks.sort((a, b) => a.ts - b.ts)) {
      const { cpuProfile, timeDeltas = [] } = chunk.args?.data ?? {};
      for (const node of cpuProfile?.nodes ?? []) {
        const frame = node.callFrame ?? {};
        const url = frame.url || scriptUrls.get(String(frame.scriptId)) || '';
        nodes.set(node.id, {
          value: describe({ url, lineNumber: frame.lineNumber, columnNumber: frame.columnNumber }),
          parent: node.parent,
        });
      }
      (cpuProfile?.samples ?? []).forEach((/** @type {number} */ id, /** @type {number} */ i) => {
        ts += timeDeltas[i] ?? 0;
        /** @type {T[]} */
        const stack = [];
        for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent))
          stack.push(n.value);
        samples.push({ ts, ms: (timeDeltas[i + 1] ?? timeDeltas[i] ?? 0) / 1000, stack });
      });
    }
  }
  return samples;
}

/**
 * @param {TraceEvent[]} events
 * @param {{ pid: number, tid: number }} thread the page's main thread
 * @returns {(fromTs: number, toTs: number) => { url: string, share: number } | null}
 *   share: of the samples in the range, those in that script's own code
 */
export function sampledScripts(events, thread) {
  const samples = profileSamples(events, thread, (frame) => frame.url);
  return (fromTs, toTs) => {
    /** @type {Map<string, number>} */
    const counts = new Map();
    let all = 0;
    for (const { ts, stack } of samples) {
      if (ts < fromTs || ts > toTs) continue;
      all += 1;
      if (stack[0]) counts.set(stack[0], (counts.get(stack[0]) ?? 0) + 1);
    }
    const [top] = [...counts].sort((a, b) => b[1] - a[1]);
    return top ? { url: top[0], share: top[1] / all } : null;
  };
}
