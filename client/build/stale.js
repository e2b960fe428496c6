// @ts-check
// After a client build (client/build/index.js), what earlier builds left in the
// output directory goes: stale hashed files would be served and counted.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { INPUT_SIZES } from './input-sizes.js';
import { PLATFORM_SIZES } from './platform-cache.js';

/**
 * Removes what an earlier build left in outdir: every file that is not one of
 * this build's outputs, their precompressed copies, or the build's own records.
 * @param {string} outdir
 * @param {Set<string>} outputs absolute paths of this build's files
 */
export function removeStale(outdir, outputs) {
  const records = new Set(['manifest.json', INPUT_SIZES, PLATFORM_SIZES].map((name) => path.join(outdir, name)));
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        if (readdirSync(file).length === 0) rmSync(file, { recursive: true, force: true });
        continue;
      }
      const original = file.replace(/\.(br|gz)$/, '');
      if (!outputs.has(file) && !outputs.has(original) && !records.has(file)) rmSync(file, { force: true });
    }
  };
  walk(outdir);
}
