// @ts-check
// Injected faults and TLS, against the real process: latency that a client
// can measure, errors, stalls that only a client timeout ends, resets, the
// per-request header with `only`, PUT /_faults, and a bad environment.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Agent, fetch as undiciFetch } from 'undici';
import { startCatalog } from '../helpers/catalog.js';
import { delayMs } from '../../server/catalog/faults.js';

/** @type {Awaited<ReturnType<typeof startCatalog>>[]} */
const started = [];
after(() => Promise.all(started.map((c) => c.stop())));

/** @param {Record<string, string>} [env] */
async function start(env) {
  const catalog = await startCatalog({ env });
  started.push(catalog);
  return catalog;
}

/**
 * @param {string} url
 * @param {string} [faults] the x-catalog-faults header
 * @param {RequestInit} [init]
 */
async function timed(url, faults, init = {}) {
  const startedAt = performance.now();
  const res = await fetch(url, { ...init, headers: faults ? { 'x-catalog-faults': faults } : {} });
  const body = await res.json();
  return { status: res.status, body, ms: performance.now() - startedAt };
}

describe('faults per request (header)', () => {
  /** @type {string} */
  let url;
  before(async () => {
    ({ url } = await start());
  });

  test('latency is measurable, and absent without the header', async () => {
    const slow = await timed(`${url}/lists`, 'latency=600');
    assert.equal(slow.status, 200);
    assert.ok(slow.ms >= 590, `asked for 600 ms, answered in ${slow.ms.toFixed(0)} ms`);
    // The quickest of three: on a busy machine one plain answer can take 100 ms.
    const fast = Math.min(...(await Promise.all([1, 2, 3].map(() => timed(`${url}/lists`)))).map((r) => r.ms));
    assert.ok(fast < 300, `no faults asked, yet ${fast.toFixed(0)} ms at best`);
  });

  test('jitter stays within latency ± jitter', async () => {
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => timed(`${url}/lists/recent`, 'latency=100;jitter=50')),
    );
    // Only the lower bound is timed here (a busy machine can only add time);
    // the upper bound is delayMs's, tested without a clock below.
    for (const { ms } of runs) assert.ok(ms >= 45, `${ms.toFixed(0)} ms is under 100 - 50`);
  });

  test('error=1 answers 500 with a JSON error', async () => {
    const { status, body } = await timed(`${url}/titles/the-land-girls-1998`, 'error=1');
    assert.equal(status, 500);
    assert.match(body.error, /injected/);
  });

  test('stall=1 never answers: only the client timeout ends it', async () => {
    await assert.rejects(
      fetch(`${url}/lists`, { headers: { 'x-catalog-faults': 'stall=1' }, signal: AbortSignal.timeout(300) }),
      { name: 'TimeoutError' },
    );
  });

  test('reset=1 destroys the socket without an answer', async () => {
    await assert.rejects(
      fetch(`${url}/lists`, { headers: { 'x-catalog-faults': 'reset=1' } }),
      (/** @type {any} */ error) => {
        assert.equal(error.name, 'TypeError'); // fetch failed
        assert.match(String(error.cause?.code ?? error.cause?.message), /UND_ERR_SOCKET|ECONNRESET|other side closed/);
        return true;
      },
    );
  });

  test('only= limits the faults to a path prefix', async () => {
    const faults = 'error=1;only=/visitors';
    assert.equal((await timed(`${url}/lists`, faults)).status, 200);
    assert.equal((await timed(`${url}/visitors/visitor-1234/my-list`, faults)).status, 500);
  });

  test('/health and /_faults are never faulted', async () => {
    assert.equal((await timed(`${url}/health`, 'error=1;reset=1;stall=1')).status, 200);
    assert.equal((await timed(`${url}/_faults`, 'error=1;reset=1;stall=1')).status, 200);
  });

  test('a bad header is a 400 naming every bad key', async () => {
    const { status, body } = await timed(`${url}/lists`, 'latency=soon;error=2;typo=1');
    assert.equal(status, 400);
    for (const key of ['latency', 'error', 'typo']) assert.match(body.error, new RegExp(`x-catalog-faults ${key}`));
  });
});

