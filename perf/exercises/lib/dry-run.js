// @ts-check
// npm run exercise -- all --check [--quick]: the teacher's dry run before a
// workshop, every exercise's check on this tree in turn (each in its own
// process, as a student runs it), then one line per exercise: its result and
// how long it took. On the normal code every check passes; exit 0 only then.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUN = fileURLToPath(new URL('../run.js', import.meta.url));

/**
 * @param {readonly { id: string, slug: string }[]} exercises
 * @param {string[]} args for each check, after the exercise's number
 * @returns {Promise<number>} the exit code
 */
export async function dryRun(exercises, args) {
  /** @type {{ id: string, slug: string, code: number | null, seconds: number, last: string }[]} */
  const results = [];
  for (const { id, slug } of exercises) {
    console.error(`\n── exercise ${id} ${slug}: npm run exercise -- ${id} ${args.join(' ')}`);
    const started = performance.now();
    const { code, output } = await runCheck([id, ...args]);
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const last =
      output
        .trim()
        .split('\n')
        .filter((line) => line.startsWith(`exercise ${id}`))
        .pop() ?? '';
    results.push({ id, slug, code, seconds, last });
  }
  console.log(
    `\ndry run: npm run exercise -- NN ${args.join(' ')}, on ${new Date().toISOString().slice(0, 10)}, node ${process.version}`,
  );
  for (const r of results)
    console.log(
      `${r.id}  ${r.slug.padEnd(24)}  ${r.code === 0 ? 'pass' : 'FAIL'}  ${String(r.seconds).padStart(6)} s  ${r.code === 0 ? '' : r.last}`,
    );
  const total = Math.round(results.reduce((sum, r) => sum + r.seconds, 0));
  console.log(`all ten: ${total} s`);
  return results.every((r) => r.code === 0) ? 0 : 1;
}

/** @param {string[]} args @returns {Promise<{ code: number | null, output: string }>} */
function runCheck(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [RUN, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.once('close', (code) => resolve({ code, output }));
  });
}
