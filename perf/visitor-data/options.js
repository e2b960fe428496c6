// @ts-check
// Command-line options of perf/visitor-data/index.js: the mode first, then
// --option value pairs, each mode reading its own (an option no mode reads is
// let through, unread).
import { readToolOptions } from '../lib/tool-options.js';

/**
 * @param {string[]} argv
 * @returns {{ mode: string, options: Record<string, string> }}
 */
export function readOptions(argv) {
  const [mode = '', ...rest] = argv;
  const options = readToolOptions(rest, {
    tool: 'perf:visitor-data',
    strict: false,
    options: {
      writes: { type: 'string' },
      concurrency: { type: 'string' },
      duration: { type: 'string' },
      store: { type: 'string' },
      visitors: { type: 'string' },
      'page-concurrency': { type: 'string' },
      setups: { type: 'string' },
      rounds: { type: 'string' },
      instances: { type: 'string' },
    },
    read: (values) => /** @type {Record<string, string>} */ (values),
  });
  return { mode, options };
}
