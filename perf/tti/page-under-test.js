// @ts-check
// The page every perf:tti room measures: Marquee, built and started here (as
// `npm start` runs it), or any --url; and whether it measures itself
// (client/measure/) or gets the measurement injected (./inject-measure.js).
import { availableParallelism } from 'node:os';
import { buildClient, startMarquee } from '../lib/marquee-server.js';
import { measureScript, pageMeasuresItself } from './inject-measure.js';

/**
 * What index.js hands the room it picks.
 * @typedef {{
 *   options: import('./options.js').TTIOptions,
 *   profile: import('../lib/throttling.js').Profile,
 *   progress: (line: string) => void,
 *   onStop: (stop: () => Promise<unknown>) => void,
 * }} Tool
 */

/**
 * @param {Tool} tool
 * @returns {Promise<{ url: string, server: { url: string, stop: () => Promise<void> } | null, measuresItself: boolean, injectScript: string | null }>}
 *   server: the Marquee started here (null with --url); injectScript: the measurement for a page that has none
 */
export async function openPage({ options, profile, progress, onStop }) {
  let server = null;
  let url = options.url;
  if (!url) {
    progress('perf:tti: building the client and starting Marquee (NODE_ENV=production)…');
    await buildClient();
    server = await startMarquee();
    onStop(server.stop);
    url = `${server.url}${options.path}`;
  }

  const measuresItself = await pageMeasuresItself(url);
  const injectScript = measuresItself ? null : await measureScript();
  progress(
    `perf:tti: ${url} · profile ${options.profile} (${profile.description}) · ${options.runs} runs · ${availableParallelism()} cores`,
  );
  progress(
    measuresItself
      ? '  the page measures itself (client/measure/)'
      : '  measurement injected at document start (App TTI only if the page marks marquee:interactive)',
  );
  if (options.runs === 1) progress('  warning: one run is anecdote, not measurement; use --runs 5 or more');
  return { url, server, measuresItself, injectScript };
}
