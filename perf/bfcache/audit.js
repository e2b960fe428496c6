// @ts-check
// One Lighthouse run of the bf-cache audit alone on one URL: Lighthouse loads
// the page, navigates away and comes Back, and lists what kept the page out
// of the back/forward cache (https://developer.chrome.com/docs/lighthouse/performance/bf-cache/).
import { execFile } from 'node:child_process';
import { chromiumPath } from '../lib/browser.js';
import { LIGHTHOUSE_CHROME_FLAGS, lighthouseCli, lighthouseFailure } from '../lib/lighthouse-cli.js';
import { readReport } from './report.js';

const RUN_TIMEOUT_MS = 180_000;

/**
 * @param {string} url
 * @returns {Promise<import('./report.js').AuditResult>}
 */
export function auditBfCache(url) {
  const args = [
    lighthouseCli(),
    url,
    '--only-audits=bf-cache',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    LIGHTHOUSE_CHROME_FLAGS,
  ];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 64 * 1024 * 1024, timeout: RUN_TIMEOUT_MS },
      (error, stdout, stderr) => {
        if (error)
          return resolve({ ok: false, error: `lighthouse failed: ${lighthouseFailure(stderr || error.message)}` });
        try {
          resolve(readReport(JSON.parse(stdout), url));
        } catch {
          resolve({ ok: false, error: 'lighthouse printed no report' });
        }
      },
    );
  });
}
