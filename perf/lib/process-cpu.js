// @ts-check
// A process's CPU time, read from the kernel: every thread's time on a core
// (/proc/<pid>/task/*/schedstat, nanoseconds), GC and libuv's threads
// included. For a page with no /metrics (the plain reference page) and at a
// finer grain than process_cpu_seconds_total's ticks of 10 ms.
// And the time its main thread (the event loop) was ready to run but waited
// for a core (the second field): on a shared machine, the other processes'
// share of a load run's latency, which no figure of the app's own can show.
import { readFileSync, readdirSync } from 'node:fs';

/**
 * @param {number} pid
 * @returns {number | null} ms of CPU used so far, null where /proc has no schedstat (not Linux)
 */
export function processCpuMs(pid) {
  return processSchedMs(pid)?.cpuMs ?? null;
}

/**
 * @param {number} pid
 * @returns {{ cpuMs: number, waitMs: number } | null} so far: ms on a core (every thread) and ms the main
 *   thread waited for one; null where /proc has no schedstat (not Linux)
 */
export function processSchedMs(pid) {
  let tasks;
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  let cpuNs = 0;
  let waitNs = 0;
  for (const task of tasks) {
    try {
      const [onCpu, waiting] = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ');
      cpuNs += Number(onCpu);
      if (task === String(pid)) waitNs = Number(waiting);
    } catch {
      // A thread that ended between the listing and the read: its time is gone with it.
    }
  }
  return { cpuMs: cpuNs / 1e6, waitMs: waitNs / 1e6 };
}
