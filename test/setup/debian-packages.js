// @ts-check
// Tests that need a Debian program (Chromium, Firefox, WebKitGTK, nginx, Prometheus) are never
// skipped: when it is missing, install it as root, or stop with the one
// command that does.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ENGINE_PROGRAMS } from '../../perf/tti/engines/programs.js';

/**
 * @param {{ name: string, path: string, package: string }[]} programs
 * @param {string} why who needs them, for the message
 * @throws {Error} when one is missing and cannot be installed here
 */
export function ensureDebianPrograms(programs, why) {
  const missing = programs.filter((p) => !existsSync(p.path));
  if (missing.length === 0) return;
  const install = `apt-get update && apt-get install -y ${missing.map((p) => p.package).join(' ')}`;
  const names = missing.map((p) => `${p.name} (${p.path})`).join(', ');
  if (process.getuid?.() !== 0) {
    throw new Error(`${names} missing; ${why} need it. Run:\n  sudo sh -c '${install}'`);
  }
  console.log(`${names} missing: installing Debian's package (${install})`);
  const result = spawnSync('sh', ['-c', install], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0 || missing.some((p) => !existsSync(p.path))) {
    throw new Error(`installing ${names} failed; run by hand:\n  ${install}`);
  }
}

/** Firefox ESR, WebKitGTK's driver and MiniBrowser, Xvfb: for the tests that drive the other engines. */
export function ensureEngines() {
  ensureDebianPrograms([...ENGINE_PROGRAMS.firefox, ...ENGINE_PROGRAMS.webkit], 'the Firefox and WebKit tests');
}

/** nginx and Prometheus, for `npm run fleet` and test/deploy/fleet.test.js. */
export function ensureFleetTools() {
  ensureDebianPrograms(
    [
      { name: 'nginx', path: process.env.NGINX_PATH || '/usr/sbin/nginx', package: 'nginx' },
      { name: 'Prometheus', path: process.env.PROMETHEUS_PATH || '/usr/bin/prometheus', package: 'prometheus' },
    ],
    'the fleet and its test',
  );
}
