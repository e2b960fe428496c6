// @ts-check
// Minified bytes per source file of a client build (client/build/index.js), kept
// beside the output until the next build: when that one is over budget, the
// difference names the source files that grew (client/build/budgets.js growth()).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The record's file name in the output directory. */
export const INPUT_SIZES = 'input-sizes.json';

/**
 * Minified bytes per source file in the given outputs, summed over chunks.
 * @param {import('esbuild').Metafile['outputs']} outputs
 * @param {string[]} files
 * @returns {import('./budgets.js').InputSizes}
 */
export function inputSizes(outputs, files) {
  /** @type {Record<string, number>} */
  const sizes = {};
  for (const file of new Set(files)) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file]?.inputs ?? {})) {
      sizes[input] = (sizes[input] ?? 0) + bytesInOutput;
    }
  }
  return sizes;
}

/**
 * @param {string} outdir
 * @returns {import('./budgets.js').InputSizes | null} the previous build's, if any
 */
export function readInputSizes(outdir) {
  try {
    return JSON.parse(readFileSync(path.join(outdir, INPUT_SIZES), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * @param {string} outdir
 * @param {import('./budgets.js').InputSizes} inputs this build's
 */
export function writeInputSizes(outdir, inputs) {
  writeFileSync(path.join(outdir, INPUT_SIZES), `${JSON.stringify(inputs, null, 1)}\n`);
}
