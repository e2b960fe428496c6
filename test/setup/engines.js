// @ts-check
// Firefox ESR, WebKitGTK's driver and MiniBrowser, Xvfb: for the tests that drive the other engines.
import { ensureDebianPrograms } from '../../deploy/lib/debian-packages.js';
import { ENGINE_PROGRAMS } from '../../perf/tti/engines/programs.js';

export function ensureEngines() {
  ensureDebianPrograms([...ENGINE_PROGRAMS.firefox, ...ENGINE_PROGRAMS.webkit], 'the Firefox and WebKit tests');
}
