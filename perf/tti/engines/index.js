// @ts-check
// perf:tti --browser a,b,c [--vs URL]: the page (and the --vs page) measured
// in each engine, alternately (./runs.js, behind the interface of
// ./engine.js), and its files (./files.js). A page that does not measure
// itself gets the measurement before its own scripts (./injection.js): over
// BiDi in Firefox, through a proxy in WebKit, by addInitScript in Chromium.
import { openPage } from '../page-under-test.js';
import { resultsBase } from '../files.js';
import { enginePrograms } from './programs.js';
import { measureEngines } from './runs.js';
import { writeEngineResults } from './files.js';
import { probePage } from './probe-page.js';
import { engineInjection } from './injection.js';

/** @param {import('../page-under-test.js').Tool} tool */
export async function measureInEngines(tool) {
  const { options, profile, progress, onStop } = tool;
  // A missing engine fails now, naming its Debian package, not after the build.
  for (const name of options.browsers) if (name !== 'chromium') enginePrograms(name);
  const { url: asked, server } = await openPage(tool);
  /** @type {import('./runs.js').Side[]} */
  const sides = [];
  let acceptUntrustedCertificate = false;
  for (const [page, url] of /** @type {const} */ ([
    ['A', asked],
    ['B', options.vs],
  ])) {
    if (!url) continue;
    const probed = await probePage(url);
    const label = options.vs ? `${page}: ` : '';
    // Every engine loads where the redirects end, so each measures the same document (the redirect's time is not in it).
    if (probed.redirectedFrom) progress(`  ${label}${url} redirects to ${probed.url}: measuring ${probed.url}`);
    if (probed.untrustedCertificate) {
      acceptUntrustedCertificate = true;
      progress(
        `  ${label}${probed.url}: its certificate is not one this machine trusts (${probed.untrustedCertificate}); ` +
          'the engines are told to accept it',
      );
    }
    if (options.vs) progress(`  ${label}${probed.measuresItself ? 'measures itself' : 'measurement injected'}`);
    sides.push({
      page: options.vs ? page : null,
      url: probed.url,
      inject: probed.measuresItself ? null : await engineInjection(options.capMs),
    });
  }
  const { columns, ratios } = await measureEngines({
    sides,
    engines: options.browsers,
    acceptUntrustedCertificate,
    options,
    profile,
    progress,
    onStop,
  });
  await server?.stop();
  writeEngineResults(resultsBase(options), {
    url: sides[0].url,
    vs: sides[1]?.url ?? null,
    options,
    profile,
    columns,
    ratios,
  });
}
