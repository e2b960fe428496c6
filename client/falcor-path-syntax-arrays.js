// @ts-check
// Stands in for falcor-path-syntax in the browser bundle (esbuild alias in
// client/build/index.js). Marquee writes every path as an array (the page queries
// in shared/pages/), so the string-path parser is dead weight: ~2 KB gzip of
// the first load, about a fifth of what the app's own code may use under the
// 100 KB budget. Same answers for arrays; a string path is a bug, said loudly.

/** @param {unknown} path */
function refuseString(path) {
  throw new TypeError(`Marquee's client takes paths as arrays, not strings: ${JSON.stringify(path)}`);
}

/**
 * @param {unknown} path
 * @returns {unknown}
 */
export function fromPath(path) {
  if (!path) return [];
  if (typeof path === 'string') refuseString(path);
  return path;
}

/**
 * @param {ArrayLike<any> | null | undefined} paths paths or path values
 * @returns {unknown[]}
 */
export function fromPathsOrPathValues(paths) {
  if (!paths) return [];
  const out = [];
  for (let i = 0; i < paths.length; i++) {
    const item = paths[i];
    if (typeof item === 'string') refuseString(item);
    else if (typeof item?.path === 'string') refuseString(item.path);
    out.push(item);
  }
  return out;
}
