// @ts-check
// The measured navigations of perf:nav: the warm-ups of each setup (not
// counted), then --runs rounds alternated A B, B A…: on a shared machine
// only alternated runs compare. Each run is told on stderr as it ends.
import { measureNavigation } from './run.js';

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./setups.js').NavSetup[]} setups
 * @param {{
 *   options: import('./options.js').NavOptions, profile: import('../lib/throttling.js').Profile,
 *   progress: (line: string) => void,
 * }} how
 * @returns {Promise<Record<string, import('./run.js').NavRun[]>>} each setup's runs, by its name
 */
export async function runSetups(browser, setups, { options, profile, progress }) {
  const run = (/** @type {import('./setups.js').NavSetup} */ s) =>
    measureNavigation(browser, {
      url: new URL('/', s.target.url).href,
      profile,
      intent: s.intent,
      dwellMs: s.dwellMs,
      row: options.row,
      card: options.card,
      timeoutMs: options.timeoutMs,
      back: options.back,
    });
  for (const s of setups) {
    for (let i = 0; i < options.warmup; i += 1) {
      const warm = await run(s);
      progress(`  warm-up ${s.name}: ${warm.ok ? `${warm.completeMs} ms (not counted)` : `broken: ${warm.reason}`}`);
    }
  }
  /** @type {Record<string, import('./run.js').NavRun[]>} */
  const runs = Object.fromEntries(setups.map((s) => [s.name, []]));
  for (let i = 1; i <= options.runs; i += 1) {
    for (const s of i % 2 ? setups : [...setups].reverse()) {
      const started = Date.now();
      const result = await run(s);
      runs[s.name].push(result);
      const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
      progress(
        result.ok
          ? `  run ${i}/${options.runs} ${s.name}: heading ${result.headingMs} ms · complete ${result.completeMs} ms · ` +
              `requests after the click ${result.requests} (/model.json ${result.modelRequests}) · ` +
              `during the dwell ${result.dwellRequests} (/model.json ${result.dwellModelRequests}) · ` +
              (result.backMs === undefined
                ? ''
                : `Back: rows ${result.backMs} ms, list ${result.backListMs} ms, reads ended ${result.backReadsEndMs ?? '—'} ms · `) +
              `"${result.title.name}" (${took})`
          : `  run ${i}/${options.runs} ${s.name}: BROKEN: ${result.reason}`,
      );
    }
  }
  return runs;
}
