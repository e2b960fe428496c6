// @ts-check
// The scripts the page's head carries inline rather than as files to fetch:
// the frame heartbeat (client/measure/heartbeat-snippet.js) must beat before
// any script of the app has loaded, and the hide sender
// (client/measure/hide-inline.js) must send the beacon of a page left before
// measurement loaded, without a byte in the entry (issue 37's budgets). The
// build writes their text into manifest.json, where the server reads them with
// the rest of the build (server/render/client-manifest.js), so the server
// imports no client source. Both belong to the page's measurement: a bundle
// without its part (client/measure/plug-in.js, one import in client/index.jsx)
// gets neither, and its pages carry none (docs/starter-guide.md).
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { SIZE_SETTINGS } from './settings.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HEARTBEAT = new URL('../measure/heartbeat-snippet.js', import.meta.url);
const HIDE_SENDER = 'client/measure/hide-inline.js';
/** The page's measurement as the entry imports it: the inline scripts come with it. */
export const MEASUREMENT_PART = 'client/measure/plug-in.js';
/** The hide sender and what it imports: checked against its bundle's inputs on every build. */
const HIDE_SENDER_INPUTS = [
  HIDE_SENDER,
  'client/measure/hide-beacon.js',
  'client/measure/app-tti.js',
  'client/measure/early-input.js',
  'client/measure/engine.js',
  'client/measure/navigation-type.js',
  'client/measure/one-beacon.js',
  'client/page-handoff.js',
  'shared/page-handoff.js',
];

/** Source files of the inline scripts: a change to one rebuilds in watch mode (npm run dev). */
export const INLINE_SOURCES = [fileURLToPath(HEARTBEAT), ...HIDE_SENDER_INPUTS.map((file) => path.join(ROOT, file))];

/**
 * @param {{ inputs: Record<string, unknown> }} metafile the client bundle's (esbuild)
 * @returns {Promise<Record<string, string>>} each script's text, by the name
 *   the page's partials look it up by (views/partials/heartbeat.hbs, early-input.hbs);
 *   none when the bundle holds no measurement
 */
export async function inlineScripts(metafile) {
  if (!(MEASUREMENT_PART in metafile.inputs)) return {};
  // Imported afresh once the file changed: a watch build outlives one version of it.
  const [{ HEARTBEAT_SNIPPET }, hide] = await Promise.all([
    import(`${HEARTBEAT.href}?mtime=${statSync(HEARTBEAT).mtimeMs}`),
    bundleHideSender(),
  ]);
  return { heartbeat: HEARTBEAT_SNIPPET, hide };
}

/** The hide sender bundled alone, minified as the client is: one expression, no module syntax. */
async function bundleHideSender() {
  const { outputFiles, metafile } = await esbuild.build({
    ...SIZE_SETTINGS,
    absWorkingDir: ROOT,
    entryPoints: [HIDE_SENDER],
    format: 'iife',
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const unwatched = Object.keys(metafile.inputs).filter((input) => !HIDE_SENDER_INPUTS.includes(input));
  if (unwatched.length > 0)
    throw new Error(`client/build/inline-scripts.js: add ${unwatched.join(', ')} to HIDE_SENDER_INPUTS`);
  const text = outputFiles[0].text.trim();
  // Written raw into a <script> element: nothing in it may end the element early.
  if (/<\/script|<!--/i.test(text)) throw new Error('the inline hide sender holds "</script" or "<!--"');
  return text;
}
