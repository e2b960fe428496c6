// @ts-check
// Where the Debian packages put the browser engines beside Chromium, and the
// package each comes from: perf:tti --browser fails naming it, and the tests
// that drive Firefox or WebKit install it (as root) or say how. Debian's paths
// only: these engines are measured as Debian ships them.
import { existsSync } from 'node:fs';

/** @typedef {{ name: string, path: string, package: string }} Program */

/** @type {Readonly<Record<'firefox' | 'webkit', Program[]>>} */
export const ENGINE_PROGRAMS = Object.freeze({
  firefox: [{ name: 'Firefox ESR', path: '/usr/bin/firefox-esr', package: 'firefox-esr' }],
  webkit: [
    {
      name: 'WebKitWebDriver',
      path: '/usr/bin/WebKitWebDriver',
      package: 'webkit2gtk-driver',
    },
    {
      // The WebKitGTK library package installs it; webkit2gtk-driver depends on that package.
      name: 'MiniBrowser',
      path: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
      package: 'webkit2gtk-driver',
    },
    { name: 'Xvfb', path: '/usr/bin/Xvfb', package: 'xvfb' },
  ],
});

/**
 * @param {'firefox' | 'webkit'} engine
 * @returns {Record<string, string>} each program's path by name
 * @throws {Error} naming the packages to install when one is missing
 */
export function enginePrograms(engine) {
  const programs = ENGINE_PROGRAMS[engine];
  const missing = programs.filter((p) => !existsSync(p.path));
  if (missing.length > 0) {
    const packages = [...new Set(missing.map((p) => p.package))].join(' ');
    throw new Error(
      `${engine}: ${missing.map((p) => `${p.name} (${p.path})`).join(', ')} missing. Install Debian's ` +
        `${packages}: sudo sh -c 'apt-get update && apt-get install -y ${packages}'`,
    );
  }
  return Object.fromEntries(programs.map((p) => [p.name, p.path]));
}
