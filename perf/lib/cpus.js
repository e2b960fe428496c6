// @ts-check
// Keeps the load generator and the server off each other's cores: on a
// shared machine a generator that steals the server's CPU measures itself.
// And the machine's load, printed with a measurement to tell a busy machine.
// The pinning itself is deploy/lib/pin-process.js, which the fleet uses too.
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';

/** The 1, 5 and 15 min load averages, two decimals each: "0.52 0.61 0.70". */
export function loadAverage() {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/**
 * @param {{ pin?: boolean }} [options]
 * @returns {{ app: string | null, generator: string | null, note: string }} cpu lists for taskset
 */
export function planCpus({ pin = true } = {}) {
  const count = availableParallelism();
  if (!pin) return { app: null, generator: null, note: `no pinning (--no-pin, ${count} cores shared)` };
  if (count < 2 || !hasTaskset()) {
    return { app: null, generator: null, note: `no pinning (${count} core(s)${hasTaskset() ? '' : ', no taskset'})` };
  }
  // One core for the app server under test; the generator and the catalog
  // share the rest (the catalog does little per call).
  const rest = count === 2 ? '1' : `1-${count - 1}`;
  return { app: '0', generator: rest, note: `app on cpu 0, load generator and catalog on cpu ${rest}` };
}

let tasksetFound = /** @type {boolean | undefined} */ (undefined);
function hasTaskset() {
  if (tasksetFound === undefined) {
    try {
      execFileSync('taskset', ['-V'], { stdio: 'ignore' });
      tasksetFound = true;
    } catch {
      tasksetFound = false;
    }
  }
  return tasksetFound;
}
