// @ts-check
// Optional cross-check: Lighthouse 13 on the same URL and profile, so the
// in-page lab TTI can be set beside Lighthouse's own `interactive` audit.
// Run through `npx --yes lighthouse@13` (fetched once into npm's cache, not a
// dependency of Marquee); it warns about its Node >= 22 engines field and
// runs on Node 20 all the same. Unavailable offline: then it says so.
import { execFile } from 'node:child_process';
import { chromiumPath } from '../../test/helpers/browser.js';

const LIGHTHOUSE = 'lighthouse@13';
const RUN_TIMEOUT_MS = 180_000;

/**
 * Lighthouse flags for one of our profiles. Throttling values are passed
 * explicitly: its desktop preset has no network throttling in devtools mode.
 * @param {'none' | 'desktop' | 'mobile'} name
 * @param {import('./throttling.js').Profile} profile
 */
export function lighthouseFlags(name, profile) {
  const flags = name === 'mobile' ? [] : ['--preset=desktop'];
  if (name === 'none') return [...flags, '--throttling-method=provided'];
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
 * @param {import('./throttling.js').Profile} profile
 * @returns {Promise<{ ok: true, reason?: undefined, interactive: number | null, tbt: number | null, fcp: number | null, lcp: number | null, version: string } | { ok: false, reason: string }>}
 */
export function runLighthouse(url, profileName, profile) {
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ...lighthouseFlags(profileName, profile),
  ];
  return new Promise((resolve) => {
    execFile(
      'npx',
      args,
      { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 256 * 1024 * 1024, timeout: RUN_TIMEOUT_MS },
      (error, stdout, stderr) => {
        if (error) {
          const last = String(stderr || error.message)
            .trim()
            .split('\n')
            .filter((l) => !/EBADENGINE|npm warn/.test(l))
            .slice(-3)
            .join(' ');
          resolve({ ok: false, reason: `npx ${LIGHTHOUSE} failed: ${last || error.message}` });
          return;
        }
        try {
          const lhr = JSON.parse(stdout);
          const value = (/** @type {string} */ id) => lhr.audits?.[id]?.numericValue ?? null;
          resolve({
            ok: true,
            interactive: value('interactive'),
            tbt: value('total-blocking-time'),
            fcp: value('first-contentful-paint'),
            lcp: value('largest-contentful-paint'),
            version: lhr.lighthouseVersion,
          });
        } catch {
          resolve({ ok: false, reason: `npx ${LIGHTHOUSE} printed no report` });
        }
      },
    );
  });
}
