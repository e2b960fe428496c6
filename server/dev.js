// @ts-check
// `npm run dev`: builds the client once, keeps rebuilding it, and runs ONE app
// server that restarts when server/ or shared/ change (a save under views/
// needs no restart: the app recompiles its templates and reloads the open
// page itself, server/render/templates.js). Replaces
// `node --watch-path=server --watch-path=shared`, whose Node 20 passes the
// second flag on to the child: watchers nest, each save restarts twice, and
// two saves a second apart leave it waiting for a termination that never comes.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, watch } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WATCHED = ['server', 'shared'];
// Data the catalog reads at start-up, not code: a new copy should not cost a restart.
const UNWATCHED = new Set([path.join('server', 'catalog', 'data')]);
// Only what the server imports: editors' temp and backup files (x.swp, 4913, x~, .#x, x___jb_tmp___) never are.
const SOURCE = /^[^.#].*\.(?:[cm]?[jt]sx?|json)$/;
// A save is often several writes (temp file, rename, format on save): one restart for all of them.
const DEBOUNCE_MS = 150;
// The server closes its sockets and its catalog child on SIGTERM; longer means it hangs.
const KILL_AFTER_MS = 5000;

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/** @param {string} line */
const say = (line) => console.log(`dev: ${line}`);

/**
 * @param {string[]} args
 * @param {boolean} [group] its own process group, stopped as one: a client build
 *   killed mid-rebuild can leave its esbuild service running, forever
 */
const node = (args, group = false) =>
  spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], detached: group });

/**
 * SIGTERM, then SIGKILL if it lingers; resolves once the process is gone, so
 * its successor never finds the port or the catalog still taken.
 * @param {ChildProcess | undefined} child
 * @param {boolean} [group] it leads its own process group: signal all of it
 * @returns {Promise<void>}
 */
function stop(child, group = false) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const kill = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      if (group) process.kill(-(/** @type {number} */ (child.pid)), signal);
      else child.kill(signal);
    } catch {
      // exited meanwhile: 'exit' follows
    }
  };
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      say(`pid ${child.pid} did not exit within ${KILL_AFTER_MS / 1000} s of SIGTERM: killing it`);
      kill('SIGKILL');
    }, KILL_AFTER_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    kill('SIGTERM');
  });
}

/** @type {ChildProcess | undefined} */
let server;
/** @type {ChildProcess | undefined} the one-off build, then the watcher */
let client;
let stopping = false;

function startServer() {
  // Not a group of its own: it stops its catalog child itself, gracefully.
  const child = node(['--import', 'tsx', 'server/index.js']);
  child.once('exit', (code, signal) => {
    // A crash (often a half-typed edit) leaves nothing to restart until the next save.
    if (!child.killed && !stopping) say(`app server exited (${signal ?? `code ${code}`}); restarts on the next change`);
  });
  server = child;
}

// One restart at a time, never two servers. A change that arrives while the
// old server stops needs no restart of its own: the new one, started after it,
// reads it. A change after that start restarts once more.
let restarts = Promise.resolve();
let queued = false;

/** @param {string[]} files relative to the root */
function restart(files) {
  if (queued) return;
  queued = true;
  restarts = restarts.then(async () => {
    say(`${files[0]}${files.length > 1 ? ` and ${files.length - 1} more` : ''} changed: restarting the app server`);
    await stop(server);
    queued = false;
    if (!stopping) startServer();
  });
}

/** @type {Set<string>} */
const changed = new Set();
/** @type {NodeJS.Timeout | undefined} */
let debounce;

/** @param {string} file relative to the root */
function onChange(file) {
  if (stopping || !SOURCE.test(path.basename(file))) return;
  changed.add(file);
  clearTimeout(debounce);
  debounce = setTimeout(() => {
    restart([...changed]);
    changed.clear();
  }, DEBOUNCE_MS);
}

// One non-recursive watcher per directory rather than fs.watch's recursive
// mode: on Linux, Node 20's recursive mode watches each file's inode and goes
// deaf to a file once an editor saves it by renaming a temp file over it.
/** @type {Map<string, import('node:fs').FSWatcher>} */
const watchers = new Map();

/** @param {string} dir relative to the root */
function watchTree(dir) {
  if (stopping || UNWATCHED.has(dir)) return;
  let entries;
  try {
    entries = readdirSync(path.join(ROOT, dir), { withFileTypes: true });
  } catch {
    return; // not a directory, or gone already
  }
  watchers.get(dir)?.close(); // a directory deleted and made again is a new one
  const watcher = watch(path.join(ROOT, dir), (event, name) => {
    const file = name ? path.join(dir, name.toString()) : dir;
    if (event === 'rename' && file !== dir) watchTree(file); // a new directory, or a no-op
    onChange(file);
  });
  watcher.on('error', () => watchers.delete(dir)); // the directory went away
  watchers.set(dir, watcher);
  for (const entry of entries) if (entry.isDirectory()) watchTree(path.join(dir, entry.name));
}

/** @param {number} code */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  clearTimeout(debounce);
  for (const watcher of watchers.values()) watcher.close();
  // After the restart under way, so that no server starts once this one stopped.
  await Promise.all([restarts.then(() => stop(server)), stop(client, true)]);
  process.exit(code);
}

// `kill <pid>` reaches only this process, and Ctrl-C not the client's own group: forward them.
process.once('SIGINT', () => shutdown(0));
process.once('SIGTERM', () => shutdown(0));

// The one-off build empties dist/client of stale files, which the watcher's
// keeps (a page already open may still ask for them). Over budget, it fails:
// the size table says so, and dev goes on, as the watcher ignores budgets too.
// A bundle that does not build at all fails the watcher's first build, which stops dev.
client = node(['client/build/index.js'], true);
const [built] = await once(client, 'exit');
if (built !== 0 && !stopping) say('the client build failed (see above): going on with the watcher');
if (!stopping) {
  client = node(['client/build/index.js', '--watch'], true);
  // Without it the browser gets stale bundles: the mismatch this runner exists to prevent.
  client.once('exit', (code, signal) => {
    if (!stopping) say(`client watcher exited (${signal ?? `code ${code}`}): stopping`);
    shutdown(1);
  });
  for (const dir of WATCHED) watchTree(dir);
  startServer();
}
