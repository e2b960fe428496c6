// @ts-check
// The scenarios of perf:chaos, each bounded in time: what a production app
// meets on a bad day. Each gets a fresh catalog and app (perf/chaos/run.js).
import { startCatalogProcess } from '../../server/catalog-process.js';
import { isRunning } from './app.js';
import { startFlood } from './flood.js';

/** The longest a SIGTERMed app may take before the scenario gives up on it. */
const EXIT_WAIT_MS = 60_000;
const IDLE_SOCKETS = 21_000;
/** The flood's one address; the visitors come from 127.0.0.1. */
const FLOOD_ADDRESS = '127.0.0.2';

/** @type {import('./run.js').Scenario[]} */
export const SCENARIOS = [
  {
    name: 'sigterm',
    what: 'SIGTERM to the app under c=200, catalog at 100 ms',
    connections: 200,
    faults: { latency: 100 },
    async run({ app, load, sleep, note, log }) {
      await sleep(3000);
      load?.mark();
      const signalled = performance.now();
      // The app's pid only, as Kubernetes or Docker signal a container's first process.
      process.kill(app.pid, 'SIGTERM');
      log('sigterm: SIGTERM sent, waiting for the app to exit');
      const readyz = pollReadyz(app.url, signalled);
      while (isRunning(app.pid) && performance.now() - signalled < EXIT_WAIT_MS) await sleep(20);
      const exitMs = Math.round(performance.now() - signalled);
      readyz.stop();
      const code = isRunning(app.pid) ? 'still running' : `code ${await app.stop()}`;
      note(`exit ${code}, ${exitMs} ms after SIGTERM`);
      note(`/readyz: ${readyz.first503 === null ? 'never 503' : `503 from +${readyz.first503} ms`}`);
    },
  },
  {
    name: 'errors',
    what: 'catalog answers 50% of calls with a 500, c=50',
    connections: 50,
    faults: { error: 0.5 },
    async run({ sleep, durationS }) {
      await sleep(durationS * 1000);
    },
  },
  {
    name: 'stalls',
    what: 'catalog never answers 30% of calls, c=50',
    connections: 50,
    faults: { stall: 0.3 },
    async run({ sleep, durationS }) {
      await sleep(durationS * 1000);
    },
  },
  {
    name: 'catalog-killed',
    what: 'catalog process killed (SIGKILL) mid-run, restarted on its port later, c=50',
    connections: 50,
    async run({ catalog, sleep, durationS, note, onStop }) {
      await sleep(durationS * 300);
      catalog.child.kill('SIGKILL');
      const killedAt = performance.now();
      await sleep(durationS * 300);
      const { port } = new URL(catalog.url);
      const again = await startCatalogProcess({ env: { ...process.env, CATALOG_PORT: port }, stdio: 'pipe' });
      onStop(again.stop);
      note(`catalog down for ${Math.round(performance.now() - killedAt)} ms, then back on port ${port}`);
      await sleep(durationS * 400);
    },
  },
  {
    name: 'overload',
    what: 'c=1000 against a catalog at 250 ms (client timeout 10 s)',
    connections: 1000,
    faults: { latency: 250 },
    async run({ sleep, durationS }) {
      await sleep(durationS * 1000);
    },
  },
  {
    name: 'idle-sockets',
    what: `${IDLE_SOCKETS} idle sockets from ${FLOOD_ADDRESS} while c=5 visitors (a new connection each) load /`,
    connections: 5,
    fresh: true,
    async run({ app, sleep, durationS, note, log, cpus }) {
      const flood = await startFlood({
        url: app.url,
        count: IDLE_SOCKETS,
        localAddress: FLOOD_ADDRESS,
        cpus: cpus.generator,
      });
      log(`idle-sockets: flood ramped over ${flood.processes} process(es), holding ${durationS} s`);
      await sleep(durationS * 1000);
      const held = await flood.report();
      await flood.stop();
      note(
        `fd limit ${flood.fdLimit} per process: the flood ran in ${flood.processes} processes; ` +
          `${held.opened} sockets connected, ${held.open} still open after ${durationS} s, ` +
          `${held.closedByServer} closed by the app, ${held.connecting} never accepted (connect pending)`,
      );
      const errors = Object.entries(held.errors).map(([code, n]) => `${code} ${n}`);
      if (errors.length > 0) note(`flood connect errors: ${errors.join(', ')}`);
      note(`app ${isRunning(app.pid) ? 'still running' : 'EXITED'} at the end`);
    },
  },
];

/**
 * GET /readyz every 50 ms: when did it first say 503?
 * @param {string} url
 * @param {number} since performance.now() of the signal
 */
function pollReadyz(url, since) {
  const state = { first503: /** @type {number | null} */ (null), stopped: false };
  const poll = async () => {
    while (!state.stopped && state.first503 === null) {
      // A generous deadline: under c=200 on a busy machine the answer can take seconds.
      const res = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(5000) }).catch(() => null);
      if (res?.status === 503) state.first503 = Math.round(performance.now() - since);
      await res?.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  poll();
  return {
    get first503() {
      return state.first503;
    },
    stop() {
      state.stopped = true;
    },
  };
}
