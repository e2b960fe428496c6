// @ts-check
// Checkpoints the visitor database off the catalog's thread (WAL mode: a
// commit appends to the log; a checkpoint copies the log into the file and
// fsyncs). SQLite's automatic checkpoint runs inside the commit that crosses
// its threshold, on the event loop; measured here it made 1 write in ~700
// take 20-60 ms, every other request waiting behind it. The main connection
// keeps a far threshold only as a fallback if this worker ever falls behind.
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints. */
const EVERY_MS = 1000;
/** The main connection's own checkpoint threshold (pages, ~40 MB of log): a fallback only. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * @param {{ file: string, logError: (message: string) => void }} options
 * @returns {{ figures(): { checkpoints: number, checkpointMaxMs: number | null }, stop(): Promise<void> }}
 */
export function startCheckpointer({ file, logError }) {
  const worker = new Worker(new URL('./checkpoint-worker.js', import.meta.url), {
    workerData: { file, everyMs: EVERY_MS },
  });
  // Never what keeps a process alive: the server is.
  worker.unref();
  let checkpoints = 0;
  let maxMs = 0;
  worker.on('message', (/** @type {{ pages?: number, ms?: number, error?: string }} */ message) => {
    if (message.error) logError(`catalog: visitor store checkpoint failed: ${message.error}`);
    else {
      checkpoints += 1;
      maxMs = Math.max(maxMs, message.ms ?? 0);
    }
  });
  worker.on('error', (error) => logError(`catalog: visitor store checkpointer stopped: ${error.message}`));
  const exited = new Promise((resolve) => worker.once('exit', resolve));

  return {
    figures: () => ({ checkpoints, checkpointMaxMs: checkpoints === 0 ? null : Math.round(maxMs * 10) / 10 }),
    async stop() {
      worker.postMessage('stop');
      const timer = setTimeout(() => worker.terminate(), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}
