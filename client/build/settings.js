// @ts-check
// The esbuild settings that decide a bundle's size, shared by the client build
// (client/build/index.js) and the platform bundle its budgets are measured
// against (client/build/platform.js): the platform figure only means something
// if both are minified, targeted and aliased alike.

/** @type {import('esbuild').BuildOptions} */
export const SIZE_SETTINGS = Object.freeze({
  bundle: true,
  format: 'esm',
  minify: true,
  target: ['es2022'],
  platform: 'browser',
  jsx: 'automatic',
  // The licences go to a file beside the bundle, which only a reader fetches.
  legalComments: 'linked',
  // React's development build is several times larger and slower.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Falcor is CommonJS (no tree shaking): leave out what Marquee never runs,
  // the string-path parser and unused path helpers (~3 KB gzip of first load).
  alias: {
    'falcor-path-syntax': './client/falcor-path-syntax-arrays.js',
    'falcor-path-utils': './client/falcor-path-utils-subset.js',
  },
});
