// @ts-check
// Which hashed client files the page references, and the scripts its head
// carries inline (the frame heartbeat, the hide sender), read from the build's manifest once
// (re-read on change in development, where the bundler rebuilds; onChange then
// hears of each new build the page will reference).
import { readFileSync, watch } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ entry: string, preload: string[], lazy?: string[], later?: string[], pages?: Record<string, string[]>,
 *   inline: { heartbeat: string, hide: string } & Record<string, string> }} ClientManifest
 *   inline: each inline script's text, by name (client/build/inline-scripts.js)
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
  if (typeof manifest.entry !== 'string' || !Array.isArray(manifest.preload)) {
    throw new Error(`Client manifest ${file} is malformed: rebuild with \`npm run build\`.`);
  }
  // A build from before the inline scripts were build output (or before the hide sender was one).
  for (const name of ['heartbeat', 'hide']) {
    if (typeof manifest.inline?.[name] !== 'string') {
      throw new Error(`Client manifest ${file} has no inline ${name} script: rebuild with \`npm run build\`.`);
    }
  }
  return Object.freeze(manifest);
}
