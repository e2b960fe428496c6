// @ts-check
// npm run perf:first-scroll's command line: its usage, and the options read and checked
// (a bad one is refused with the usage, as every perf tool does: perf/lib/tool-options.js).
import { readToolOptions } from '../lib/tool-options.js';
import { PROFILES } from '../lib/throttling.js';

const USAGE = `usage: npm run perf:first-scroll -- [--url URL] [--vs URL] [--runs 7] [--profile mobile] [--row 3]
  A fresh page load left alone until idle, then one scroll that brings home row --row into view:
  the time from the scroll to that row's cards painted, with where it went.
  --url URL        the Marquee measured (default: this checkout, started as \`npm start\` runs it)
  --vs URL         another Marquee, measured alternately in the same run
  --runs N         page loads per side, 1 to 100 (default 7)
  --profile NAME   throttling: ${Object.keys(PROFILES).join(', ')} (default mobile)
  --row INDEX      the home row scrolled to (default 3, the first below the server's three)
  --help           this text`;

/** @param {string[]} argv */
export function readFirstScrollOptions(argv) {
  const values = readToolOptions(argv, {
    tool: 'perf:first-scroll',
    usage: USAGE,
    helpFirst: true,
    options: {
      url: { type: 'string' },
      vs: { type: 'string' },
      runs: { type: 'string', default: '7' },
      profile: { type: 'string', default: 'mobile' },
      row: { type: 'string', default: '3' },
      help: { type: 'boolean', default: false },
    },
    read: (v, problems) => {
      if (!Number.isInteger(Number(v.runs)) || Number(v.runs) < 1 || Number(v.runs) > 100)
        problems.push('--runs must be from 1 to 100');
      if (!Number.isInteger(Number(v.row)) || Number(v.row) < 0) problems.push('--row must be a row index');
      if (!Object.hasOwn(PROFILES, v.profile ?? ''))
        problems.push(`--profile must be one of ${Object.keys(PROFILES).join(', ')}`);
      return /** @type {{ url?: string, vs?: string, runs: string, profile: string, row: string }} */ (v);
    },
  });
  const runs = Number(values.runs);
  const row = Number(values.row);
  const profile = PROFILES[/** @type {keyof typeof PROFILES} */ (values.profile)];
  return { values, runs, row, profile };
}
