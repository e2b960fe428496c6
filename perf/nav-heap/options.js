// @ts-check
// Command-line options of perf/nav-heap/index.js, read and checked once. It
// has no --help: an option it does not know (--help too) throws parseArgs'
// own error.
import { parseEnv, readToolOptions } from '../lib/tool-options.js';

/** @param {string[]} argv */
export function readOptions(argv) {
  return readToolOptions(argv, {
    tool: 'perf:nav-heap',
    options: {
      navs: { type: 'string', default: '500' },
      every: { type: 'string', default: '50' },
      url: { type: 'string' },
      env: { type: 'string', default: '' },
      json: { type: 'string' },
      snapshots: { type: 'string' },
    },
    read: (values, problems) => {
      const navs = Number(values.navs);
      const every = Number(values.every);
      const env = parseEnv(values.env, problems);
      if (!Number.isInteger(navs) || navs < 1 || navs > 5000)
        problems.push(`--navs must be 1 to 5000, got ${values.navs}`);
      if (!Number.isInteger(every) || every < 1 || every > navs)
        problems.push(`--every must be 1 to --navs, got ${values.every}`);
      return { values, navs, every, env };
    },
    refuse: (problems, { stage, error }) => {
      if (stage === 'parse') throw error;
      return { message: `perf:nav-heap: ${problems.join('; ')}`, exitCode: 2 };
    },
  });
}
