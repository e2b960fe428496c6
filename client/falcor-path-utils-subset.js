// @ts-check
// Stands in for falcor-path-utils' index in the browser bundle (esbuild alias
// in client/build/index.js): the index pulls in all eighteen helpers, falcor's
// Model uses four. CommonJS packages cannot be tree-shaken, so the cut is
// made here by hand (first-load JS budget, issue 3).
// Relative paths on purpose: the alias rewrites the bare package name.
import iterateKeySet from '../node_modules/falcor-path-utils/lib/iterateKeySet.js';
import toTree from '../node_modules/falcor-path-utils/lib/toTree.js';
import toPaths from '../node_modules/falcor-path-utils/lib/toPaths.js';
import collapse from '../node_modules/falcor-path-utils/lib/collapse.js';

export { iterateKeySet, toTree, toPaths, collapse };
