// @ts-check
// npm run fleet -- [--instances 3] [--port 8080] [--scrape-interval 5s] [--catalogs 2] ...
// One catalog (or several behind nginx, on a PostgreSQL of their own), N app
// instances, nginx in front shedding a flood, and Prometheus scraping them,
// on this machine, in one temporary directory; Ctrl-C or SIGTERM stops them
// all and removes it (docs/deploy.md).
import { parseArgs } from 'node:util';
import { KNOBS } from '../server/config/load.js';
import { startFleet } from './lib/fleet.js';
import { ensurePostgres } from './lib/postgres.js';
import { ensureFleetTools } from './lib/debian-packages.js';

const USAGE = `npm run fleet -- [options]
  --instances 3          app instances behind nginx
  --port 8080            nginx's HTTP port (0: any free port)
  --scrape-interval 5s   Prometheus scrape and rule interval
  --cpus 0,1             pin instance i to the i-th entry, cycled (taskset); default: not pinned
  --catalogs 1           catalog processes; more than 1 sit behind an nginx of their own and need --store postgres
  --store sqlite         visitor data: sqlite (one catalog's file) or postgres (a PostgreSQL started
                         for the fleet); default postgres with --catalogs 2 or more
Shedding at nginx (503 with Retry-After, the app's own shed page; 0: no bound):
  --instance-conns N     pages and /model.json requests in flight to one instance (default: half what its
                         upstream pool carries, UPSTREAM_CONNECTIONS / 4: 16)
  --instance-rate N      pages and /model.json requests per second per instance (default 0)
  --client-conns N       connections one client address may hold (default 2000)
  --client-rate N        pages and /model.json requests per second from one client address (default 0)
App knobs (ATF_ROWS, DRAIN_DELAY_MS, COOKIE_SECRET...) come from the environment.`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      instances: { type: 'string', default: '3' },
      port: { type: 'string', default: '8080' },
      'scrape-interval': { type: 'string', default: '5s' },
      cpus: { type: 'string' },
      catalogs: { type: 'string', default: '1' },
      store: { type: 'string' },
      'instance-conns': { type: 'string' },
      'instance-rate': { type: 'string' },
      'client-conns': { type: 'string' },
      'client-rate': { type: 'string' },
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
const catalogs = Number(values.catalogs);
if (!Number.isInteger(catalogs) || catalogs < 1 || catalogs > 8)
  problems.push(`--catalogs must be 1 to 8, got ${values.catalogs}`);
const store = values.store ?? (catalogs > 1 ? 'postgres' : 'sqlite');
if (store !== 'sqlite' && store !== 'postgres') problems.push(`--store must be sqlite or postgres, got ${store}`);
else if (catalogs > 1 && store !== 'postgres')
  problems.push(`--catalogs ${catalogs} needs --store postgres: SQLite is one process's file, not shared`);
/** @type {Record<string, number>} */
const edge = {};
for (const [option, key] of /** @type {const} */ ([
  ['instance-conns', 'instanceConns'],
  ['instance-rate', 'instanceRate'],
  ['client-conns', 'clientConns'],
  ['client-rate', 'clientRate'],
])) {
  if (values[option] === undefined) continue;
  const n = Number(values[option]);
  if (!/^\d+$/.test(values[option]) || n > 1_000_000)
    problems.push(`--${option} must be a whole number from 0 to 1000000, got ${values[option]}`);
  edge[key] = n;
}
if (problems.length) {
  console.error(`${problems.join('\n')}\n${USAGE}`);
  process.exit(2);
}

try {
  ensureFleetTools();
  if (store === 'postgres') ensurePostgres();
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
  catalogs,
  visitorStore: /** @type {'sqlite' | 'postgres'} */ (store),
  edge,
});
console.log(`fleet: ${instances} instance(s) behind nginx (temporary directory ${fleet.dir})
  site        ${fleet.url}  (and ${fleet.httpsUrl}, self-signed)
  instances   ${fleet.instances.map((i) => i.url).join(' ')}
  catalog     ${fleet.catalogUrl}${catalogs > 1 ? ` (nginx in front of ${fleet.catalogs.map((c) => c.url).join(' ')})` : ''}
  visitors    ${store === 'postgres' ? `PostgreSQL ${fleet.postgres?.url('marquee')}` : 'SQLite, in the temporary directory'}
  shedding    ${Object.entries(fleet.edge)
    .map(([key, n]) => `${key}=${n || 'off'}`)
    .join(' ')}
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
