// @ts-check
// Frames of the bundle (dist/server.js) named by the source file and line they
// came from, through the bundle's linked source map: a student reads
// `shared/components/TitleCard.jsx:41`, not `dist/server.js:2310`.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';

/**
 * @typedef {(file: string, line: number, column: number) => { file: string, line: number } | null} MapSource
 *   file: absolute; line and column 0-based, as a .cpuprofile's call frames give them
 */

/**
 * A lookup that reads each file's source map once (the one its last line links, beside it), and answers
 * null where a file has none or the place maps to no source.
 * @returns {MapSource}
 */
export function sourceMapper() {
  /** @type {Map<string, { map: SourceMap, dir: string } | null>} */
  const maps = new Map();
  return (file, line, column) => {
    if (!maps.has(file)) maps.set(file, readMap(file));
    const found = maps.get(file);
    if (!found) return null;
    const entry = /** @type {{ originalSource?: string, originalLine?: number }} */ (
      found.map.findEntry(line, Math.max(column, 0))
    );
    if (!entry.originalSource || entry.originalLine === undefined) return null;
    const source = entry.originalSource.startsWith('file://')
      ? new URL(entry.originalSource).pathname
      : path.resolve(found.dir, entry.originalSource);
    return { file: source, line: entry.originalLine };
  };
}

/** @param {string} file @returns {{ map: SourceMap, dir: string } | null} */
function readMap(file) {
  if (!file.endsWith('.js') || !existsSync(file)) return null;
  const tail = readFileSync(file, 'utf8').slice(-500);
  const link = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(tail)?.[1];
  if (!link || link.startsWith('data:')) return null;
  const mapFile = path.resolve(path.dirname(file), link);
  if (!existsSync(mapFile)) return null;
  try {
    return { map: new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))), dir: path.dirname(mapFile) };
  } catch {
    return null; // A damaged map: the bundle's own places, as before.
  }
}
