// @ts-check
// deploy/lib/render.js: the edge's default bounds follow the app's own knobs,
// and a measuring run's access log is there only when asked for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../server/config/load.js';
import { defaultEdgeBounds } from '../../deploy/lib/edge-bounds.js';
import { renderNginx } from '../../deploy/lib/render.js';

/** @param {Record<string, string>} env */
const config = (env) => loadConfig({ NODE_ENV: 'production', ...env });

test('defaultEdgeBounds: an instance gets half what its upstream pool carries, never more than the app takes', () => {
  assert.equal(defaultEdgeBounds(config({})).instanceConns, 16, 'UPSTREAM_CONNECTIONS 64 / 2 sockets / 2');
  assert.equal(defaultEdgeBounds(config({ UPSTREAM_CONNECTIONS: '128' })).instanceConns, 32, 'it follows the pool');
  assert.equal(
    defaultEdgeBounds(config({ UPSTREAM_CONNECTIONS: '128', OVERLOAD_MAX_IN_FLIGHT: '20' })).instanceConns,
    20,
    "capped by the app's own OVERLOAD_MAX_IN_FLIGHT: nginx never lets through what the app would shed",
  );
  assert.equal(defaultEdgeBounds(config({ UPSTREAM_CONNECTIONS: '2' })).instanceConns, 1, 'at least one');
});

test('renderNginx: max_conns from the bounds; an access log with timings only when asked for', () => {
  const options = {
    instances: ['127.0.0.1:4001', '127.0.0.1:4002'],
    httpListen: '127.0.0.1:8080',
    httpsListen: '127.0.0.1:8443',
    runDir: '/tmp/run',
    tlsCert: '/tmp/run/tls.crt',
    tlsKey: '/tmp/run/tls.key',
    config: config({}),
  };
  const plain = renderNginx(options);
  assert.match(plain, /server 127\.0\.0\.1:4001 max_fails=1 fail_timeout=2s max_conns=16;/);
  assert.match(plain, /^\s*access_log off;$/m);
  const logged = renderNginx({ ...options, accessLog: '/tmp/run/access.log' });
  assert.match(logged, /log_format timing '\$status \$request_method \$uri \$request_time \$upstream_response_time';/);
  assert.match(logged, /^\s*access_log \/tmp\/run\/access\.log timing;$/m);
});
