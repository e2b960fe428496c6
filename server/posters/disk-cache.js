// @ts-check
// Rendered files kept in one directory, made on first request and bounded in
// number: the least recently used go first. Shared by the cluster's workers
// and by restarts: a poster is rendered once per deploy, not once per process.
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * @typedef {{
 *   get: (name: string, render: () => Promise<Buffer>) => Promise<Buffer>,
 *   stats: () => { files: number, renders: number, queued: number },
 * }} DiskCache
 */

/**
 * @param {{ dir: string, maxFiles: number, maxRenders?: number, maxQueued?: number }} options
 *   maxRenders: renders at once (each holds a thread of libuv's pool of 4,
 *   which file reads share); maxQueued: waiting renders past which get()
 *   rejects with a `code: 'busy'` error (a flood of unknown ids)
 * @returns {DiskCache}
 */
export function createDiskCache({ dir, maxFiles, maxRenders = 2, maxQueued = 200 }) {
  /** File names on disk, least recently used first (a Map keeps insertion order). */
  const files = new Map();
  /** @type {Map<string, Promise<Buffer>>} one render per name at a time: a page asks for each once, ten pages at once */
  const inFlight = new Map();
  /** @type {(() => void)[]} */
  const queue = [];
  let running = 0;
  let renders = 0;
  /** @type {Promise<void> | undefined} */
  let ready;

  // Files from earlier runs (or other workers) count against the bound too.
  const scan = () =>
    (ready ??= mkdir(dir, { recursive: true })
      .then(() => readdir(dir))
      .then((names) => {
        for (const name of names) if (!name.startsWith('.')) files.set(name, true);
      })
      .catch(() => {})); // an unwritable directory: posters are rendered per request instead

  /** @param {() => Promise<Buffer>} render */
  const limited = async (render) => {
    if (running >= maxRenders) {
      if (queue.length >= maxQueued) throw Object.assign(new Error('too many posters to render'), { code: 'busy' });
      await new Promise((resolve) => queue.push(() => resolve(undefined)));
    }
    running += 1;
    try {
      return await render();
    } finally {
      running -= 1;
      queue.shift()?.();
    }
  };

  /** @param {string} name @param {() => Promise<Buffer>} render */
  const make = async (name, render) => {
    const bytes = await limited(render);
    renders += 1;
    // A temporary name, then rename: a reader (another worker) never sees half a file.
    const temporary = path.join(dir, `.${name}.${process.pid}.${renders}`);
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, path.join(dir, name));
    } catch {
      await unlink(temporary).catch(() => {});
      return bytes; // a full or read-only disk costs a render per request, not the poster
    }
    files.set(name, true);
    while (files.size > maxFiles) {
      const oldest = /** @type {string} */ (files.keys().next().value);
      files.delete(oldest);
      await unlink(path.join(dir, oldest)).catch(() => {}); // another worker may have taken it first
    }
    return bytes;
  };

  return {
    async get(name, render) {
      await scan();
      if (files.has(name)) {
        files.delete(name);
        files.set(name, true); // now the most recently used
        try {
          return await readFile(path.join(dir, name));
        } catch {
          files.delete(name); // evicted by another worker: render it again
        }
      }
      let pending = inFlight.get(name);
      if (!pending) {
        pending = make(name, render).finally(() => inFlight.delete(name));
        inFlight.set(name, pending);
      }
      return pending;
    },
    stats: () => ({ files: files.size, renders, queued: queue.length }),
  };
}
