// @ts-check
// npm run fleet -- [--instances 3] [--port 8080] [--scrape-interval 5s]
// One catalog, N app instances, nginx in front and Prometheus scraping them,
// on this machine, in one temporary directory; Ctrl-C or SIGTERM stops them
// all and removes it (docs/deploy.md).
import { parseArgs } from 'node:util';
import { KNOBS } from '../server/config/load.js';
import { startFleet } from './lib/fleet.js';
import { ensureFleetTools } from '../test/setup/debian-packages.js';

const USAGE = `npm run fleet -- [options]
  --instances 3          app instances behind nginx
  --port 8080            nginx's HTTP port (0: any free port)
  --scrape-interval 5s   Prometheus scrape and rule interval
  --cpus 0,1             pin instance i to the i-th entry, cycled (taskset); default: not pinned
App knobs (ATF_ROWS, DRAIN_DELAY_MS, COOKIE_SECRET...) come from the environment.`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      instances: { type: 'string', default: '3' },
      port: { type: 'string', default: '8080' },
      'scrape-interval': { type: 'string', default: '5s' },
      cpus: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const instances = Number(values.instances);
const port = Number(values.port);
const problems = [];
if (!Number.isInteger(instances) || instances < 1 || instances > 32)
  problems.push(`--instances must be 1 to 32, got ${values.instances}`);
if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`--port must be 0 to 65535, got ${values.port}`);
if (!/^\d+(ms|s|m)$/.test(values['scrape-interval']))
  problems.push(`--scrape-interval must be a duration like 5s, got ${values['scrape-interval']}`);
const cpuList = values.cpus?.split(',') ?? [];
if (cpuList.some((c) => !/^\d+(-\d+)?$/.test(c)))
  problems.push(`--cpus must list cpu numbers or ranges (0,1 or 0-1), got ${values.cpus}`);
if (problems.length) {
  console.error(`${problems.join('\n')}\n${USAGE}`);
  process.exit(2);
}

try {
  ensureFleetTools();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// The app's own knobs pass through to every instance (but where it listens and what it runs as).
const OWN = new Set(['NODE_ENV', 'HOST', 'PORT', 'CATALOG_URL']);
const env = Object.fromEntries(
  Object.keys(KNOBS)
    .filter((key) => !OWN.has(key) && process.env[key] !== undefined)
    .map((key) => [key, String(process.env[key])]),
);
const fleet = await startFleet({
  instances,
  port,
  scrapeInterval: values['scrape-interval'],
  env,
  cpus: (i) => (cpuList.length ? cpuList[i % cpuList.length] : null),
});
console.log(`fleet: ${instances} instance(s) behind nginx (temporary directory ${fleet.dir})
  site        ${fleet.url}  (and ${fleet.httpsUrl}, self-signed)
  instances   ${fleet.instances.map((i) => i.url).join(' ')}
  catalog     ${fleet.catalogUrl}
  prometheus  ${fleet.prometheusUrl}/graph?g0.expr=route_metric%3Amarquee_browser_metric_ms%3Ap75_5m
Ctrl-C stops them all.`);

let stopping = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`fleet: ${signal}, stopping (each instance drains first)`);
    await fleet.stop();
    console.log('fleet: stopped');
    process.exit(0);
  });
}
