// @ts-check
// `npm run docs:config`: writes docs/configuration.md from the knobs'
// declarations (server/config/knobs.js), so the reference never drifts from
// the code: test/server/config-docs.test.js renders it again and compares.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CATALOG_KNOBS, KNOBS, TOOL_KNOBS } from './knobs.js';

/** Where the reference lives, from the project root. */
export const CONFIGURATION_DOC = 'docs/configuration.md';
export const CONFIGURATION_DOC_PATH = fileURLToPath(new URL(`../../${CONFIGURATION_DOC}`, import.meta.url));

/** @typedef {Record<string, { default: string, doc: string }>} KnobDocs */

/** @type {{ title: string, intro: string, knobs: KnobDocs }[]} */
const SECTIONS = [
  {
    title: 'The app server',
    intro:
      'Read once at start into one frozen object (`server/config/load.js`); a bad value stops the start with a ' +
      'message naming every bad key (a secret is named, never repeated).',
    knobs: KNOBS,
  },
  {
    title: 'The catalog service',
    intro:
      'These belong to the catalog service (`server/catalog/config.js`); the app passes them through to the ' +
      'catalog it starts. Faults can also be set per request with the header `x-catalog-faults` or at run time ' +
      'with `PUT /_faults` ([docs/contracts.md](docs/contracts.md)).',
    knobs: CATALOG_KNOBS,
  },
  {
    title: 'The perf tools and the tests',
    intro: 'Where the programs they drive are installed (Debian paths by default).',
    knobs: TOOL_KNOBS,
  },
];

/**
 * The whole of docs/configuration.md.
 * @param {typeof SECTIONS} [sections]
 * @returns {string}
 */
export function renderConfigurationDoc(sections = SECTIONS) {
  const out = [
    '# Configuration',
    '',
    '<!-- Written by `npm run docs:config` from server/config/knobs.js: edit the knobs there, then run it. -->',
    '',
    'Every knob is an environment variable; an empty one means its default. Each section lists its knobs',
    'with their defaults, then what each does, in the order server/config/knobs.js declares them.',
    '',
  ];
  for (const section of sections) out.push(`- [${section.title}](#${anchor(section.title)})`);
  for (const section of sections) {
    out.push('', `## ${section.title}`, '', relink(section.intro), '', '| knob | default |', '| --- | --- |');
    for (const [key, knob] of Object.entries(section.knobs))
      out.push(`| [\`${key}\`](#${anchor(key)}) | ${shown(knob)} |`);
    for (const [key, knob] of Object.entries(section.knobs)) {
      if (!knob.doc.trim()) throw new Error(`${key} has no doc in server/config/knobs.js`);
      const doc = relink(knob.doc).replace(/^[a-z]/, (letter) => letter.toUpperCase());
      out.push('', `### \`${key}\``, '', `Default: ${shown(knob)}.`, '', doc.endsWith('.') ? doc : `${doc}.`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** @param {{ default: string }} knob */
function shown(knob) {
  return knob.default === '' ? 'empty' : `\`${knob.default}\``;
}

/**
 * GitHub's heading anchor: lower case, spaces to dashes, punctuation but `_` and `-` dropped.
 * @param {string} heading
 */
function anchor(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
}

/**
 * The knobs' docs link from the project root (as the code's comments do); the
 * page lives in docs/, so each relative link is rewritten from there.
 * @param {string} markdown
 */
function relink(markdown) {
  return markdown.replace(/\]\(([^)#:\s][^):\s]*)\)/g, (_, target) => {
    const [file, fragment] = target.split('#');
    const relative = path.posix.relative(path.posix.dirname(CONFIGURATION_DOC), file);
    return `](${relative}${fragment === undefined ? '' : `#${fragment}`})`;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(CONFIGURATION_DOC_PATH, renderConfigurationDoc());
  console.log(`wrote ${CONFIGURATION_DOC}`);
}
