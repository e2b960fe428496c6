// @ts-check
// Command-line options of perf/nav-heap/index.js, read and checked once.
import { parseEnv, readToolOptions } from '../lib/tool-options.js';

/** @typedef {'back-and-next' | 'more-like-this' | 'home-and-more'} Walk */
/** @type {readonly Walk[]} */
export const WALKS = Object.freeze(['back-and-next', 'more-like-this', 'home-and-more']);

const USAGE = `npm run perf:nav-heap -- [options]
  What a long session costs in memory: client navigations from / to titles not
  opened before, the JS heap after a forced GC every --every navigations.
  --walk NAME      how new titles are reached: back-and-next (default: a card on
                   the page, else Back, a genre's next page, home),
                   more-like-this (a title page's "more like this" cards, else home)
                   or home-and-more (the first new card on the page, else home
                   through the masthead, scrolled down its rows)
  --navs N         navigations (1 to 5000, default 500)
  --every N        measure every N navigations (1 to --navs, default 50)
  --url URL        a running app instead of one started here
  --env 'K=v ...'  knobs for the app started here
  --json FILE      the steps as JSON
  --snapshots DIR  a heap snapshot at each step, and the heap split by kind
  --help           this text`;

/** @param {string[]} argv */
export function readOptions(argv) {
  return readToolOptions(argv, {
    tool: 'perf:nav-heap',
    usage: USAGE,
    options: {
      help: { type: 'boolean', default: false },
      walk: { type: 'string', default: 'back-and-next' },
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
      if (!WALKS.includes(values.walk)) problems.push(`--walk must be ${WALKS.join(', ')}, got ${values.walk}`);
      return { values, navs, every, env, walk: /** @type {Walk} */ (values.walk) };
    },
    refuse: (problems, { stage, error }) => {
      if (stage === 'parse')
        return { message: `perf:nav-heap: ${error?.message} (--help lists the options)`, exitCode: 2 };
      return { message: `perf:nav-heap: ${problems.join('; ')}`, exitCode: 2 };
    },
  });
}
