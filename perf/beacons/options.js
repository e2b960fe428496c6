// @ts-check
// Command-line options of perf/beacons/index.js.
import { readToolOptions } from '../lib/tool-options.js';
import { PROFILES } from '../lib/throttling.js';

export const USAGE = `npm run perf:beacons -- [options]
  --url URL          count the beacons of this Marquee instead of one started here
  --vs URL           also of this Marquee (B), alternately with A (e.g. the build before)
  --close 1,3,10     seconds after the load event at which each tab is closed
  --pages 5          page views per side and closing time
  --profile mobile   none | desktop | mobile (CDP throttling, as perf:tti)`;

/**
 * @typedef {{ url: string | null, vs: string | null, close: number[], pages: number, profile: keyof typeof PROFILES }} BeaconOptions
 */

/**
 * @param {string[]} argv
 * @returns {BeaconOptions}
 */
export function readOptions(argv) {
  return readToolOptions(argv, {
    tool: 'perf:beacons',
    usage: USAGE,
    options: {
      url: { type: 'string' },
      vs: { type: 'string' },
      close: { type: 'string', default: '1,3,10' },
      pages: { type: 'string', default: '5' },
      profile: { type: 'string', default: 'mobile' },
      help: { type: 'boolean', default: false },
    },
    read(values, problems) {
      const close = String(values.close)
        .split(',')
        .map((s) => Number(s.trim()));
      if (close.length === 0 || close.some((s) => !Number.isFinite(s) || s < 0 || s > 120))
        problems.push('--close must be a comma list of seconds from 0 to 120');
      const pages = Number(values.pages);
      if (!Number.isInteger(pages) || pages < 1 || pages > 100) problems.push('--pages must be from 1 to 100');
      if (!Object.hasOwn(PROFILES, values.profile))
        problems.push(`--profile must be one of ${Object.keys(PROFILES).join(', ')}`);
      for (const name of ['url', 'vs'])
        if (values[name] && !/^https?:\/\//.test(values[name])) problems.push(`--${name} must be an http(s) URL`);
      return {
        url: values.url ?? null,
        vs: values.vs ?? null,
        close,
        pages,
        profile: /** @type {keyof typeof PROFILES} */ (values.profile),
      };
    },
  });
}
