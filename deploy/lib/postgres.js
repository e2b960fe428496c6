// @ts-check
// A PostgreSQL server of its own, for the fleet and the tests: Debian's
// binaries, a new cluster in a temporary directory, listening only on a Unix
// socket in that directory (no TCP port to collide with anything), stopped
// and removed after. PostgreSQL refuses to run as root: as root it runs as
// the `postgres` user the Debian package creates, and the directory is
// handed to that user.
//
//   const pg = await startPostgres();
//   const url = await pg.createDatabase('marquee');   // postgresql://postgres@localhost/marquee?host=/tmp/...
//   await pg.restart();                                // fast shutdown, start again on the same data
//   await pg.down(); await pg.up();                    // or in two steps, to do something while it is down
//   await pg.stop();                                   // and the directory is gone
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensurePostgres, ownUser, postgresBinDir } from './postgres-install.js';

export { ensurePostgres } from './postgres-install.js';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * @param {{ port?: number, fsync?: boolean, log?: (line: string) => void }} [options]
 *   port: names the socket (.s.PGSQL.<port>), no TCP; log: gets the server's own lines;
 *   fsync: false for tests only. A commit is still written to the log before
 *   it is answered, so it survives any process dying (what the tests kill),
 *   but not the machine: the tests then cost the shared disk no fsync per write.
 */
export async function startPostgres({ port = 5432, fsync = true, log = () => {} } = {}) {
  ensurePostgres();
  const bin = postgresBinDir();
  const root = mkdtempSync(path.join(tmpdir(), 'marquee-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  mkdirSync(socketDir);
  const asUser = ownUser(root);
  const run = (/** @type {string} */ program, /** @type {string[]} */ args) => [
    ...asUser,
    path.join(bin, program),
    ...args,
  ];

  const [initCommand, ...initArgs] = run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const init = spawnSync(initCommand, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.status}):\n${init.stderr || init.error?.message}`);
  }

  /** @type {import('node:child_process').ChildProcess | undefined} */
  let server;
  /** @type {Promise<unknown> | undefined} */
  let exited;
  let output = '';

  const start = async () => {
    const [command, ...args] = run('postgres', [
      '-D',
      dataDir,
      '-k',
      socketDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=',
      '-c',
      `fsync=${fsync ? 'on' : 'off'}`,
    ]);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    server = child;
    exited = new Promise((resolve) => child.once('exit', resolve));
    // Ready when it says so in its log: an event, not a poll.
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`postgres not ready in ${READY_TIMEOUT_MS} ms:\n${output}`)),
        READY_TIMEOUT_MS,
      );
      const read = (/** @type {Buffer} */ chunk) => {
        const text = String(chunk);
        output = (output + text).slice(-8000);
        for (const line of text.split('\n').filter(Boolean)) log(`postgres: ${line}`);
        if (/database system is ready to accept connections/.test(output)) {
          clearTimeout(timer);
          resolve(undefined);
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`postgres exited (${code}) before it was ready:\n${output}`));
      });
    });
    output = '';
  };

  /** Fast shutdown (SIGINT): sessions are ended, every commit is already in its log. */
  const shutdown = async () => {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.kill('SIGINT');
    await exited;
    clearTimeout(timer);
  };

  try {
    await start();
  } catch (error) {
    await shutdown();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }

  /** @param {string} database */
  const urlOf = (database) =>
    `postgresql://postgres@localhost/${database}?host=${encodeURIComponent(socketDir)}&port=${port}`;

  return {
    socketDir,
    /** @param {string} database */
    url: urlOf,
    /**
     * A new, empty database; its URL.
     * @param {string} name letters, digits and _
     */
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new TypeError(`not a database name: ${name}`);
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    /** Down, then up again on the same data (what a database's restart looks like to its clients). */
    async restart() {
      await shutdown();
      await start();
    },
    /** Down (fast shutdown), the data kept: clients' calls fail until up(). */
    down: shutdown,
    up: start,
    /** Down for good, and the directory removed. */
    async stop() {
      await shutdown();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
