// @ts-check
// The client build's script in a checkout. Perf tools also build other
// checkouts to compare with (perf:input --compare, perf:chaos), and before
// the build scripts had their own folder it was client/build.js.
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * @param {string} root a checkout
 * @returns {string} its client build script, relative to root
 */
export function clientBuildScript(root) {
  return existsSync(path.join(root, 'client/build/index.js')) ? 'client/build/index.js' : 'client/build.js';
}
