// @ts-check
// VISITOR_STORE=postgres behind real catalog processes (issue 30), against a
// real PostgreSQL started for this file: two catalogs share one database; a
// full list is refused over HTTP; PostgreSQL restarted under writes (503s
// while it is down, the catalogs come back by themselves, nothing
// acknowledged lost, no process exits); `kill -9` of one of two catalogs
// under writes (the other serves, nothing acknowledged lost).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPostgres } from '../../deploy/lib/postgres.js';
import { startCatalog } from '../helpers/catalog.js';
import { titleIds } from '../helpers/visitor-data.js';

/** @type {Awaited<ReturnType<typeof startPostgres>>} */
let postgres;
/** @type {string[]} */
let ids;
let databases = 0;
before(async () => {
  postgres = await startPostgres({ fsync: false });
});
after(() => postgres?.stop());

/** Two catalogs on a new database. */
async function twoCatalogs() {
  const env = { VISITOR_STORE: 'postgres', DATABASE_URL: await postgres.createDatabase(`fleet_${++databases}`) };
  const catalogs = await Promise.all([startCatalog({ env }), startCatalog({ env })]);
  ids ??= await titleIds(catalogs[0].url, 501);
  return catalogs;
}

/** @param {string} url @param {string} [method] */
async function call(url, method = 'GET') {
  const res = await fetch(url, { method });
  return { status: res.status, body: await res.json() };
}

/**
 * Writers adding titles to their own visitors' lists until stopped, each
 * through the catalog `target(i)` names; every 200 is an acknowledged write.
 * A write that fails (a 503, a catalog gone) is tried again, as a client
 * would, after a short pause.
 * @param {{ writers: number, target: (writer: number) => string }} options
 */
function startWriting({ writers, target }) {
  /** @type {{ vid: string, id: string, via: string }[]} */
  const acknowledged = [];
  /** @type {Map<string, number>} status (or 'fetch failed') → count */
  const answers = new Map();
  /** @type {(() => void)[]} */
  const onAck = [];
  let stopped = false;
  const count = (/** @type {string} */ key) => answers.set(key, (answers.get(key) ?? 0) + 1);
  const loops = Array.from({ length: writers }, async (_, w) => {
    const vid = `writer-${w}`;
    for (let n = 0; !stopped && n < 500;) {
      const via = target(w);
      try {
        const { status, body } = await call(`${via}/visitors/${vid}/my-list/${ids[n]}`, 'PUT');
        count(String(status));
        if (status === 200) {
          acknowledged.push({ vid, id: ids[n], via });
          n += 1;
          for (const notify of onAck.splice(0)) notify();
          continue;
        }
        if (status !== 503) assert.fail(`unexpected ${status}: ${JSON.stringify(body)}`);
        assert.equal(body.error, 'could not save: the visitor store is unavailable');
      } catch (error) {
        if (error instanceof assert.AssertionError) throw error;
        count('fetch failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  const ended = Promise.all(loops);
  return {
    acknowledged,
    answers,
    /** Resolves once `enough` holds for the acknowledged writes. @param {(a: typeof acknowledged) => boolean} enough */
    async until(enough) {
      while (!enough(acknowledged)) {
        const next = new Promise((resolve) => onAck.push(() => resolve(undefined)));
        await Promise.race([next, ended.then(() => assert.fail('the writers ended first'))]);
      }
    },
    async stop() {
      stopped = true;
      await ended;
    },
  };
}

/** Every acknowledged write is in its visitor's list, read through `url`. */
async function assertAllThere(/** @type {string} */ url, /** @type {{ vid: string, id: string }[]} */ acknowledged) {
  for (const vid of new Set(acknowledged.map((write) => write.vid))) {
    const writes = acknowledged.filter((write) => write.vid === vid);
    const { body } = await call(`${url}/visitors/${vid}/my-list`);
    const missing = writes.filter((write) => !body.ids.includes(write.id));
    assert.deepEqual(missing, [], `${vid}: acknowledged writes missing`);
  }
}

test('two catalogs, one database: a write through one is read through the other; a full list is a 409', async () => {
  const [a, b] = await twoCatalogs();
  try {
    for (const id of ids.slice(0, 499))
      assert.equal((await call(`${a.url}/visitors/visitor-1/my-list/${id}`, 'PUT')).status, 200);
    assert.equal((await call(`${b.url}/visitors/visitor-1/my-list/${ids[499]}`, 'PUT')).status, 200);
    const { body } = await call(`${a.url}/visitors/visitor-1/my-list`);
    assert.equal(body.ids[0], ids[499], 'what b wrote, a reads, newest first');
    assert.equal(body.ids.length, 500);
    assert.deepEqual(await call(`${a.url}/visitors/visitor-1/my-list/${ids[500]}`, 'PUT'), {
      status: 409,
      body: { error: 'My List is full (500 titles)' },
    });
    const stats = (await call(`${b.url}/_stats`)).body.visitorStore;
    assert.deepEqual([stats.kind, stats.schemaVersion, stats.visitors, stats.myListRows], ['postgres', 1, 1, 500]);
    assert.match(stats.database, /^postgresql:\/\/postgres@localhost\/fleet_\d+\?/);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});

test('PostgreSQL restarted under writes: 503s while it is down, back by itself, nothing acknowledged lost', async () => {
  const [a, b] = await twoCatalogs();
  const writing = startWriting({ writers: 6, target: (w) => (w % 2 ? a.url : b.url) });
  try {
    await writing.until((acked) => acked.length >= 60);
    await postgres.down();
    const before = writing.acknowledged.length;
    await postgres.up();
    await writing.until((acked) => acked.length >= before + 60);
    await writing.stop();

    assert.ok((writing.answers.get('503') ?? 0) > 0, `some writes met the database down: ${[...writing.answers]}`);
    assert.equal(writing.answers.get('fetch failed'), undefined, 'every write was answered, none cut');
    for (const catalog of [a, b]) assert.equal(catalog.child.exitCode, null, 'no catalog exited');
    await assertAllThere(a.url, writing.acknowledged);
    assert.match(a.output().stderr + b.output().stderr, /catalog: visitor store (write failed|connection lost)/);
  } finally {
    await writing.stop().catch(() => {});
    await Promise.all([a.stop(), b.stop()]);
  }
});

test('kill -9 of one of two catalogs under writes: the other serves, nothing acknowledged lost', async () => {
  const [a, b] = await twoCatalogs();
  let killed = false;
  // Half the writers use a until it is gone, then b; the other half, b throughout.
  const writing = startWriting({ writers: 6, target: (w) => (w % 2 && !killed ? a.url : b.url) });
  try {
    await writing.until((acked) => acked.filter((write) => write.via === a.url).length >= 60);
    killed = true;
    await a.crash();
    const before = writing.acknowledged.length;
    await writing.until((acked) => acked.length >= before + 60);
    await writing.stop();

    assert.equal(writing.answers.get('503'), undefined, 'no write failed for want of the database');
    assert.equal(b.child.exitCode, null);
    await assertAllThere(b.url, writing.acknowledged);
  } finally {
    await writing.stop().catch(() => {});
    await Promise.all([a.stop(), b.stop()]);
  }
});
