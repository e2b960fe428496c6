// @ts-check
// The scripts the page's head carries inline rather than as files to fetch:
// the frame heartbeat (client/measure/heartbeat-snippet.js) must beat before
// any script of the app has loaded. The build writes their text into
// manifest.json, where the server reads them with the rest of the build
// (server/render/client-manifest.js), so the server imports no client source.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const HEARTBEAT = new URL('../measure/heartbeat-snippet.js', import.meta.url);

/** Source files of the inline scripts: a change to one rebuilds in watch mode (npm run dev). */
export const INLINE_SOURCES = [fileURLToPath(HEARTBEAT)];

/**
 * @returns {Promise<Record<string, string>>} each script's text, by the name
 *   the page's partials look it up by (views/partials/heartbeat.hbs)
 */
export async function inlineScripts() {
  // Imported afresh once the file changed: a watch build outlives one version of it.
  const { HEARTBEAT_SNIPPET } = await import(`${HEARTBEAT.href}?mtime=${statSync(HEARTBEAT).mtimeMs}`);
  return { heartbeat: HEARTBEAT_SNIPPET };
}
