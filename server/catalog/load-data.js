// @ts-check
// Reads the films file once at start-up, cleans and validates every record,
// assigns ids, builds the lists and freezes it all. A file that cannot serve
// a catalog is a start-up error that names the file and the problem.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildLists } from './build-lists.js';
import { cleanRecord } from './clean-record.js';
import { looksMacRomanMojibake } from './clean-title.js';
import { createIdAllocator } from './slug.js';
import { buildTagline } from './tagline.js';

/** The copy of vega-datasets' movies.json kept in the repo (see data/README.md). */
export const DEFAULT_DATA_FILE = fileURLToPath(new URL('./data/movies.json', import.meta.url));

/**
 * @typedef {import('./clean-record.js').TitleFields & {
 *   id: string, tagline: string, boxart: string }} Title
 * @typedef {import('./build-lists.js').CatalogList} CatalogList
 * @typedef {{ id: string, name: string, length: number }} ListSummary
 * @typedef {{ records: number, kept: number, fixed: number, dropped: number,
 *   dropReasons: Readonly<Record<string, number>> }} LoadStats
 */

/**
 * @typedef {object} Catalog everything the service serves, frozen
 * @property {ReadonlyMap<string, Title>} titles by id
 * @property {ReadonlyMap<string, CatalogList>} lists by id
 * @property {readonly ListSummary[]} listSummaries in display order
 * @property {LoadStats} stats
 * @property {string} summary the one line printed at start-up
 */

/** A data file that cannot serve a catalog; the message names the file. */
export class CatalogDataError extends Error {
  /** @param {string} file @param {string} problem */
  constructor(file, problem) {
    super(`catalog: cannot use data file ${file}: ${problem}`);
    this.name = 'CatalogDataError';
    this.file = file;
  }
}

/**
 * @param {string} [file] defaults to the repo's copy of movies.json
 * @returns {Promise<Catalog>}
 */
export async function loadCatalog(file = DEFAULT_DATA_FILE) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const { code, message } = /** @type {NodeJS.ErrnoException} */ (error);
    throw new CatalogDataError(file, `cannot read it (${code ?? message})`);
  }
  let raw;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CatalogDataError(file, `not JSON (${/** @type {SyntaxError} */ (error).message})`);
  }
  if (!Array.isArray(raw)) {
    throw new CatalogDataError(file, `not an array of film records (found ${raw === null ? 'null' : typeof raw})`);
  }
  return buildCatalog(raw, file);
}

/**
 * @param {readonly unknown[]} records parsed from the file
 * @param {string} file for error messages
 * @returns {Catalog}
 */
export function buildCatalog(records, file) {
  const names = records.map((r) =>
    r !== null && typeof r === 'object' ? /** @type {{ Title?: unknown }} */ (r).Title : null,
  );
  const options = { repairMojibake: looksMacRomanMojibake(names.filter((n) => typeof n === 'string')) };
  const ids = createIdAllocator();
  /** @type {Record<string, number>} */
  const dropReasons = {};
  /** @type {import('./build-lists.js').Entry[]} */
  const entries = [];
  let fixed = 0;

  for (const raw of records) {
    const clean = cleanRecord(raw, options);
    if ('dropped' in clean) {
      dropReasons[clean.dropped] = (dropReasons[clean.dropped] ?? 0) + 1;
      continue;
    }
    if (clean.fixed) fixed++;
    const id = ids.allocate(clean.fields.name, clean.fields.year);
    const title = Object.freeze({
      id,
      ...clean.fields,
      tagline: buildTagline(clean.fields),
      boxart: `/art/${id}.svg`,
    });
    entries.push({ title, votes: clean.votes, worldwideGross: clean.worldwideGross, released: clean.released });
  }

  const dropped = records.length - entries.length;
  if (entries.length === 0) {
    const reasons = Object.entries(dropReasons)
      .map(([reason, n]) => `${n} ${reason}`)
      .join(', ');
    throw new CatalogDataError(
      file,
      `no usable film records (${records.length} records${reasons ? `: ${reasons}` : ''})`,
    );
  }

  const lists = buildLists(entries);
  const stats = Object.freeze({
    records: records.length,
    kept: entries.length,
    fixed,
    dropped,
    dropReasons: Object.freeze(dropReasons),
  });
  // Shared data is frozen once here and handed out by reference on every
  // request: never deep-cloned per request (Financial Times, 2018: a
  // JSON.parse(JSON.stringify()) per request made a front page 10x slower).
  return Object.freeze({
    titles: new Map(entries.map((e) => [e.title.id, e.title])),
    lists: new Map(lists.map((l) => [l.id, l])),
    listSummaries: Object.freeze(lists.map((l) => Object.freeze({ id: l.id, name: l.name, length: l.ids.length }))),
    stats,
    summary: `catalog: ${stats.records} records: ${stats.kept} kept (${stats.fixed} fixed), ${stats.dropped} dropped`,
  });
}
