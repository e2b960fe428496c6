// @ts-check
// Several catalogs behind one nginx of the fleet's own (its upstream, keep-alive),
// up before the app instances start: the instances reach the catalogs through it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/config/load.js';
import { answers200, startDaemon } from './daemon.js';
import { freePort } from './free-port.js';
import { renderCatalogsNginx } from './render.js';
import { NGINX } from './debian-packages.js';

/**
 * @param {{ catalogs: { url: string }[], dir: string, appEnv: Record<string, string> }} fleet
 *   dir: the fleet's directory; appEnv: the instances' knobs (nginx's timeouts come from the config they read)
 * @returns {Promise<{ url: string, stop: () => Promise<unknown> }>}
 */
export async function startCatalogsNginx({ catalogs, dir, appEnv }) {
  const url = `http://127.0.0.1:${await freePort()}`;
  const runDir = path.join(dir, 'nginx-catalogs');
  mkdirSync(runDir);
  const conf = path.join(runDir, 'nginx.conf');
  writeFileSync(
    conf,
    renderCatalogsNginx({
      catalogs: catalogs.map((c) => new URL(c.url).host),
      listen: new URL(url).host,
      runDir,
      config: loadConfig({ ...process.env, ...appEnv, CATALOG_URL: url, NODE_ENV: 'production' }),
    }),
  );
  const nginx = await startDaemon(
    'nginx (catalogs)',
    NGINX,
    ['-e', 'stderr', '-p', runDir, '-c', conf, '-g', 'daemon off;'],
    {
      ready: () => answers200(`${url}/health`),
    },
  );
  return { url, stop: () => nginx.stop() };
}
