// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadConfig, KNOBS } from '../server/config.js';
import { ConfigError } from '../server/errors.js';

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

test('loadConfig: CATALOG_URL must be an origin, CATALOG_CA a PEM certificate', () => {
  const error = /** @type {ConfigError} */ (
    captureThrow(() => loadConfig({ CATALOG_URL: 'http://127.0.0.1:4000/catalog', CATALOG_CA: 'not a certificate' }))
  );
  assert.match(error.message, /CATALOG_URL=.*no path/, 'a path would be dropped silently: refuse it');
  assert.match(error.message, /CATALOG_CA=.*PEM/);
  const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
  assert.equal(loadConfig({ CATALOG_URL: 'https://catalog.example:4443', CATALOG_CA: pem }).catalog.ca, pem);
});

test('README: the configuration table lists every knob the server reads', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  for (const key of Object.keys(KNOBS)) {
    assert.match(readme, new RegExp(`^\\| \`${key}\` \\|`, 'm'), `add ${key} to the README's configuration table`);
  }
});

/** @param {() => unknown} fn */
function captureThrow(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  assert.fail('expected a throw');
}
