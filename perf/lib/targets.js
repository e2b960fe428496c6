// @ts-check
// The apps a load run measures, each on the catalog its configuration asks
// for. Catalog knobs (CATALOG_TLS, CATALOG_LATENCY_MS, any CATALOG_*) belong
// to the catalog process, not to the app: in --env they start the one shared
// catalog with them; in --vs each side gets a catalog of its own, started with
// its own knobs. Pitfall: with one shared catalog, `--vs 'CATALOG_TLS=1'` was
// silently ignored and both sides measured the same upstream.
import path from 'node:path';
import { startCatalog, startApp } from '../../deploy/lib/processes.js';
import { ROOT } from '../../server/paths.js';
import { buildClient } from './marquee-server.js';

/** --baseline's B: the same page without a data layer, bundled as the app is. */
const BASELINE_BUNDLE = { entry: 'perf/baseline/server.js', outfile: path.join(ROOT, 'dist/baseline.js') };

/** The app's own settings that name its catalog: not knobs of the catalog process. */
const APP_SIDE = new Set(['CATALOG_URL', 'CATALOG_CA']);

/**
 * @typedef {{ name: string, url: string, env: Record<string, string>, catalogEnv: Record<string, string>, pid?: number }} Target
 *   env: the configuration as given (app and catalog knobs); catalogEnv: its catalog's knobs; pid: the app's
 *   process, when started here
 */

/**
 * @param {Record<string, string>} env
 * @returns {{ app: Record<string, string>, catalog: Record<string, string> }}
 */
export function splitCatalogKnobs(env) {
  /** @type {Record<string, string>} */
  const app = {};
  /** @type {Record<string, string>} */
  const catalog = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('CATALOG_') && !APP_SIDE.has(key)) catalog[key] = value;
    else app[key] = value;
  }
  return { app, catalog };
}

/**
 * Starts the catalog(s) and the app(s): one app, or A and B (--vs, --baseline).
 * @param {{
 *   options: {
 *     url: string | null, env: Record<string, string>, vs: Record<string, string> | null,
 *     baseline: boolean, latencyMs: number, jitterMs: number, vsRoot?: string | null,
 *   },
 *   cpus: ReturnType<typeof import('./cpus.js').planCpus>,
 *   onStart: (stop: () => Promise<unknown>) => void,
 * }} deps onStart: told of each process's stop, to stop them all with the run
 * @returns {Promise<Target[]>}
 */
export async function startTargets({ options, cpus, onStart }) {
  if (options.url) return [{ name: 'target', url: options.url, env: {}, catalogEnv: {} }];
  /** @type {[string, Record<string, string>][]} */
  const sides = options.vs
    ? [
        ['A', options.env],
        ['B', { ...options.env, ...options.vs }],
      ]
    : options.baseline
      ? [
          ['A', options.env],
          ['B', options.env],
        ]
      : [['app', options.env]];
  const ownCatalogs = options.vs !== null && Object.keys(splitCatalogKnobs(options.vs).catalog).length > 0;
  /** @type {Awaited<ReturnType<typeof startCatalog>> | null} */
  let shared = null;
  /** @type {Target[]} */
  const targets = [];
  for (const [name, env] of sides) {
    const { app: appEnv, catalog: catalogEnv } = splitCatalogKnobs(env);
    let catalog = ownCatalogs ? null : shared;
    if (!catalog) {
      catalog = await startCatalog({
        latencyMs: options.latencyMs,
        jitterMs: options.jitterMs,
        env: catalogEnv,
        cpus: cpus.generator,
      });
      onStart(catalog.stop);
      if (!ownCatalogs) shared = catalog;
    }
    const app = await startApp({
      catalogUrl: catalog.url,
      catalogCa: catalog.ca,
      env: appEnv,
      cpus: cpus.app,
      // --baseline: B is the same page without a data layer (perf/baseline/server.js).
      bundle: options.baseline && name === 'B' ? BASELINE_BUNDLE : undefined,
      // --vs-root: B is another checkout's code (npm run exercise -- NN --check: the reference fix).
      root: name === 'B' ? (options.vsRoot ?? undefined) : undefined,
    });
    onStart(app.stop);
    targets.push({ name, url: app.url, env, catalogEnv, pid: app.pid });
  }
  return targets;
}

/**
 * One Marquee to look at page by page (perf:nav-heap, perf:bfcache): the
 * given `url`, or one started here on a 0 ms catalog with its client built,
 * no pinning (a browser run, not a load run).
 * @param {{ url?: string | null, env?: Record<string, string>, onStart: (stop: () => Promise<unknown>) => void }} options
 * @returns {Promise<Target>}
 */
export async function startOneMarquee({ url = null, env = {}, onStart }) {
  if (!url) await buildClient();
  const [target] = await startTargets({
    options: { url, env: { LOG_LEVEL: 'warn', ...env }, vs: null, baseline: false, latencyMs: 0, jitterMs: 0 },
    cpus: { app: null, generator: null, note: 'no pinning' },
    onStart,
  });
  return target;
}
