// @ts-check
// The fleet's Prometheus: scrapes every app instance, with the alert rules of
// deploy/ (./render.js RULES_FILE), its data in the fleet's directory.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { answers200, startDaemon } from './daemon.js';
import { RULES_FILE, renderPrometheus } from './render.js';
import { PROMETHEUS } from './debian-packages.js';

/**
 * @param {{ dir: string, port: number, targets: string[], scrapeInterval: string }} fleet
 *   targets: the instances' host:port
 * @returns {Promise<{ url: string, stop: () => Promise<unknown> }>}
 */
export async function startPrometheus({ dir, port, targets, scrapeInterval }) {
  const conf = path.join(dir, 'prometheus.yml');
  writeFileSync(conf, renderPrometheus({ targets, scrapeInterval, rulesFile: RULES_FILE }));
  const url = `http://127.0.0.1:${port}`;
  const prometheus = await startDaemon(
    'prometheus',
    PROMETHEUS,
    [
      `--config.file=${conf}`,
      `--storage.tsdb.path=${path.join(dir, 'prometheus')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { ready: () => answers200(`${url}/-/ready`), cwd: dir },
  );
  return { url, stop: () => prometheus.stop() };
}
