// @ts-check
// Stands in for falcor-path-utils' index in the browser bundle (esbuild alias
// in client/build/index.js): the index pulls in all eighteen helpers, falcor's
// Model uses four. CommonJS packages cannot be tree-shaken, so the cut is
// made here by hand (first-load JS budget, issue 3).
// Relative paths on purpose: the alias rewrites the bare package name.
// The files ship no types and a relative path cannot be declared as a module:
// each import is `any`, as `declare module 'falcor-path-utils'` makes the
// package (server/untyped-modules.d.ts). @ts-ignore, not @ts-expect-error:
// only the strict check (tsconfig.strict.json) reports them.
// @ts-ignore untyped CommonJS
import iterateKeySet from '../node_modules/falcor-path-utils/lib/iterateKeySet.js';
// @ts-ignore untyped CommonJS
import toTree from '../node_modules/falcor-path-utils/lib/toTree.js';
// @ts-ignore untyped CommonJS
import toPaths from '../node_modules/falcor-path-utils/lib/toPaths.js';
// @ts-ignore untyped CommonJS
import collapse from '../node_modules/falcor-path-utils/lib/collapse.js';

export { iterateKeySet, toTree, toPaths, collapse };
