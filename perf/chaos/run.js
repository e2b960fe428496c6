// @ts-check
// One chaos scenario from start to end: a fresh catalog and app (so each
// scenario's peak RSS is its own), a short clean warm-up, the scenario's
// faults, its load and its action, then everything stopped, whatever happened.
import { startCatalog } from '../../deploy/lib/processes.js';
import { startChaosApp, watchRss } from './app.js';
import { startLoad, loadFigures } from './load.js';
import { watchApp } from './app-view.js';
import { nginxPageTimes, readLines } from './nginx-log.js';
import { startFleet } from '../../deploy/lib/fleet.js';

const WARMUP_S = 2;

/**
 * @typedef {{
 *   appDir: string, env: Record<string, string>, durationS: number,
 *   connections?: number | null, fleet?: number, instanceConns?: number | null,
 *   cpus: { app: string | null, generator: string | null },
 *   log: (line: string) => void,
 * }} RunOptions
 * @typedef {{
 *   app: { url: string, pid: number, stop: () => Promise<number | null> },
 *   catalog: { url: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> },
 *   load: ReturnType<typeof startLoad> | null,
 *   startLoad: (options?: { connections?: number, path?: string, fresh?: boolean }) => ReturnType<typeof startLoad>,
 *   setFaults: (faults: object) => Promise<void>,
 *   sleep: (ms: number) => Promise<void>,
 *   note: (line: string) => void,
 *   onStop: (stop: () => Promise<unknown>) => void,
 * } & RunOptions} ScenarioContext
 * @typedef {{
 *   name: string, what: string, connections: number, path?: string, fresh?: boolean,
 *   faults?: Record<string, number>, appEnv?: Record<string, string>,
 *   run: (context: ScenarioContext) => Promise<void>,
 * }} Scenario
 */

/** @type {(() => Promise<unknown>)[]} what the running scenario started, to stop in reverse */
const stops = [];

/** Stops whatever the running scenario started (also on Ctrl-C: the app runs in its own process group). */
export function stopAll() {
  return Promise.allSettled(
    stops
      .splice(0)
      .reverse()
      .map((stop) => stop()),
  );
}

/**
 * @param {Scenario} scenario
 * @param {RunOptions} options
 */
export async function runScenario(scenario, options) {
  /** @type {string[]} */
  const notes = [];
  try {
    const { app, catalog, rssOf, instanceUrls, accessLog } = options.fleet
      ? await startThroughFleet(scenario, options)
      : await startAlone(scenario, options);
    const path = scenario.path ?? '/';
    /** @type {ScenarioContext} */
    const context = {
      ...options,
      app,
      catalog,
      load: null,
      startLoad: ({
        connections = options.connections ?? scenario.connections,
        path: loadPath = path,
        fresh = false,
      } = {}) => {
        const load = startLoad({
          url: new URL(loadPath, app.url).href,
          connections,
          cpus: options.cpus.generator,
          keepAlive: !fresh,
        });
        stops.push(load.stop);
        return load;
      },
      setFaults: (faults) => putFaults(catalog.url, faults),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      note: (line) => notes.push(line),
      onStop: (stop) => stops.push(stop),
    };

    options.log(`${scenario.name}: warm-up ${WARMUP_S} s at c=10`);
    const warmup = context.startLoad({ connections: 10 });
    await context.sleep(WARMUP_S * 1000);
    await warmup.stop();

    if (scenario.faults) await context.setFaults(scenario.faults);
    options.log(
      `${scenario.name}: ${scenario.what}${options.connections ? ` (here c=${options.connections})` : ''}` +
        `${options.fleet ? `, through ${options.fleet} instances behind nginx` : ''}`,
    );
    // The app's own view of its pages, each instance's: from the request parsed
    // to the last byte. A client's wait beyond it was spent before the app.
    const appView = await watchApp(instanceUrls, path);
    const logFrom = accessLog ? readLines(accessLog).length : 0;
    context.load = context.startLoad({ fresh: scenario.fresh });
    await scenario.run(context);
    const figures = loadFigures(await context.load.stop());
    const appFigures = await appView.stop();
    const nginx = accessLog ? nginxPageTimes(accessLog, path, logFrom) : null;
    const { marked } = figures;
    if (marked)
      notes.push(
        `in flight at the signal: ${marked.inFlight}; ended whole: ${marked.complete}, ` +
          `cut pages: ${marked.truncated}, other failures: ${marked.failed}`,
      );
    return {
      scenario: scenario.name,
      what: scenario.what,
      ...figures,
      ...appFigures,
      nginx,
      peakRssMb: rssOf(),
      notes,
    };
  } finally {
    await stopAll();
  }
}

/**
 * A catalog and one app, as perf:load starts them.
 * @param {Scenario} scenario @param {RunOptions} options
 */
async function startAlone(scenario, options) {
  const catalog = await startCatalog({ latencyMs: 0, jitterMs: 0, cpus: options.cpus.generator });
  stops.push(catalog.stop);
  const app = await startChaosApp({
    appDir: options.appDir,
    catalogUrl: catalog.url,
    env: { ...scenario.appEnv, ...options.env },
    cpus: options.cpus.app,
  });
  stops.push(app.stop);
  const rss = watchRss(app.pid);
  return { app, catalog, rssOf: () => rss.stop(), instanceUrls: [app.url], accessLog: null };
}

/**
 * `npm run fleet`'s fleet: the load goes to nginx, the faults to its catalog,
 * and the peak RSS is each instance's ("a/b"). The app's own figures are
 * read from each instance's address (nginx answers /metrics 404).
 * @param {Scenario} scenario @param {RunOptions} options
 */
async function startThroughFleet(scenario, options) {
  const fleet = await startFleet({
    instances: options.fleet,
    port: 0,
    env: { ...scenario.appEnv, ...options.env, LOG_LEVEL: 'warn' },
    scrapeInterval: '5s',
    accessLog: true,
    // As the note printed at the start says: the instances on the app's core.
    cpus: () => options.cpus.app,
    edge:
      options.instanceConns === null || options.instanceConns === undefined
        ? {}
        : { instanceConns: options.instanceConns },
  });
  stops.push(fleet.stop);
  const rss = fleet.instances.map((instance) => watchRss(instance.pid));
  options.log(`fleet: nginx ${fleet.url}, edge ${JSON.stringify(fleet.edge)}`);
  return {
    app: { url: fleet.url, pid: fleet.instances[0].pid, stop: async () => null },
    catalog: { url: fleet.catalogUrl, child: fleet.catalogs[0].child, stop: async () => {} },
    rssOf: () => rss.map((r) => r.stop()).join('/'),
    instanceUrls: fleet.instances.map((instance) => instance.url),
    accessLog: fleet.accessLog,
  };
}

/**
 * The catalog's faults from now on (PUT /_faults replaces them all): the
 * warm-up ran without them, the measured window runs with them.
 * @param {string} catalogUrl
 * @param {object} faults
 */
async function putFaults(catalogUrl, faults) {
  const res = await fetch(new URL('/_faults', catalogUrl), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (!res.ok) throw new Error(`PUT /_faults answered ${res.status}: ${await res.text()}`);
}