describe('faults at run time (PUT /_faults)', () => {
  /** @type {string} */
  let url;
  before(async () => {
    ({ url } = await start());
  });

  /** @param {unknown} body */
  const put = (body) => fetch(`${url}/_faults`, { method: 'PUT', body: JSON.stringify(body) });

  test('replaces the process-wide faults; GET reads them; {} switches them off', async () => {
    const res = await put({ error: 1, only: '/titles' });
    assert.equal(res.status, 200);
    const expected = { latency: 0, jitter: 0, error: 1, stall: 0, reset: 0, only: '/titles' };
    assert.deepEqual(await res.json(), expected);
    assert.deepEqual(await (await fetch(`${url}/_faults`)).json(), expected);
    assert.equal((await timed(`${url}/titles/the-land-girls-1998`)).status, 500);
    assert.equal((await timed(`${url}/lists`)).status, 200);

    await put({ latency: 120 });
    assert.equal((await timed(`${url}/titles/the-land-girls-1998`)).status, 200, 'error is off: PUT replaces');
    assert.ok((await timed(`${url}/lists`)).ms >= 110);
    await put({});
    assert.ok((await timed(`${url}/lists`)).ms < 100);
  });

  test('a header overrides the process-wide faults key by key', async () => {
    await put({ error: 1 });
    assert.equal((await timed(`${url}/lists`, 'error=0')).status, 200);
    await put({});
  });

  test('bad fault settings are a 400 and change nothing', async () => {
    for (const body of [{ error: 1.5 }, { latency: -1 }, { stall: 'often' }, { only: 'titles' }, { nope: 1 }, [1]]) {
      const res = await put(body);
      assert.equal(res.status, 400, `PUT /_faults ${JSON.stringify(body)}`);
    }
    assert.deepEqual(await (await fetch(`${url}/_faults`)).json(), {
      latency: 0,
      jitter: 0,
      error: 0,
      stall: 0,
      reset: 0,
      only: null,
    });
  });
});

describe('faults from the environment', () => {
  test('CATALOG_ERROR_RATE=1 and CATALOG_LATENCY_MS', async () => {
    const { url } = await start({ CATALOG_ERROR_RATE: '1', CATALOG_LATENCY_MS: '80' });
    const answer = await timed(`${url}/lists`);
    assert.equal(answer.status, 500);
    assert.ok(answer.ms >= 70, `${answer.ms.toFixed(0)} ms`);
    assert.equal((await timed(`${url}/health`)).status, 200);
  });

  test('bad values stop the start, naming every bad key', async () => {
    await assert.rejects(
      startCatalog({
        env: { CATALOG_ERROR_RATE: '2', CATALOG_LATENCY_MS: 'slow', CATALOG_TLS: 'yes', CATALOG_PORT: '99999' },
      }),
      (/** @type {Error} */ error) => {
        for (const key of ['CATALOG_ERROR_RATE', 'CATALOG_LATENCY_MS', 'CATALOG_TLS', 'CATALOG_PORT']) {
          assert.ok(error.message.includes(key), `${key} is not named in:\n${error.message}`);
        }
        return true;
      },
    );
  });
});

describe('TLS', () => {
  test('CATALOG_TLS=1 serves HTTPS with a self-signed certificate', async () => {
    const { url } = await start({ CATALOG_TLS: '1' });
    assert.match(url, /^https:\/\/127\.0\.0\.1:\d+$/);
    const trusting = new Agent({ connect: { rejectUnauthorized: false } });
    try {
      const res = await undiciFetch(`${url}/health`, { dispatcher: trusting });
      assert.equal(res.status, 200);
      assert.equal(/** @type {any} */ (await res.json()).ok, true);
      await assert.rejects(fetch(`${url}/health`), 'an untrusted self-signed certificate must be refused by default');
    } finally {
      await trusting.close();
    }
  });
});

test('delayMs spans latency ± jitter uniformly and never goes negative', () => {
  assert.equal(
    delayMs({ latency: 100, jitter: 50 }, () => 0),
    50,
  );
  assert.equal(
    delayMs({ latency: 100, jitter: 50 }, () => 0.5),
    100,
  );
  assert.ok(Math.abs(delayMs({ latency: 100, jitter: 50 }, () => 0.999999) - 150) < 0.001);
  assert.equal(
    delayMs({ latency: 10, jitter: 50 }, () => 0),
    0,
  );
  assert.equal(delayMs({ latency: 0, jitter: 0 }), 0);
});
