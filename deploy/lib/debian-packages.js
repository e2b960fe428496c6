// @ts-check
// The Debian programs the fleet runs (nginx, Prometheus, PostgreSQL), and those
// the tests and perf tools drive (Chromium, Firefox, WebKitGTK): when one is
// missing, install it as root, or stop with the one command that does. Tests
// that need one are never skipped.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** Where the fleet's daemons are (Debian's packages), unless NGINX_PATH / PROMETHEUS_PATH say otherwise. */
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const PROMETHEUS = process.env.PROMETHEUS_PATH || '/usr/bin/prometheus';

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

/** nginx and Prometheus, for `npm run fleet` and test/deploy/fleet.test.js. */
export function ensureFleetTools() {
  ensureDebianPrograms(
    [
      { name: 'nginx', path: NGINX, package: 'nginx' },
      { name: 'Prometheus', path: PROMETHEUS, package: 'prometheus' },
    ],
    'the fleet and its test',
  );
}
