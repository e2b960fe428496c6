// @ts-check
// The workshop's exercises, by number (the teaching order is the guide's,
// README.md): each a classic Node or React performance pitfall, written into
// Marquee's real code path by its folder's unfixed.patch alone, measured
// broken against fixed in one alternating run (npm run exercise -- NN).
import connectionPool from './01-connection-pool/exercise.js';
import templateCaching from './02-template-caching/exercise.js';
import deepClone from './03-deep-clone/exercise.js';
import routeTable from './04-route-table/exercise.js';
import aboveTheFold from './05-above-the-fold/exercise.js';
import blockingWorkPerItem from './06-blocking-work-per-item/exercise.js';
import deferredResponses from './07-deferred-responses/exercise.js';
import tlsReuse from './08-tls-reuse/exercise.js';
import propsThroughStacks from './09-props-through-stacks/exercise.js';
import dataLayer from './10-data-layer/exercise.js';

/**
 * @typedef {'p50' | 'p90' | 'p99' | 'rps' | 'cpuMsPerRequest' | 'eventLoopDelayP99Ms' | 'poolPendingMax'
 *   | 'upstreamCallsPerRequest' | 'upstreamConnectsPerCall' | 'serverMsPerRequest' | 'pageTemplateMs' | 'pageRenderMs' | 'bytesPerRequest' | 'routesRegistered'
 *   | 'secondsPer1000' | 'peakRssMb' | 'appTTI' | 'labTTI'} Figure
 * @typedef {{
 *   id: string, slug: string, title: string,
 *   brokenLabel: string, hints: string[], symptom: string, cause: string, both?: Record<string, string>,
 *   load: { path: string, concurrency: number, latencyMs: number, jitterMs?: number, prime?: string[] },
 *   figures: Figure[], headline: Figure,
 *   seed: { source: string, what: string, before: number | null, after: number | null, unit: string, note?: string },
 *   tti?: boolean, checkFigure?: Figure,
 * }} Exercise
 *   brokenLabel: what the unfixed patch does, for the teacher (the list, the measurement's header);
 *   both: the environment of both sides (--env);
 *   hints: --hint's, one at a time: where to look, what to measure, what the fix looks like;
 *   seed: the story's own figures, before and after its fix (null: the story has no such pair);
 *   tti: also Time To Interactive in Chromium, alternating (exercise 05);
 *   symptom: what a measurer sees while the pitfall is in, from outside the code: a failing --check prints it,
 *     and it names no file, function or call of the pitfall (test/exercises/patches.test.js);
 *   cause: what is wrong in the code, in a student's words: only with --check --explain, or after the third hint;
 *   checkFigure: the figure --check compares, if not the headline (a figure of the server's, no Chromium)
 */

/** @type {readonly Exercise[]} */
export const EXERCISES = Object.freeze([
  connectionPool,
  templateCaching,
  deepClone,
  routeTable,
  aboveTheFold,
  blockingWorkPerItem,
  deferredResponses,
  tlsReuse,
  propsThroughStacks,
  dataLayer,
]);

/**
 * Planned and not built, listed by `npm run exercise -- list` and refused by
 * number with a pointer to the teacher's guide: none today.
 * @type {readonly { id: string, slug: string, title: string }[]}
 */
export const NOT_YET = Object.freeze([]);
