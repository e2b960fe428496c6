// @ts-check
// Structured logs (pino): one JSON line per event, cheap enough for the hot path.
import pino from 'pino';

/** @param {import('./config.js').Config} config */
export function createLogger(config) {
  // Pitfall: a synchronous write(2) per log line. pino's default stdout
  // writes each line at once, and two lines per page cost 5% of the app's CPU
  // under load (perf:flame, `writeString` under sonic-boom). Buffered, lines
  // leave in 4 KB writes; pino flushes what is left when the process exits.
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  return pino({ level: config.log.level, base: { pid: process.pid } }, stdout);
}
