// @ts-check
// The workshop's exercises, in teaching order: each a classic Node or React
// performance pitfall switched on in Marquee's real code path, measured
// broken against fixed in one alternating run (npm run exercise -- NN).
import connectionPool from './01-connection-pool/exercise.js';
import templateCaching from './02-template-caching/exercise.js';
import deepClone from './03-deep-clone/exercise.js';
import routeTable from './04-route-table/exercise.js';
import aboveTheFold from './05-above-the-fold/exercise.js';
import deferredResponses from './07-deferred-responses/exercise.js';
import tlsReuse from './08-tls-reuse/exercise.js';
import dataLayer from './10-data-layer/exercise.js';

/**
 * @typedef {'p50' | 'p90' | 'p99' | 'rps' | 'cpuMsPerRequest' | 'eventLoopDelayP99Ms' | 'poolPendingMax'
 *   | 'upstreamCallsPerRequest' | 'pageTemplateMs' | 'pageRenderMs' | 'bytesPerRequest' | 'routesRegistered'
 *   | 'secondsPer1000' | 'peakRssMb' | 'appTTI' | 'labTTI'} Figure
 * @typedef {{
 *   id: string, slug: string, title: string,
 *   broken: Record<string, string>, brokenLabel: string, both?: Record<string, string>,
 *   load: { path: string, concurrency: number, latencyMs: number, jitterMs?: number, prime?: string[] },
 *   figures: Figure[], headline: Figure,
 *   seed: { source: string, what: string, before: number | null, after: number | null, unit: string, note?: string },
 *   tti?: boolean,
 * }} Exercise
 *   broken: the environment that turns the pitfall on (perf:load --vs); both: of both sides (--env);
 *   seed: the story's own figures, before and after its fix (null: the story has no such pair);
 *   tti: also Time To Interactive in Chromium, alternating (exercise 05)
 */

/** @type {readonly Exercise[]} */
export const EXERCISES = Object.freeze([
  connectionPool,
  templateCaching,
  deepClone,
  routeTable,
  aboveTheFold,
  deferredResponses,
  tlsReuse,
  dataLayer,
]);

/** Listed in the teacher's guide as "not yet": no knob, no half-built code. */
export const NOT_YET = Object.freeze([
  { id: '06', slug: 'blocking-work-per-item', title: 'Blocking work per item (dates formatted per card)' },
  { id: '09', slug: 'props-through-stacks', title: 'Props through stacks of components' },
]);
