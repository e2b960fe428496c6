// @ts-check
// The platform part of each JavaScript budget (docs/budgets.md): the libraries
// Marquee's design rests on, bundled alone with the client build's size
// settings and gzipped as the build's files are. A budget is this figure plus
// an allowance for Marquee's own code (package.json "budgets"), so a starter's
// growth shows against the allowance, and a React upgrade moves the platform
// figure instead of breaking the build.
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { GZIP_OPTIONS } from './precompress.js';
import { SIZE_SETTINGS } from './settings.js';

const gzip = promisify(zlib.gzip);
/** The stand-in entries' namespace in the platform build. */
const NAMESPACE = 'marquee-platform';

/**
 * The platform's packages, in print order, and what the stand-in entry takes
 * of each: what Marquee's code imports. React, React DOM, the scheduler and
 * Falcor are CommonJS, bundled whole whatever is named; web-vitals is
 * tree-shaken, and Marquee uses all of its metrics and thresholds
 * (client/measure/web-vitals.js). Falcor's own dependencies come with it.
 */
export const PLATFORM = Object.freeze({
  react: "export * as react from 'react'; export { jsx, jsxs, Fragment } from 'react/jsx-runtime';",
  'react-dom': "export { hydrateRoot } from 'react-dom/client';",
  scheduler: "import 'scheduler';",
  falcor: "export { default as falcor } from 'falcor';",
  'web-vitals': "export * from 'web-vitals';",
});

/**
 * @typedef {{ packages: string[], raw: number, gzip: number, inputs: Set<string> }} Platform
 *   raw and gzip: bytes of the platform bundle; inputs: the source files in
 *   it, as the client build's metafile names them
 * @typedef {{ beforeHydration: string[], firstLoad: string[] }} Loads platform packages per load
 */

/**
 * The platform packages among the given source files (metafile inputs).
 * @param {Iterable<string>} inputs
 * @returns {string[]} in PLATFORM's order
 */
export function platformPackages(inputs) {
  const found = new Set();
  for (const input of inputs) {
    // The innermost node_modules names the package (nested copies included).
    const at = input.lastIndexOf('node_modules/');
    const match = at < 0 ? null : /^(?:@[^/]+\/)?[^/]+/.exec(input.slice(at + 'node_modules/'.length));
    if (match) found.add(match[0]);
  }
  return Object.keys(PLATFORM).filter((name) => found.has(name));
}

/** @param {string[]} packages */
export const platformEntry = (packages) =>
  packages.map((name) => PLATFORM[/** @type {keyof typeof PLATFORM} */ (name)]).join('\n');

/**
 * Bundles each load's platform packages alone (one esbuild run, one output
 * per load, no shared chunks) and measures them.
 * @param {Loads} loads
 * @param {string} root the client build's working directory (metafile paths are relative to it)
 * @returns {Promise<Record<keyof Loads, Platform>>}
 */
export async function measurePlatforms(loads, root) {
  const names = /** @type {(keyof Loads)[]} */ (Object.keys(loads)).filter((load) => loads[load].length > 0);
  const result = await esbuild.build({
    ...SIZE_SETTINGS,
    absWorkingDir: root,
    entryPoints: names.map((load) => `${NAMESPACE}:${load}`),
    // Never written: outdir only names the outputs in memory.
    outdir: 'dist/platform',
    write: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: NAMESPACE,
        setup(build) {
          build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({
            path: args.path.slice(NAMESPACE.length + 1),
            namespace: NAMESPACE,
          }));
          build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
            contents: platformEntry(loads[/** @type {keyof Loads} */ (args.path)]),
            resolveDir: root,
            loader: 'js',
          }));
        },
      },
    ],
  });
  const measured = await Promise.all(
    names.map(async (load) => {
      const [file, output] = Object.entries(result.metafile.outputs).find(
        ([, { entryPoint }]) => entryPoint === `${NAMESPACE}:${load}`,
      ) ?? [''];
      const js = result.outputFiles.find((out) => out.path === path.resolve(root, file));
      if (!output || !js) throw new Error(`the platform bundle for ${load} produced no JavaScript`);
      return /** @type {const} */ ([
        load,
        {
          packages: loads[load],
          raw: js.contents.length,
          gzip: (await gzip(js.contents, GZIP_OPTIONS)).length,
          inputs: new Set(Object.keys(output.inputs).filter((input) => !input.startsWith(`${NAMESPACE}:`))),
        },
      ]);
    }),
  );
  /** @type {Platform} */
  const none = { packages: [], raw: 0, gzip: 0, inputs: new Set() };
  const found = Object.fromEntries(measured);
  return { beforeHydration: found.beforeHydration ?? none, firstLoad: found.firstLoad ?? none };
}
