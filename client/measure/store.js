// @ts-check
// The page's live figures, shared by the beacon, the overlay and the
// real-browser runner (perf/tti/index.js reads window.__marqueePerf.snapshot()).

/**
 * @typedef {{
 *   metrics: Record<string, number>,
 *   keyInput: number[],
 *   labTTIStatus: 'pending' | 'found' | 'not-found' | 'unsupported',
 *   labTTIReason: string | null,
 *   labTTIMethod: import('./long-tasks.js').LongTaskMethod | null,
 *   inp?: { inpTarget: string, inpType: string },
 *   longTasks: number | null,
 *   memorySource: string | null,
 *   beaconSent: boolean,
 * }} PerfSnapshot
 */

export function createPerfStore() {
  /** @type {PerfSnapshot} */
  const state = {
    metrics: {},
    keyInput: [],
    labTTIStatus: 'pending',
    labTTIReason: null,
    labTTIMethod: null,
    longTasks: null,
    memorySource: null,
    beaconSent: false,
  };
  /** @type {Set<(state: PerfSnapshot) => void>} */
  const listeners = new Set();
  const changed = () => {
    for (const listener of listeners) listener(state);
  };

  return {
    /** @param {string} name @param {number} value */
    setMetric(name, value) {
      if (!Number.isFinite(value) || value < 0) return; // never report a broken clock
      state.metrics[name] = value;
      changed();
    },
    /** @param {number} index @param {number} ms */
    setKeyPress(index, ms) {
      state.keyInput[index] = ms;
      changed();
    },
    /**
     * Where INP's time went: its labels apart, its phases beside INP.
     * @param {import('./inp-attribution.js').INPAttribution} attribution
     */
    setINP([labels, phases]) {
      state.inp = labels;
      Object.assign(state.metrics, phases);
      changed();
    },
    /** @param {import('./lab-tti.js').LabTTIResult} result */
    setLabTTI(result) {
      state.labTTIStatus = result.status;
      if (result.status === 'found') {
        state.metrics.labTTI = result.value;
        state.metrics.tbt = result.tbt;
      }
      if (result.status !== 'unsupported') {
        state.longTasks = result.longTasks;
        state.labTTIMethod = result.method;
      }
      state.labTTIReason = result.status === 'not-found' ? result.reason : null;
      changed();
    },
    /** @param {import('./memory.js').MemoryReading} reading */
    setMemory(reading) {
      state.metrics.memory = reading.bytes;
      state.memorySource = reading.source;
      changed();
    },
    markBeaconSent() {
      state.beaconSent = true;
      changed();
    },
    /** @returns {PerfSnapshot} a copy, safe to serialize or keep */
    snapshot() {
      return { ...state, metrics: { ...state.metrics }, keyInput: state.keyInput.filter((ms) => ms !== undefined) };
    },
    /** @param {(state: PerfSnapshot) => void} listener @returns {() => void} unsubscribe */
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** @typedef {ReturnType<typeof createPerfStore>} PerfStore */
