// @ts-check
// Optional cross-check: Lighthouse 13 on the same URL and profile, so the
// in-page lab TTI can be set beside Lighthouse's own `interactive` audit.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromiumPath } from '../../lib/browser.js';
import { LIGHTHOUSE_CHROME_FLAGS, lighthouseCli, lighthouseFailure } from '../../lib/lighthouse-cli.js';

const LIGHTHOUSE = 'lighthouse';
const RUN_TIMEOUT_MS = 180_000;

/**
 * Lighthouse flags for one of our profiles. In devtools mode the throttling
 * values are passed explicitly (its desktop preset has none for the network
 * there); simulate keeps Lighthouse's own settings for the preset, the figures
 * its users and PageSpeed Insights see.
 * @param {'none' | 'desktop' | 'mobile'} name
 * @param {import('../../lib/throttling.js').Profile} profile
 * @param {'devtools' | 'simulate'} [method]
 */
export function lighthouseFlags(name, profile, method = 'devtools') {
  const flags = name === 'mobile' ? [] : ['--preset=desktop'];
  if (name === 'none') return [...flags, '--throttling-method=provided'];
  if (method === 'simulate') return [...flags, '--throttling-method=simulate'];
  return [
    ...flags,
    '--throttling-method=devtools',
    `--throttling.requestLatencyMs=${profile.latencyMs}`,
    `--throttling.downloadThroughputKbps=${profile.downloadKbps}`,
    `--throttling.uploadThroughputKbps=${profile.uploadKbps}`,
    `--throttling.cpuSlowdownMultiplier=${profile.cpuSlowdown}`,
  ];
}

/**
 * Runs Lighthouse once and returns its figures in ms, or why it could not.
 * @param {string} url
 * @param {'none' | 'desktop' | 'mobile'} profileName
 * @param {import('../../lib/throttling.js').Profile} profile
 * @param {string | null} [saveAs] with --trace: BASE.json gets the report, BASE-0.trace.json
 *   the trace Lighthouse computed its figures from (and BASE-0.devtoolslog.json its network log)
 * @param {'devtools' | 'simulate'} [method] its throttling method
 * @returns {Promise<{ ok: true, reason?: undefined, code?: undefined, interactive: number | null, tbt: number | null, fcp: number | null, lcp: number | null, scriptKB: number | null, marks: string[], version: string } | { ok: false, reason: string, code: string | null }>}
 *   marks: the page's user timing marks (a page that hydrated marks marquee:interactive);
 *   code: Lighthouse's runtime error code (e.g. NO_NAVSTART), null when it gave none
 */
export function runLighthouse(url, profileName, profile, saveAs = null, method = 'devtools') {
  const args = [
    lighthouseCli(),
    url,
    '--output=json',
    // Lighthouse traces every run anyway: saving it changes none of its figures.
    ...(saveAs ? [`--output-path=${saveAs}.json`, '--save-assets'] : ['--output-path=stdout']),
    '--quiet',
    '--only-categories=performance',
    LIGHTHOUSE_CHROME_FLAGS,
    ...lighthouseFlags(profileName, profile, method),
  ];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 256 * 1024 * 1024, timeout: RUN_TIMEOUT_MS },
      (error, stdout, stderr) => {
        if (error) {
          const last = lighthouseFailure(stderr || error.message);
          resolve({
            ok: false,
            reason: `${LIGHTHOUSE} failed: ${last || error.message}`,
            code: runtimeErrorCode(stderr),
          });
          return;
        }
        try {
          const lhr = JSON.parse(saveAs ? readFileSync(`${saveAs}.json`, 'utf8') : stdout);
          const value = (/** @type {string} */ id) => lhr.audits?.[id]?.numericValue ?? null;
          resolve({
            ok: true,
            interactive: value('interactive'),
            tbt: value('total-blocking-time'),
            fcp: value('first-contentful-paint'),
            lcp: value('largest-contentful-paint'),
            scriptKB: scriptKB(lhr),
            marks: userMarks(lhr),
            version: lhr.lighthouseVersion,
          });
        } catch {
          resolve({ ok: false, reason: `${LIGHTHOUSE} printed no report`, code: null });
        }
      },
    );
  });
}

/**
 * The code Lighthouse's CLI ends a runtime error with: "Runtime error
 * encountered: Something went wrong with recording the trace… (NO_NAVSTART)".
 * @param {string} stderr
 * @returns {string | null}
 */
export function runtimeErrorCode(stderr) {
  const line = String(stderr)
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('Runtime error encountered:'));
  return line?.match(/\(([A-Z][A-Z_]+)\)\s*$/)?.[1] ?? null;
}

/**
 * JavaScript the page transferred, in KB (compressed, as sent), from the
 * report's resource summary.
 * @param {any} lhr
 * @returns {number | null}
 */
function scriptKB(lhr) {
  const items = lhr.audits?.['resource-summary']?.details?.items;
  const script = Array.isArray(items) ? items.find((item) => item.resourceType === 'script') : undefined;
  return typeof script?.transferSize === 'number' ? script.transferSize / 1024 : null;
}

/**
 * @param {any} lhr
 * @returns {string[]} the names of the page's performance marks, from the user-timings audit
 */
function userMarks(lhr) {
  const items = lhr.audits?.['user-timings']?.details?.items;
  return Array.isArray(items)
    ? items.filter((item) => item.timingType === 'Mark').map((item) => String(item.name))
    : [];
}
