// @ts-check
// Command-line options of perf/bfcache/index.js, read and checked once.
import { parseEnv, readToolOptions } from '../lib/tool-options.js';

const USAGE = `npm run perf:bfcache -- [options]
  Lighthouse's bf-cache audit ("Page prevented back/forward cache restoration")
  on /, a title page and a genre page (the first title linked from /, its
  genre), one Lighthouse run each. Prints PASS or FAIL per page with
  Lighthouse's reasons; exits 1 if any page fails.
  --url URL        a running Marquee instead of one started here
  --env 'K=v ...'  knobs for the Marquee started here
  --page PATH      audit this path too (repeatable), e.g. --page /perf (no-store: fails)
  --json FILE      the results as JSON
  --help           this text`;

/** @param {string[]} argv */
export function readOptions(argv) {
  return readToolOptions(argv, {
    tool: 'perf:bfcache',
    usage: USAGE,
    options: {
      help: { type: 'boolean', default: false },
      url: { type: 'string' },
      env: { type: 'string', default: '' },
      page: { type: 'string', multiple: true, default: [] },
      json: { type: 'string' },
    },
    read: (values, problems) => {
      const env = parseEnv(values.env, problems);
      for (const page of values.page)
        if (!page.startsWith('/')) problems.push(`--page must be a path from /, got ${page}`);
      if (values.url !== undefined && !URL.canParse(values.url))
        problems.push(`--url must be a URL, got ${values.url}`);
      return {
        url: /** @type {string | undefined} */ (values.url),
        env,
        extra: /** @type {string[]} */ (values.page),
        json: /** @type {string | undefined} */ (values.json),
      };
    },
  });
}
