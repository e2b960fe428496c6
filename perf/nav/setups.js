// @ts-check
// What perf:nav measures: the throttling profile, and the setups (A, and B
// when --vs, --vs-intent or --vs-dwell-ms asks for one), each a Marquee and
// the way the visitor comes to the card, described in one line for the
// progress and the summary.
import { PROFILES } from '../lib/throttling.js';

/** @typedef {import('./options.js').NavOptions} NavOptions */
/**
 * @typedef {{
 *   target: import('../lib/targets.js').Target, name: string, intent: NavOptions['intent'], dwellMs: number,
 * }} NavSetup
 */

/**
 * --profile's throttling, with --cpu's slowdown over it.
 * @param {NavOptions} options
 * @returns {import('../lib/throttling.js').Profile}
 */
export function navProfile(options) {
  const baseProfile = PROFILES[options.profileName];
  return options.cpuSlowdown === null
    ? baseProfile
    : {
        ...baseProfile,
        cpuSlowdown: options.cpuSlowdown,
        description: `${baseProfile.description}; CPU ${options.cpuSlowdown}x`,
      };
}

/**
 * A, and B when asked for: B runs on B's Marquee (--vs) or on A's with its own intent (--vs-intent).
 * @param {NavOptions} options
 * @param {import('../lib/targets.js').Target[]} targets
 * @returns {NavSetup[]}
 */
export function navSetups(options, targets) {
  const ownB = options.vs !== null || options.vsIntent !== null || options.vsDwellMs !== null;
  return [
    { target: targets[0], name: ownB ? 'A' : targets[0].name, intent: options.intent, dwellMs: options.dwellMs },
    ...(ownB
      ? [
          {
            target: targets[1] ?? targets[0],
            name: 'B',
            intent: options.vsIntent ?? options.intent,
            dwellMs: options.vsDwellMs ?? options.dwellMs,
          },
        ]
      : []),
  ];
}

/** @param {NavSetup} s the intent, then the Marquee's own environment */
export function describeSetup(s) {
  return (
    `${s.intent === 'none' ? 'straight click' : `${s.intent} ${s.dwellMs} ms, then ${s.intent === 'focus' ? 'Enter' : 'click'}`}` +
    `${Object.entries(s.target.env)
      .map(([k, v]) => ` ${k}=${v}`)
      .join('')}`
  );
}
