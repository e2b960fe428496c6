// @ts-check
// node deploy/render.js --instances app1:3000,app2:3000 --out DIR [options]
// Writes nginx.conf, prometheus.yml and rules.yml for a fleet into DIR, from
// the same templates `npm run fleet` fills, with nginx's timeouts from the
// app knobs in this environment; and a self-signed certificate unless DIR
// already holds tls.crt and tls.key. The compose file's `config` step.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config/load.js';
import { createSelfSignedCertificate } from '../server/catalog/tls.js';
import { RULES_FILE, renderNginx, renderPrometheus } from './lib/render.js';

const USAGE = `node deploy/render.js --instances HOST:PORT,... --out DIR
  --run-dir /tmp          where nginx keeps its pid and temporary files
  --http-listen 80        nginx's plain HTTP listen
  --https-listen 443      nginx's HTTPS listen
  --scrape-interval 15s   Prometheus scrape and rule interval
  --config-dir DIR        where nginx and Prometheus will see DIR (default: DIR)
  --metrics-token-file F  a file with METRICS_TOKEN, as Prometheus will see it`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      instances: { type: 'string' },
      out: { type: 'string' },
      'run-dir': { type: 'string', default: '/tmp' },
      'http-listen': { type: 'string', default: '80' },
      'https-listen': { type: 'string', default: '443' },
      'scrape-interval': { type: 'string', default: '15s' },
      'config-dir': { type: 'string' },
      'metrics-token-file': { type: 'string' },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
const instances = values.instances?.split(',').filter(Boolean) ?? [];
if (!values.out || instances.length === 0 || instances.some((i) => !/^[\w.-]+:\d+$/.test(i))) {
  console.error(`--instances (HOST:PORT,...) and --out are required\n${USAGE}`);
  process.exit(2);
}

let config;
try {
  // This process is no instance: only the knobs nginx mirrors matter here.
  config = loadConfig({ ...process.env, NODE_ENV: 'production', FLEET: '0' });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const out = path.resolve(values.out);
const seenAs = values['config-dir'] ?? out;
mkdirSync(out, { recursive: true });
if (!existsSync(path.join(out, 'tls.crt')) || !existsSync(path.join(out, 'tls.key'))) {
  const tls = await createSelfSignedCertificate('localhost');
  writeFileSync(path.join(out, 'tls.crt'), tls.cert);
  writeFileSync(path.join(out, 'tls.key'), tls.key, { mode: 0o600 });
  console.log('render: a self-signed certificate (tls.crt, tls.key): replace it with yours');
}
writeFileSync(
  path.join(out, 'nginx.conf'),
  renderNginx({
    instances,
    httpListen: values['http-listen'],
    httpsListen: values['https-listen'],
    runDir: values['run-dir'],
    tlsCert: path.posix.join(seenAs, 'tls.crt'),
    tlsKey: path.posix.join(seenAs, 'tls.key'),
    config,
  }),
);
copyFileSync(RULES_FILE, path.join(out, 'rules.yml'));
writeFileSync(
  path.join(out, 'prometheus.yml'),
  renderPrometheus({
    targets: instances,
    scrapeInterval: values['scrape-interval'],
    rulesFile: path.posix.join(seenAs, 'rules.yml'),
    metricsTokenFile: values['metrics-token-file'] ?? null,
  }),
);
console.log(`render: nginx.conf, prometheus.yml, rules.yml in ${out} for ${instances.join(' ')}`);
