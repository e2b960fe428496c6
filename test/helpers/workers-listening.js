// @ts-check
// The URL `server/index.js` prints once its two workers listen, read from its
// stdout as it comes; a timeout, or the process exiting first, rejects with
// everything it printed (both streams), which the caller may read too.

/**
 * @param {import('node:child_process').ChildProcess} child `server/index.js` with WORKERS=2, stdout and stderr piped
 * @param {{ timeoutMs?: number }} [options]
 * @returns {{ url: Promise<string>, output: () => string }}
 */
export function whenWorkersListen(child, { timeoutMs = 60_000 } = {}) {
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "2 workers listening" within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const found = /2 workers listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server/index.js exited (code ${code}):\n${output}`));
    });
  });
  return { url, output: () => output };
}
