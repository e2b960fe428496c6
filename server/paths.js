// @ts-check
// Files the server reads at run time, found from the project root. The root is
// one level above this file in the source, and one level above the production
// bundle (dist/server.js, server/build.js) that inlines it, so one line serves both.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const VIEWS_DIR = path.join(ROOT, 'views');
export const CLIENT_DIR = path.join(ROOT, 'dist/client');
/** Run with plain node in its own process, never bundled into the app. */
export const CATALOG_ENTRY = path.join(ROOT, 'server/catalog/index.js');
