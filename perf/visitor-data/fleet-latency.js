// @ts-check
// node perf/visitor-data/index.js fleet-latency: `call myList.add` through a
// fleet's nginx (npm run fleet's: N instances, its catalogs, its edge), one
// setup after another, the setups alternated over --rounds:
//   sqlite       one catalog, SQLite
//   postgres     one catalog, PostgreSQL (the fleet's own)
//   postgres:2   two catalogs behind their nginx, one PostgreSQL
// Each run is checked against the catalogs' own count of writes: a 200 that
// wrote nothing must not pass for a fast write.
import { startFleet } from '../../deploy/lib/fleet.js';
import { BENCH_APP_ENV, titles } from './bench.js';
import { addCalls } from './latency.js';

const SETUPS = ['sqlite', 'postgres', 'postgres:2'];

/**
 * @param {{ number: (key: string, fallback: number) => number, options: Record<string, string> }} bench
 *   number: an option as a number, or the fallback
 */
export async function fleetLatency({ number, options }) {
  const setups = String(options.setups ?? SETUPS.join(',')).split(',');
  const unknown = setups.filter((setup) => !SETUPS.includes(setup));
  if (unknown.length > 0) throw new Error(`--setups must be a list of ${SETUPS.join(', ')}, got ${unknown.join(', ')}`);
  const rounds = number('rounds', 2);
  const duration = number('duration', 10);
  const connections = number('concurrency', 20);
  const instances = number('instances', 2);
  const ids = await titles();
  const rows = [];
  for (let round = 1; round <= rounds; round++) {
    for (const setup of setups) {
      const [store, catalogs = '1'] = setup.split(':');
      const fleet = await startFleet({
        instances,
        catalogs: Number(catalogs),
        visitorStore: /** @type {'sqlite' | 'postgres'} */ (store),
        // As the bench's app: a fast 503 is not a write.
        env: BENCH_APP_ENV,
      });
      try {
        const load = await loadAverage();
        const result = await addCalls({ url: fleet.url, connections, duration, ids });
        const stats = await Promise.all(
          fleet.catalogs.map(async (catalog) => (await (await fetch(`${catalog.url}/_stats`)).json()).visitorStore),
        );
        const writes = stats.reduce((sum, s) => sum + s.writes, 0);
        const ok = result.requests.total - result.non2xx - result.errors;
        const l = result.latency;
        const row = {
          round,
          setup,
          load,
          calls: result.requests.total,
          perS: result.requests.average,
          p50: l.p50,
          p90: l.p90,
          p99: l.p99,
          max: l.max,
          non2xx: result.non2xx,
          errors: result.errors,
          writes,
          writeP99Ms: stats.map((s) => s.writeP99Ms).join('/'),
        };
        rows.push(row);
        console.log(JSON.stringify(row));
        // Every answered call wrote a row (a new title for its visitor), in some catalog.
        if (ok === 0 || writes < ok) {
          console.error(`${setup}: ${ok} calls answered 2xx but the catalogs counted ${writes} writes: not real work`);
          process.exitCode = 1;
        }
      } finally {
        await fleet.stop();
      }
    }
  }
  console.log(`\nmyList.add through nginx, ${instances} instances, c=${connections}, ${duration} s per run`);
  console.log('round  setup        load   calls   /s    p50   p90   p99   max  non-2xx  catalog write p99 ms');
  for (const r of rows)
    console.log(
      `${String(r.round).padEnd(5)}  ${r.setup.padEnd(11)}  ${r.load.padStart(5)}  ${String(r.calls).padStart(6)}  ${String(r.perS).padStart(4)}  ` +
        `${String(r.p50).padStart(4)}  ${String(r.p90).padStart(4)}  ${String(r.p99).padStart(4)}  ${String(r.max).padStart(4)}  ` +
        `${String(r.non2xx + r.errors).padStart(7)}  ${r.writeP99Ms}`,
    );
}

/** The 1-minute load average, as the docs quote it beside each figure. */
async function loadAverage() {
  const { readFile } = await import('node:fs/promises');
  return (await readFile('/proc/loadavg', 'utf8')).split(' ')[0];
}
