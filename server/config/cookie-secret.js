// @ts-check
// The visitor cookie's secret when COOKIE_SECRET is not set and this app keeps
// its visitors on this machine (its own catalog child, VISITOR_STORE=sqlite
// under DATA_DIR): made once, kept beside the visitor database, so a restart,
// a crash or a new worker signs and reads cookies as before and every visitor
// keeps their list (ADR 017). Never logged and never served: only its path is.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { ROOT } from '../paths.js';

/** The secret's file name inside DATA_DIR, beside visitors.db. */
export const COOKIE_SECRET_FILE = 'cookie-secret';
/** The same floor as COOKIE_SECRET's (server/config/parse.js). */
const MIN_LENGTH = 32;
/** One line of printable ASCII, no blanks: what this module writes, and what a person would paste. */
const SECRET_LINE = /^[\x21-\x7e]+$/;

/**
 * Whether this start keeps its secret in DATA_DIR: none given, not one
 * instance of a fleet (FLEET=1 needs one COOKIE_SECRET everywhere), and the
 * visitors kept here, by the catalog this app starts. A worker of node:cluster
 * gets the primary's secret as COOKIE_SECRET, so it never reads the file.
 * @param {Record<string, string | undefined>} env
 */
export function keepsCookieSecret(env) {
  const value = (/** @type {string} */ key) => (env[key] ?? '').trim();
  // VISITOR_STORE '' is the default, sqlite.
  const local = ['', 'sqlite'].includes(value('VISITOR_STORE'));
  return !value('COOKIE_SECRET') && value('FLEET') !== '1' && !value('CATALOG_URL') && local;
}

/**
 * DATA_DIR/cookie-secret; DATA_DIR as the catalog reads it (relative to the
 * working directory, else the project's data/).
 * @param {Record<string, string | undefined>} env
 */
export function cookieSecretPath(env) {
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(ROOT, 'data');
  return path.join(dataDir, COOKIE_SECRET_FILE);
}

/**
 * The secret kept in `file`, made first if there is none. Several processes
 * starting at once agree on one: each writes a whole file of its own, then
 * link() puts it in place only if nothing is there yet (never over another),
 * and every one reads back the file that won.
 * @param {string} file
 * @returns {{ secret: string, file: string }}
 * @throws {ConfigError} a file that cannot be read or is not a secret, named
 */
export function keptCookieSecret(file) {
  const kept = readSecret(file);
  if (kept !== null) return { secret: kept, file };
  try {
    makeSecret(file);
  } catch (error) {
    const { code, message } = /** @type {NodeJS.ErrnoException} */ (error);
    throw new ConfigError([
      `${file}: cannot make the visitor cookie's secret (${code ?? message}); set COOKIE_SECRET, or make DATA_DIR writable`,
    ]);
  }
  const made = readSecret(file);
  if (made === null) throw new ConfigError([`${file}: the visitor cookie's secret vanished as it was made`]);
  return { secret: made, file };
}

/**
 * @param {string} file
 * @returns {string | null} null: no such file
 */
function readSecret(file) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT') return null;
    throw new ConfigError([
      `${file}: cannot read the visitor cookie's secret (${code ?? /** @type {Error} */ (error).message}); make it readable, or set COOKIE_SECRET`,
    ]);
  }
  const secret = bytes.toString('latin1').trim();
  // The content is never quoted: it is the secret, or what is left of it.
  if (secret.length < MIN_LENGTH || !SECRET_LINE.test(secret))
    throw new ConfigError([
      `${file}: not a visitor cookie secret (one line of ${MIN_LENGTH}+ printable characters; this file has ${bytes.length} bytes). Restore it from a backup, or remove it to make a new one: every visitor's cookie then stops matching, and they become new visitors`,
    ]);
  return secret;
}

/** @param {string} file */
function makeSecret(file) {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
    // On disk before its name is: a crash never leaves an empty secret in place.
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
    syncDir(dir);
  } catch (error) {
    // Another process made it first: its secret is the one.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
}

/**
 * The new name on disk too, so the secret outlives a power cut as visitors.db does.
 * @param {string} dir
 */
function syncDir(dir) {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
