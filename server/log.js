// @ts-check
// Structured logs (pino): one JSON line per event, cheap enough for the hot path.
import pino from 'pino';

/** @param {import('./config.js').Config} config */
export function createLogger(config) {
  return pino({ level: config.log.level, base: { pid: process.pid } });
}
