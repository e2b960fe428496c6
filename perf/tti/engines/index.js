// @ts-check
// perf:tti --browser a,b,c: the page measured in each engine, alternately
// (./runs.js, behind the interface of ./engine.js), and its files (./files.js).
import { openPage } from '../page-under-test.js';
import { resultsBase } from '../files.js';
import { enginePrograms } from './programs.js';
import { measureEngines } from './runs.js';
import { writeEngineResults } from './files.js';

/** @param {import('../page-under-test.js').Tool} tool */
export async function measureInEngines(tool) {
  const { options, profile, progress, onStop } = tool;
  // A missing engine fails now, naming its Debian package, not after the build.
  for (const name of options.browsers) if (name !== 'chromium') enginePrograms(name);
  const { url, server, measuresItself } = await openPage(tool);
  // Classic WebDriver runs no script before the page's own: only a page that measures itself can be compared.
  if (!measuresItself)
    throw new Error(`--browser ${options.browsers.join()} measures Marquee pages only (client/measure/)`);
  const engines = await measureEngines({ url, engines: options.browsers, options, profile, progress, onStop });
  await server?.stop();
  writeEngineResults(resultsBase(options), { url, options, profile, engines });
}
