// @ts-check
// Runs one of the project's Node scripts (a perf tool) as a person would, from
// the project root, and hands back its exit code and output: a tool's test
// reads both, and a failure shows what the tool said.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * @param {string[]} args after node, e.g. ['perf/tti/index.js', '--runs', '1']
 * @param {{ env?: NodeJS.ProcessEnv, timeoutMs?: number }} [options] timeoutMs: the tool is killed past it
 * @returns {Promise<{ code: number | string, stdout: string, stderr: string }>} code: 'killed' when stopped by the timeout
 */
export function runNode(args, { env = process.env, timeoutMs = 170_000 } = {}) {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, env, timeout: timeoutMs }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code ?? 'killed') : 0, stdout, stderr }),
    );
  });
}
