// @ts-check
// node perf/visitor-data/index.js crash: adds and ratings through the app's
// /model.json at c=N; once --writes are acknowledged, kill -9 of app and
// catalog (writes still in flight), a restart on the same DATA_DIR and
// COOKIE_SECRET, and a count of the acknowledged writes that are there: an
// acknowledged write must survive a crash (docs/visitor-data.md).
import { SECRET, newVisitorId, titles } from './bench.js';
import { readThroughApp, signedCookie, writeThroughApp } from './writes.js';

/**
 * @param {{
 *   number: (key: string, fallback: number) => number, options: Record<string, string>,
 *   startBoth: import('./bench.js').StartBoth, dataDir: string,
 * }} bench number: an option as a number, or the fallback
 */
export async function crash({ number, startBoth }) {
  const target = number('writes', 2000);
  const concurrency = number('concurrency', 20);
  const ids = await titles();
  const { catalog, app } = await startBoth();
  const visitors = Array.from({ length: concurrency }, newVisitorId);
  /** @typedef {{ visitor: string, kind: 'add' | 'rate', id: string, rating?: number }} Write */
  /** @type {Write[]} */
  const acked = [];
  /** @type {Write[]} in flight at the kill */
  const unacked = [];
  /** @type {Write[]} answered with an error before it (none expected) */
  const failed = [];
  /** @type {Map<string, number>} */
  const reasons = new Map();
  let killed = false;
  const started = performance.now();
  let killedAt = 0;
  const kill = () => {
    killed = true;
    killedAt = performance.now();
    catalog.child.kill('SIGKILL');
    process.kill(-app.pid, 'SIGKILL');
  };
  await Promise.all(
    visitors.map(async (visitor, w) => {
      const cookie = signedCookie(visitor, SECRET);
      for (let k = 0; !killed; k++) {
        // Each title once per visitor: what is read back can only be this write's.
        const id = ids[(w * 97 + k) % ids.length];
        /** @type {Write} */
        const write = k % 2 === 0 ? { visitor, kind: 'add', id } : { visitor, kind: 'rate', id, rating: (k % 5) + 1 };
        const refused = await writeThroughApp(app.url, cookie, write).catch((/** @type {Error} */ e) => e.message);
        if (refused === null && !killed) {
          acked.push(write);
          if (acked.length >= target) kill();
        } else if (killed) unacked.push(write);
        else {
          failed.push(write);
          reasons.set(refused.slice(0, 60), (reasons.get(refused.slice(0, 60)) ?? 0) + 1);
        }
      }
    }),
  );
  const rate = acked.length / ((killedAt - started) / 1000);
  console.log(
    `${acked.length} writes acknowledged in ${((killedAt - started) / 1000).toFixed(1)} s (${rate.toFixed(0)}/s at c=${concurrency}); kill -9 of app and catalog with ${unacked.length} in flight; ${failed.length} failed before`,
  );

  if (failed.length > 0)
    console.log(
      `  failed before the kill (not acknowledged, so not counted): ${JSON.stringify(Object.fromEntries(reasons))}`,
    );

  const again = await startBoth();
  let addsThere = 0;
  let ratingsThere = 0;
  let unackedThere = 0;
  for (const visitor of visitors) {
    const cookie = signedCookie(visitor, SECRET);
    const mine = [...acked, ...unacked, ...failed].filter((w) => w.visitor === visitor);
    const graph = await readThroughApp(again.app.url, cookie, [
      ['titlesById', mine.map((w) => w.id), ['inMyList', 'userRating']],
    ]);
    for (const write of mine) {
      const there =
        write.kind === 'add'
          ? graph.titlesById[write.id].inMyList === true
          : graph.titlesById[write.id].userRating === write.rating;
      if (unacked.includes(write)) unackedThere += there ? 1 : 0;
      else if (failed.includes(write)) continue;
      else if (write.kind === 'add') addsThere += there ? 1 : 0;
      else ratingsThere += there ? 1 : 0;
    }
  }
  const adds = acked.filter((w) => w.kind === 'add').length;
  console.log(
    `after the restart: ${addsThere} of ${adds} acknowledged adds, ${ratingsThere} of ${acked.length - adds} acknowledged ratings`,
  );
  console.log(`  (${unackedThere} of the ${unacked.length} in flight at the kill landed too: either is correct)`);
  console.log(
    `  ${again.catalog.url}: ${JSON.stringify((await (await fetch(`${again.catalog.url}/_stats`)).json()).visitorStore)}`,
  );
}
