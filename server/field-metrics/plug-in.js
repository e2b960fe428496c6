// @ts-check
// Field metrics as a part of the app (one line of server/measurement.js): real
// visitors' beacons in (POST /perf/beacon), the /perf dashboard out, and their
// marquee_browser_* histograms on the app's registry for GET /metrics. Under
// node:cluster the primary keeps the dashboard's sketches for all workers.
import { mountPerf } from './routes.js';
import { servePerfFromPrimary } from './cluster-sketches.js';

/** @param {import('../measurement.js').MountContext} app */
export function mount({ routes, registry, log, config, templates }) {
  mountPerf(routes, { registry, log, config, templates });
}

export function inPrimary() {
  // The /perf dashboard's sketches (issue 5), kept cluster-wide.
  servePerfFromPrimary();
}
