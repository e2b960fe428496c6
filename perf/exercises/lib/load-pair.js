// @ts-check
// Two trees through perf:load's --vs-root machinery: one run, the two
// alternating round by round on the same catalog (A: this checkout, B:
// another tree: the pitfall's, lib/broken-tree.js, or the reference fix's,
// lib/reference-tree.js), --allow-broken so a pitfall that breaks pages is
// measured and its failures reported, not a reason to stop.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** @param {Record<string, string>} env */
const envArg = (env) =>
  Object.entries(env)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');

/**
 * The overload guard's event-loop trigger, off on both sides unless kept: on a
 * shared machine it sheds whichever side runs while a neighbour holds the core,
 * which says nothing about the pitfall and corrupts the comparison.
 */
const GUARD_OFF = { OVERLOAD_EVENT_LOOP_DELAY_MS: '0' };

/**
 * Upstream deadlines long enough that a wait shows as a wait, on both sides:
 * with the default 1 s, calls queued behind a pitfall (01's 5 sockets, as in
 * Box's test) or behind a busy machine's stalled catalog time out, the pages
 * come back broken or without the visitor's data, and the figure measures the
 * timeout, not the code. An exercise's own `both` can set them otherwise.
 */
const PATIENT_UPSTREAM = { UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_DEADLINE_MS: '20000' };

/**
 * perf:load's arguments for an exercise.
 * @param {import('../index.js').Exercise} exercise
 * @param {{ duration: number, rounds: number, warmup: number, json: string, keepGuard?: boolean, vsRoot: string }} options
 *   vsRoot: B's tree, built there (the pitfall's, or --check's reference fix)
 */
export function loadArgs(exercise, { duration, rounds, warmup, json, keepGuard = false, vsRoot }) {
  const { load } = exercise;
  const both = { ...(keepGuard ? {} : GUARD_OFF), ...PATIENT_UPSTREAM, ...exercise.both };
  // The measured page asked once before the load, so the first round is not a
  // cold cache's stampede of 20 pages at once (a --quick run has no warm-up).
  const prime = load.prime ?? [load.path];
  return [
    'perf/load/index.js',
    ...['--path', load.path, '--concurrency', String(load.concurrency)],
    ...['--upstream-latency', String(load.latencyMs), '--upstream-jitter', String(load.jitterMs ?? 0)],
    ...['--duration', String(duration), '--rounds', String(rounds), '--warmup', String(warmup)],
    ...(Object.keys(both).length > 0 ? ['--env', envArg(both)] : []),
    ...(prime.length > 0 ? ['--prime', prime.join(' ')] : []),
    ...['--vs-root', vsRoot],
    ...['--allow-broken', '--json', json],
  ];
}

/**
 * Runs perf:load; its progress goes to stderr as it runs, its tables are kept.
 * @param {import('../index.js').Exercise} exercise
 * @param {{ duration: number, rounds: number, warmup: number, keepGuard: boolean, vsRoot: string }} options
 * @returns {Promise<{ command: string, report: any, tables: string }>}
 */
export async function measurePair(exercise, options) {
  const dir = mkdtempSync(path.join(tmpdir(), `marquee-exercise-${exercise.id}-`));
  const json = path.join(dir, 'load.json');
  const args = loadArgs(exercise, { ...options, json });
  try {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let tables = '';
    child.stdout.on('data', (chunk) => (tables += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`perf:load exited with code ${code}\n${tables}`);
    // As a student types it (the npm script the hints name): values with spaces quoted, the temporary --json left out.
    const shown = args.slice(1, -2).map((arg) => (/\s/.test(arg) ? `'${arg}'` : arg));
    return {
      command: `npm run perf:load -- ${shown.join(' ')}`,
      report: JSON.parse(readFileSync(json, 'utf8')),
      tables,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
