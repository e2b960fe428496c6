// @ts-check
// What every page is written into: the Handlebars shells compiled once (in
// development recompiled on change, and the open page reloaded), the client
// build's manifest, and the streamer that writes a page through both.
import { createTemplates } from './templates.js';
import { createClientManifest } from './client-manifest.js';
import { createPageStreamer } from './stream-page.js';
import { createReloadStream } from '../dev/reload-stream.js';
import { RELOAD_SNIPPET } from '../dev/reload-snippet.js';
import { createPageTimings } from '../metrics/page-timings.js';
import { createDegradedMetrics } from '../pages/degraded.js';
import { VIEWS_DIR, CLIENT_DIR } from '../paths.js';

/**
 * @param {import('../config/load.js').Config} config
 * @param {{ registry: ReturnType<typeof import('../metrics/registry.js').createRegistry>, log: import('pino').Logger }} deps
 */
export function createPageShell(config, { registry, log }) {
  // Development only: the open page reloads after a client rebuild, a server restart or a
  // change under views/ (the page shells and all the CSS) (server/dev/).
  const devReload = config.isDev ? createReloadStream() : null;
  const templates = createTemplates({
    viewsDir: VIEWS_DIR,
    watchForChanges: config.isDev,
    partials: devReload ? { 'dev-reload': RELOAD_SNIPPET } : {},
    onChange: devReload?.reload,
  });
  const clientManifest = createClientManifest({
    distDir: CLIENT_DIR,
    watchForChanges: config.isDev,
    onChange: devReload?.reload,
  });
  const renderer = createPageStreamer({
    templates,
    clientManifest: clientManifest.get,
    log,
    onTimings: createPageTimings(registry).observe,
    onDegraded: createDegradedMetrics(registry).count,
  });
  return { devReload, templates, clientManifest, renderer };
}
