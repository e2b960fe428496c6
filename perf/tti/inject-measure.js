// @ts-check
// The page's own measurement modules (client/measure/) as one classic script,
// for sites that do not load them: perf/tti/index.js adds it with addInitScript, so
// lab TTI, TBT and the web vitals are computed by the same code everywhere.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** @returns {Promise<string>} an IIFE that starts measuring without beacon or overlay */
export async function measureScript() {
  const result = await build({
    stdin: {
      contents:
        "import { startMeasuring } from './client/measure/start.js';\nstartMeasuring({ beacon: false, overlay: false });",
      resolveDir: ROOT,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'chrome100',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/**
 * Whether the page already measures itself (a Marquee page carries #marquee-data
 * and loads client/measure/ after hydration): injecting a second copy at
 * document start would add its own script cost before hydration.
 * @param {string} url
 */
export async function pageMeasuresItself(url) {
  try {
    const res = await fetch(url, { headers: { accept: 'text/html' } });
    return (await res.text()).includes('id="marquee-data"');
  } catch {
    return false;
  }
}
