// @ts-check
// Structured logs (pino): one JSON line per event, cheap enough for the hot path.
import pino from 'pino';

/** @param {import('./config.js').Config} config */
export function createLogger(config) {
  // Pitfall: a synchronous write(2) per log line. pino's default stdout
  // writes each line at once, and two lines per page cost 5% of the app's CPU
  // under load (perf:flame, `writeString` under sonic-boom). Asynchronous,
  // lines logged while a write is under way leave together in the next one;
  // pino flushes what is left when the process exits. No minimum length: a
  // start-up warning must not wait in a buffer for more lines.
  const stdout = pino.destination({ dest: 1, sync: false });
  return pino({ level: config.log.level, base: { pid: process.pid } }, stdout);
}
