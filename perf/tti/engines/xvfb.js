// @ts-check
// A virtual X display for the browsers that need one (WebKitGTK's MiniBrowser
// has no headless mode), started and stopped by the runner itself. Xvfb picks
// a free display number and writes it to the file descriptor -displayfd names:
// no fixed :99 to collide with another run on the same machine.
import { spawn } from 'node:child_process';

/**
 * @param {string} xvfbPath
 * @param {{ width?: number, height?: number }} [screen]
 * @returns {Promise<{ display: string, stop: () => Promise<void> }>} display: ":N", for DISPLAY
 */
export function startXvfb(xvfbPath, { width = 1920, height = 1080 } = {}) {
  const child = spawn(
    xvfbPath,
    ['-displayfd', '3', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-noreset'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const stop = () =>
    new Promise((/** @type {(value: void) => void} */ resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let number = '';
    const fd = /** @type {import('node:stream').Readable} */ (child.stdio[3]);
    fd.on('data', (chunk) => {
      number += chunk;
      if (number.includes('\n')) resolve({ display: `:${number.trim()}`, stop });
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`Xvfb exited (${code}) before it opened a display: ${stderr.trim()}`)),
    );
  });
}
