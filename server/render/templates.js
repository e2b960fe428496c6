// @ts-check
// The page shell: Handlebars templates compiled once per process and split at
// one placeholder into a head (flushed at once) and a tail (written after the
// data). Pitfall: compiling a template costs ~20 ms, running it under 1 ms
// (Box, 2015); compile per request and every page pays it (perf/exercises/02-template-caching).
// In development a change under views/ is picked up without a restart, and
// onChange hears of it (npm run dev then reloads the open page: all the CSS
// lives in the views).
// `partials` adds partials that are no file in views/partials (npm run dev's
// reload script, server/dev/reload-snippet.js).
import { readFileSync, readdirSync, watch } from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';

const APP_PLACEHOLDER = '<!--app-->';

/**
 * @typedef {{ head: Handlebars.TemplateDelegate, tail: Handlebars.TemplateDelegate }} SplitTemplate
 */

// A save is often several writes (temp file, rename, format on save): one recompile for all of them.
const DEBOUNCE_MS = 50;

/**
 * @param {{
 *   viewsDir: string, watchForChanges?: boolean, partials?: Record<string, string>,
 *   onChange?: () => void,
 * }} options
 *   onChange: with watchForChanges, after each recompile of templates whose text changed
 */
export function createTemplates({ viewsDir, watchForChanges = false, partials = {}, onChange = () => {} }) {
  /** @type {Map<string, SplitTemplate>} */
  let compiled = compileAll(viewsDir, partials);
  const watcher = watchForChanges
    ? watchViews(viewsDir, partials, (next) => {
        compiled = next;
        onChange();
      })
    : null;

  return {
    /** @param {string} name a page template in views/, without `.hbs` */
    get(name) {
      const template = compiled.get(name);
      if (!template) throw new Error(`No template views/${name}.hbs`);
      return template;
    },
    close() {
      watcher?.close();
    },
  };
}

/**
 * Recompiles after each change under views/ whose text differs from the last
 * compiled (an editor's touch or temp file is none), and hands it on.
 * @param {string} viewsDir
 * @param {Record<string, string>} partials
 * @param {(compiled: Map<string, SplitTemplate>) => void} onCompiled
 */
function watchViews(viewsDir, partials, onCompiled) {
  let last = JSON.stringify(readAll(viewsDir, partials), sourcesJson);
  /** @type {NodeJS.Timeout | undefined} */
  let debounce;
  const recompile = () => {
    // Recompiled eagerly in dev so a broken template shows up in the log now;
    // the page keeps the last good one (no reload) until the next save.
    try {
      const sources = readAll(viewsDir, partials);
      const text = JSON.stringify(sources, sourcesJson);
      if (text === last) return;
      // Handlebars compiles lazily, on a template's first run: parsed here, a
      // syntax error is caught now, not by the next page that renders.
      for (const source of [...sources.partials.values(), ...sources.pages.values()]) Handlebars.parse(source);
      const next = compileSources(sources);
      last = text;
      onCompiled(next);
    } catch (error) {
      console.error('views: recompile failed:', /** @type {Error} */ (error).message);
    }
  };
  const watcher = watch(viewsDir, { recursive: true }, () => {
    clearTimeout(debounce);
    debounce = setTimeout(recompile, DEBOUNCE_MS);
  });
  return {
    close() {
      clearTimeout(debounce);
      watcher.close();
    },
  };
}

/** JSON.stringify's replacer for Sources: its maps as arrays of entries. */
function sourcesJson(/** @type {string} */ _key, /** @type {unknown} */ value) {
  return value instanceof Map ? [...value] : value;
}

/**
 * @param {string} viewsDir
 * @param {Record<string, string>} partials
 * @returns {Map<string, SplitTemplate>}
 */
function compileAll(viewsDir, partials) {
  return compileSources(readAll(viewsDir, partials));
}

/**
 * @typedef {{ partials: Map<string, string>, pages: Map<string, string> }} Sources
 * @param {string} viewsDir
 * @param {Record<string, string>} extraPartials
 * @returns {Sources} every template's text, by name
 */
function readAll(viewsDir, extraPartials) {
  const read = (/** @type {string} */ dir) =>
    new Map(
      readdirSync(dir)
        .filter((f) => f.endsWith('.hbs'))
        .map((f) => [path.basename(f, '.hbs'), readFileSync(path.join(dir, f), 'utf8')]),
    );
  const partials = read(path.join(viewsDir, 'partials'));
  for (const [name, source] of Object.entries(extraPartials)) partials.set(name, source);
  return { partials, pages: read(viewsDir) };
}

/**
 * Handlebars compiles a template on its first run: the cost lands on the
 * first page that uses what this returns.
 * @param {Sources} sources
 * @returns {Map<string, SplitTemplate>}
 */
function compileSources({ partials, pages }) {
  const handlebars = Handlebars.create();
  for (const [name, source] of partials) handlebars.registerPartial(name, source);
  /** @type {Map<string, SplitTemplate>} */
  const templates = new Map();
  for (const [name, source] of pages) {
    const at = source.indexOf(APP_PLACEHOLDER);
    if (at === -1) {
      templates.set(name, { head: handlebars.compile(source, { strict: true }), tail: () => '' });
      continue;
    }
    templates.set(name, {
      head: handlebars.compile(source.slice(0, at), { strict: true }),
      tail: handlebars.compile(source.slice(at + APP_PLACEHOLDER.length), { strict: true }),
    });
  }
  return templates;
}
