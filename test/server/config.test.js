// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { loadConfig } from '../../server/config/load.js';
import { ConfigError } from '../../server/errors.js';

test('loadConfig: defaults give a frozen, complete config', () => {
  const config = loadConfig({});
  assert.equal(config.port, 3000);
  assert.equal(config.catalog.url, null);
  assert.equal(config.page.atfRows, 3);
  assert.equal(config.falcor.maxPaths, 1000);
  assert.ok(Object.isFrozen(config) && Object.isFrozen(config.upstream), 'config must be deeply frozen');
  assert.throws(() => {
    /** @type {any} */ (config.upstream).connections = 1;
  }, TypeError);
});

test('loadConfig: reads each knob', () => {
  const config = loadConfig({
    PORT: '8080',
    CATALOG_URL: 'http://127.0.0.1:4000/',
    ATF_ROWS: 'all',
    UPSTREAM_CONNECTIONS: '8',
  });
  assert.equal(config.port, 8080);
  assert.equal(config.catalog.url, 'http://127.0.0.1:4000');
  assert.equal(config.page.atfRows, 'all');
  assert.equal(config.upstream.connections, 8);
});

test('loadConfig: a bad environment names every bad key at once', () => {
  const error = /** @type {ConfigError} */ (
    captureThrow(() =>
      loadConfig({
        PORT: 'eighty',
        ATF_ROWS: '0',
        CATALOG_URL: 'ftp://x',
        NODE_ENV: 'staging',
        UPSTREAM_TIMEOUT_MS: '1.5',
      }),
    )
  );
  assert.ok(error instanceof ConfigError, 'expected a ConfigError');
  for (const key of ['PORT', 'ATF_ROWS', 'CATALOG_URL', 'NODE_ENV', 'UPSTREAM_TIMEOUT_MS']) {
    assert.match(error.message, new RegExp(`${key}=`), `the error must name ${key}`);
  }
  assert.equal(error.problems.length, 5);
});

test('loadConfig: CATALOG_URL is an origin with an optional base path, CATALOG_CA a PEM certificate', () => {
  for (const [raw, url] of [
    ['http://127.0.0.1:4000', 'http://127.0.0.1:4000'],
    ['http://127.0.0.1:4000/', 'http://127.0.0.1:4000'],
    ['https://api.example.com/v1', 'https://api.example.com/v1'],
    ['https://api.example.com/v1/', 'https://api.example.com/v1'],
    ['https://api.example.com/movies/v2//', 'https://api.example.com/movies/v2'],
  ]) {
    assert.equal(loadConfig({ CATALOG_URL: raw }).catalog.url, url, raw);
  }
  const error = /** @type {ConfigError} */ (
    captureThrow(() => loadConfig({ CATALOG_URL: 'http://127.0.0.1:4000/v1?key=1', CATALOG_CA: 'not a certificate' }))
  );
  assert.match(error.message, /CATALOG_URL=.*no query string \(\?…\) or fragment/);
  assert.match(error.message, /CATALOG_CA=.*PEM/);
  for (const raw of ['https://api.example.com/v1#top', 'https://api.example.com/v1?']) {
    assert.match(captureThrow(() => loadConfig({ CATALOG_URL: raw })).message, /no query string/, raw);
  }
  assert.match(captureThrow(() => loadConfig({ CATALOG_URL: 'https://h/a//b' })).message, /empty path segment/);
  const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
  assert.equal(loadConfig({ CATALOG_URL: 'https://catalog.example:4443', CATALOG_CA: pem }).catalog.ca, pem);
});

test('loadConfig: credentials in CATALOG_URL are refused without being repeated', () => {
  const { message } = captureThrow(() => loadConfig({ CATALOG_URL: 'https://me:pa55word@api.example.com/v1' }));
  assert.match(message, /CATALOG_URL=.*must not carry credentials.*UPSTREAM_HEADERS/);
  assert.doesNotMatch(message, /pa55word|me:/);
});

test('loadConfig: UPSTREAM_HEADERS, a JSON object of headers for every upstream call', () => {
  assert.deepEqual({ ...loadConfig({}).upstream.headers }, {});
  const config = loadConfig({ UPSTREAM_HEADERS: ' {"X-Api-Key": "s3cret-value", "x-tenant": "marquee"} ' });
  assert.deepEqual({ ...config.upstream.headers }, { 'x-api-key': 's3cret-value', 'x-tenant': 'marquee' });
  assert.ok(Object.isFrozen(config.upstream.headers));
  // Printed, the configuration shows the names and never the values.
  for (const printed of [JSON.stringify(config), inspect(config, { depth: 10 }), inspect(config.upstream.headers)]) {
    assert.doesNotMatch(printed, /s3cret-value/);
    assert.match(printed, /x-api-key['"]?: ?['"]\[redacted\]/);
  }
});

test('loadConfig: a bad UPSTREAM_HEADERS names the header and never repeats a value', () => {
  const secret = 's3cret-value';
  const cases = [
    ['{"x-api-key": "s3cret-value"', /not valid JSON/],
    ['["x-api-key", "s3cret-value"]', /must be a JSON object/],
    ['"s3cret-value"', /must be a JSON object/],
    ['{"x-api-key": 42, "x-other": "s3cret-value"}', /"x-api-key" must have a string value/],
    ['{"x api key": "s3cret-value"}', /"x api key" is not a valid header name/],
    ['{"x-api-key": "s3cret-value\\r\\nx-admin: 1"}', /"x-api-key" has a character a header value may not hold/],
    ['{"x-api-key": "s3cret-value\\n"}', /"x-api-key" has a character a header value may not hold/],
    ['{"x-api-key": "s3cret-value\\u0000"}', /"x-api-key" has a character a header value may not hold/],
    ['{"x-api-key": "s3cret-value ✓"}', /"x-api-key" has a character a header value may not hold/],
    ['{"X-Api-Key": "s3cret-value", "x-api-key": "s3cret-value"}', /"x-api-key" is given twice/],
  ];
  for (const name of ['Host', 'content-length', 'Connection', 'transfer-encoding', 'keep-alive', 'upgrade', 'te']) {
    cases.push([JSON.stringify({ [name]: secret }), new RegExp(`"${name}" is set by the HTTP client`)]);
  }
  for (const [raw, expected] of cases) {
    const error = captureThrow(() => loadConfig({ UPSTREAM_HEADERS: /** @type {string} */ (raw) }));
    assert.ok(error instanceof ConfigError, String(raw));
    assert.match(error.message, /UPSTREAM_HEADERS=\(value not shown\): /, String(raw));
    assert.match(error.message, /** @type {RegExp} */ (expected), String(raw));
    assert.doesNotMatch(error.message, /s3cret/, `${raw}: a value was repeated`);
  }
});

/**
 * @param {() => unknown} fn
 * @returns {Error}
 */
function captureThrow(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  assert.fail('expected a throw');
}
