// @ts-check
// The visitor cookie's secret kept in DATA_DIR when COOKIE_SECRET is not set
// (server/config/cookie-secret.js, issue 38): made once, mode 0600, the same
// for processes that start together, and a bad file a start-up error naming it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COOKIE_SECRET_FILE,
  cookieSecretPath,
  keepsCookieSecret,
  keptCookieSecret,
} from '../../server/config/cookie-secret.js';
import { loadConfig } from '../../server/config/load.js';

const MODULE = fileURLToPath(new URL('../../server/config/cookie-secret.js', import.meta.url));

/** @param {import('node:test').TestContext} t */
function tempDir(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-secret-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('made once in DATA_DIR, mode 0600, 64 hex digits, and read back the same', (t) => {
  const file = path.join(tempDir(t), 'data', COOKIE_SECRET_FILE);
  const first = keptCookieSecret(file);
  assert.match(first.secret, /^[0-9a-f]{64}$/);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.equal(keptCookieSecret(file).secret, first.secret);
  assert.deepEqual(readdirSync(path.dirname(file)), [COOKIE_SECRET_FILE], 'no temporary file left');
});

test('kept only for a lone instance keeping its visitors here, with no COOKIE_SECRET', () => {
  assert.equal(keepsCookieSecret({}), true);
  assert.equal(keepsCookieSecret({ VISITOR_STORE: 'sqlite' }), true);
  assert.equal(keepsCookieSecret({ COOKIE_SECRET: 'x'.repeat(32) }), false);
  assert.equal(keepsCookieSecret({ FLEET: '1' }), false);
  assert.equal(keepsCookieSecret({ CATALOG_URL: 'http://127.0.0.1:4000' }), false);
  assert.equal(keepsCookieSecret({ VISITOR_STORE: 'memory' }), false);
  assert.equal(keepsCookieSecret({ VISITOR_STORE: 'postgres' }), false);
  assert.equal(cookieSecretPath({ DATA_DIR: '/srv/marquee' }), path.join('/srv/marquee', COOKIE_SECRET_FILE));
});

test('loadConfig signs with the kept secret and says where it is; FLEET=1 still refuses without COOKIE_SECRET', () => {
  const kept = { secret: 'k'.repeat(64), file: '/srv/marquee/cookie-secret' };
  const config = loadConfig({}, { keepSecret: () => kept });
  assert.equal(config.cookie.secret, kept.secret);
  assert.equal(config.cookie.ephemeral, false);
  assert.equal(config.cookie.keptIn, kept.file);
  const given = loadConfig({ COOKIE_SECRET: 'g'.repeat(32) }, { keepSecret: () => kept });
  assert.equal(given.cookie.secret, 'g'.repeat(32));
  assert.equal(given.cookie.keptIn, null);
  assert.throws(
    () => loadConfig({ FLEET: '1', CATALOG_URL: 'http://127.0.0.1:4000' }, { keepSecret: () => kept }),
    /FLEET=1 without COOKIE_SECRET/,
  );
  assert.equal(loadConfig({}).cookie.ephemeral, true, 'no keepSecret: a random secret, no file read');
});

test('a secret file too short, not one line of text, or unreadable is an error naming the file, never quoting it', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, COOKIE_SECRET_FILE);
  writeFileSync(file, 'short-secret-text\n');
  assert.throws(
    () => keptCookieSecret(file),
    (error) =>
      error instanceof Error &&
      error.message.includes(`${file}: not a visitor cookie secret`) &&
      !error.message.includes('short-secret-text'),
  );
  writeFileSync(file, Buffer.from([0, 255, ...Buffer.alloc(62, 7)]));
  assert.throws(() => keptCookieSecret(file), new RegExp(`${file}: not a visitor cookie secret .*64 bytes`));
  rmSync(file);
  // A directory in its place cannot be read as a file (root reads a mode 000 file anyway).
  mkdirSync(file);
  assert.throws(
    () => keptCookieSecret(file),
    new RegExp(`${file}: cannot read the visitor cookie's secret \\(EISDIR\\)`),
  );
});

test('processes that make it at the same moment all read one secret', async (t) => {
  const file = path.join(tempDir(t), COOKIE_SECRET_FILE);
  // Each waits on stdin, so all are loaded before any makes the file.
  const script = `
    import { keptCookieSecret } from ${JSON.stringify(MODULE)};
    process.stdout.write('ready\\n');
    process.stdin.once('data', () => { process.stdout.write(keptCookieSecret(${JSON.stringify(file)}).secret + '\\n'); process.exit(0); });`;
  const children = Array.from({ length: 6 }, () =>
    spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const outputs = children.map(
    (child) =>
      new Promise((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`))));
      }),
  );
  await Promise.all(children.map((child) => new Promise((resolve) => child.stdout.once('data', resolve))));
  for (const child of children) child.stdin.write('go\n');
  const secrets = (await Promise.all(outputs)).map((out) => String(out).split('\n')[1]);
  assert.equal(secrets.length, 6);
  assert.match(secrets[0], /^[0-9a-f]{64}$/);
  assert.deepEqual(new Set(secrets), new Set([secrets[0]]), 'one secret for all');
  assert.deepEqual(readdirSync(path.dirname(file)), [COOKIE_SECRET_FILE], 'no temporary file left');
});
