// @ts-check
// A fleet past one catalog (issue 30), as `npm run fleet -- --catalogs 2`
// starts it: two catalog processes on a PostgreSQL of the fleet's own, behind
// an nginx of their own that the instances reach; nginx in front of the
// instances shedding a flood with the app's own 503 page, assets and beacons
// still served; kill -9 of a catalog under the app's writes losing nothing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startFleet } from '../../deploy/lib/fleet.js';
import { setCatalogLatency } from '../helpers/catalog.js';
import { ensurePostgres } from '../../deploy/lib/postgres.js';
import { SHED_BODY } from '../../server/middleware/overload.js';
import { ensureFleetTools } from '../../deploy/lib/debian-packages.js';
import { validBeacon, postBeacon } from '../helpers/beacons.js';
import { addThroughApp, listThroughApp, newVisitor, titleIds } from '../helpers/visitor-data.js';

/** Pages in flight to one instance: small, so that a dozen requests are a flood. */
const INSTANCE_CONNS = 2;

/** @type {Awaited<ReturnType<typeof startFleet>>} */
let fleet;
/** @type {string[]} */
let ids;
before(async () => {
  ensureFleetTools();
  ensurePostgres();
  fleet = await startFleet({
    instances: 1,
    catalogs: 2,
    visitorStore: 'postgres',
    env: { COOKIE_SECRET: 'a-secret-every-instance-of-this-fleet-shares-0123', LOG_LEVEL: 'warn' },
    edge: { instanceConns: INSTANCE_CONNS },
    scrapeInterval: '5s',
  });
  ids = await titleIds(fleet.catalogs[0].url, 40);
});
after(() => fleet?.stop());

/** @param {string} url @param {string} [method] */
async function call(url, method = 'GET') {
  const res = await fetch(url, { method });
  return { status: res.status, body: await res.json() };
}

test('a write through one catalog is read through the other; the instances reach them through nginx', async () => {
  const [a, b] = fleet.catalogs;
  assert.ok(![a.url, b.url].includes(fleet.catalogUrl), 'the instances use nginx, not one catalog');
  assert.equal((await call(`${a.url}/visitors/visitor-0001/my-list/${ids[0]}`, 'PUT')).status, 200);
  assert.deepEqual((await call(`${b.url}/visitors/visitor-0001/my-list`)).body, { ids: [ids[0]] });

  const { cookie } = await newVisitor(fleet.url);
  for (const id of ids.slice(1, 5)) assert.equal((await addThroughApp(fleet.url, cookie, id)).status, 200);
  assert.deepEqual(await listThroughApp(fleet.url, cookie), ids.slice(1, 5).reverse());
  // nginx spread the app's calls over both catalogs: each answered some.
  const writes = await Promise.all([a, b].map(async (c) => (await call(`${c.url}/_stats`)).body.visitorStore.writes));
  assert.ok(
    writes.every((n) => n > 0),
    `writes per catalog: ${writes}`,
  );
});

test("a flood past the instance bound: 503 with Retry-After and the app's page; assets and beacons served", async () => {
  const page = await (await fetch(`${fleet.url}/`)).text();
  const asset = /\/assets\/[\w./-]+\.js/.exec(page)?.[0];
  assert.ok(asset, 'the page names a script asset');
  // A returning visitor's page reads their list from a catalog (catalog data
  // comes from the app's cache): slowed, the flood stays in flight.
  const { cookie } = await newVisitor(fleet.url);
  await Promise.all(fleet.catalogs.map((c) => setCatalogLatency(c.url, 400)));
  try {
    const flood = Promise.all(
      Array.from({ length: 12 }, async () => {
        const res = await fetch(`${fleet.url}/`, { headers: { cookie } });
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
      }),
    );
    // While it is in flight: assets and beacons are not what nginx sheds.
    const [assetRes, beaconRes] = await Promise.all([
      fetch(`${fleet.url}${asset}`),
      postBeacon(fleet.url, validBeacon()),
    ]);
    await assetRes.arrayBuffer();
    assert.deepEqual([assetRes.status, beaconRes.status], [200, 204]);

    const answers = await flood;
    const shed = answers.filter((a) => a.status === 503);
    const served = answers.filter((a) => a.status === 200);
    assert.equal(shed.length + served.length, answers.length, `only 200s and 503s: ${answers.map((a) => a.status)}`);
    assert.ok(served.length >= 1 && served.length <= INSTANCE_CONNS + 2, `served ${served.length}`);
    assert.ok(shed.length >= 12 - INSTANCE_CONNS - 2, `shed ${shed.length}`);
    for (const answer of shed) assert.deepEqual([answer.retryAfter, answer.body], ['2', SHED_BODY]);
  } finally {
    await Promise.all(fleet.catalogs.map((c) => setCatalogLatency(c.url, 0)));
  }
});

test("kill -9 of one catalog under the app's writes: the other serves, nothing acknowledged lost", async () => {
  const { cookie } = await newVisitor(fleet.url);
  const mine = ids.slice(10, 40);
  /** @type {string[]} */
  const acknowledged = [];
  const writes = (async () => {
    for (const [i, id] of mine.entries()) {
      const { status, jsonGraph } = await addThroughApp(fleet.url, cookie, id);
      assert.equal(status, 200);
      assert.notEqual(jsonGraph.myList?.add?.$type, 'error', `add ${i}: ${JSON.stringify(jsonGraph.myList?.add)}`);
      acknowledged.push(id);
      if (i === 9) fleet.catalogs[0].child.kill('SIGKILL');
    }
  })();
  await writes;
  assert.equal(acknowledged.length, mine.length, 'every add answered, before and after the kill');
  assert.deepEqual((await listThroughApp(fleet.url, cookie)).sort(), [...acknowledged].sort());
});
