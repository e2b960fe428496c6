// @ts-check
// Which hashed client files the page references, and the scripts its head
// carries inline (the page's measurement's, when the build has it: the frame
// heartbeat, the hide sender), read from the build's manifest once
// (re-read on change in development, where the bundler rebuilds; onChange then
// hears of each new build the page will reference).
import { readFileSync, watch } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ entry: string, preload: string[], lazy?: string[], later?: string[], pages?: Record<string, string[]>,
 *   inline: Record<string, string> }} ClientManifest
 *   inline: each inline script's text, by name (client/build/inline-scripts.js); none
 *   from a build without the page's measurement (client/measure/plug-in.js)
 */

/**
 * @param {{ distDir: string, watchForChanges?: boolean, onChange?: () => void }} options
 */
export function createClientManifest({ distDir, watchForChanges = false, onChange = () => {} }) {
  const file = path.join(distDir, 'manifest.json');
  let manifest = read(file);
  const watcher = watchForChanges
    ? watch(distDir, () => {
        let next;
        try {
          next = read(file);
        } catch {
          // Mid-rebuild: keep the last good manifest until the next change.
          return;
        }
        // Every file of a build lands here; only the manifest's own change is news.
        if (JSON.stringify(next) === JSON.stringify(manifest)) return;
        manifest = next;
        onChange();
      })
    : null;
  return {
    get: () => manifest,
    close: () => watcher?.close(),
  };
}

/**
 * @param {string} file
 * @returns {ClientManifest}
 */
function read(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`Client build missing (${file}): run \`npm run build\` first (npm start does it for you).`);
  }
  const manifest = JSON.parse(text);
  // A build from before the inline scripts were build output has no inline at all.
  const inline = manifest.inline;
  if (
    typeof manifest.entry !== 'string' ||
    !Array.isArray(manifest.preload) ||
    typeof inline !== 'object' ||
    inline === null ||
    !Object.values(inline).every((text) => typeof text === 'string')
  ) {
    throw new Error(`Client manifest ${file} is malformed: rebuild with \`npm run build\`.`);
  }
  return Object.freeze(manifest);
}
