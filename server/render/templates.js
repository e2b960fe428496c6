// @ts-check
// The page shell: Handlebars templates compiled once per process and split at
// one placeholder into a head (flushed at once) and a tail (written after the
// data). Pitfall: compiling a template costs ~20 ms, running it under 1 ms
// (Box, 2015); compile per request and every page pays it.
// In development a change under views/ is picked up without a restart.
import { readFileSync, readdirSync, watch } from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';

const APP_PLACEHOLDER = '<!--app-->';

/**
 * @typedef {{ head: Handlebars.TemplateDelegate, tail: Handlebars.TemplateDelegate }} SplitTemplate
 */

/**
 * @param {{ viewsDir: string, watchForChanges?: boolean }} options
 */
export function createTemplates({ viewsDir, watchForChanges = false }) {
  /** @type {Map<string, SplitTemplate>} */
  let compiled = compileAll(viewsDir);
  const watcher = watchForChanges
    ? watch(viewsDir, { recursive: true }, () => {
        // Recompile eagerly in dev so a broken template shows up in the log now.
        try {
          compiled = compileAll(viewsDir);
        } catch (error) {
          console.error('views: recompile failed:', error.message);
        }
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
 * @param {string} viewsDir
 * @returns {Map<string, SplitTemplate>}
 */
function compileAll(viewsDir) {
  const handlebars = Handlebars.create();
  const partialsDir = path.join(viewsDir, 'partials');
  for (const file of readdirSync(partialsDir).filter((f) => f.endsWith('.hbs'))) {
    handlebars.registerPartial(path.basename(file, '.hbs'), readFileSync(path.join(partialsDir, file), 'utf8'));
  }
  /** @type {Map<string, SplitTemplate>} */
  const templates = new Map();
  for (const file of readdirSync(viewsDir).filter((f) => f.endsWith('.hbs'))) {
    const source = readFileSync(path.join(viewsDir, file), 'utf8');
    const name = path.basename(file, '.hbs');
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
