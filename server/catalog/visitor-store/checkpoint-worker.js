// @ts-check
// Runs in a worker thread beside the catalog (checkpointer.js): its own
// connection to the visitor database copies the write-ahead log into the
// file every so often. A checkpoint fsyncs; on the catalog's thread that
// stalled every request for 20-60 ms every few hundred writes (500 ms on a
// busy disk), here it stalls nothing. PASSIVE never waits for the writer.
import { parentPort, workerData } from 'node:worker_threads';
import Database from './sqlite-driver.js';

const { file, everyMs } = /** @type {{ file: string, everyMs: number }} */ (workerData);
const db = new Database(file, { fileMustExist: true });

const timer = setInterval(() => {
  const started = performance.now();
  try {
    const [result] = /** @type {{ busy: number, log: number, checkpointed: number }[]} */ (
      db.pragma('wal_checkpoint(PASSIVE)')
    );
    if (result.checkpointed > 0)
      parentPort?.postMessage({ pages: result.checkpointed, ms: performance.now() - started });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}, everyMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
