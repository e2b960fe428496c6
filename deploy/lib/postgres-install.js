// @ts-check
// Where Debian's PostgreSQL is on this machine (installed as root when it is
// missing) and which user may run it: PostgreSQL refuses root, so as root
// ./postgres.js runs it as the `postgres` user the package creates.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { ensureDebianPrograms } from './debian-packages.js';

const PG_ROOT = process.env.POSTGRES_ROOT || '/usr/lib/postgresql';

/** Installs Debian's `postgresql` as root, or stops with the command that does (never a silent skip). */
export function ensurePostgres() {
  ensureDebianPrograms([{ name: 'PostgreSQL', path: PG_ROOT, package: 'postgresql' }], 'VISITOR_STORE=postgres');
}

/** The newest installed version's bin/ (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBinDir() {
  const versions = existsSync(PG_ROOT)
    ? readdirSync(PG_ROOT)
        .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`no PostgreSQL server under ${PG_ROOT}: apt-get install -y postgresql`);
  return path.join(PG_ROOT, versions[0], 'bin');
}

/**
 * As root: hands `dir` to the `postgres` user and returns the prefix that
 * runs a command as that user (setpriv execs, so signals reach the server
 * itself). As anyone else: nothing to do.
 * @param {string} dir
 * @returns {string[]}
 */
export function ownUser(dir) {
  if (process.getuid?.() !== 0) return [];
  const found = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const uid = Number(found.stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (found.status !== 0 || !Number.isInteger(uid)) {
    throw new Error(
      `PostgreSQL refuses to run as root, and there is no postgres user (${userInfo().username}): apt-get install -y postgresql creates it`,
    );
  }
  for (const sub of ['', 'socket']) chownSync(path.join(dir, sub), uid, gid);
  return ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups'];
}
