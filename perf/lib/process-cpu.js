// @ts-check
// A process's CPU time, read from the kernel: every thread's time on a core
// (/proc/<pid>/task/*/schedstat, nanoseconds), GC and libuv's threads
// included. For a page with no /metrics (the plain reference page) and at a
// finer grain than process_cpu_seconds_total's ticks of 10 ms.
import { readFileSync, readdirSync } from 'node:fs';

/**
 * @param {number} pid
 * @returns {number | null} ms of CPU used so far, null where /proc has no schedstat (not Linux)
 */
export function processCpuMs(pid) {
  let tasks;
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  let ns = 0;
  for (const task of tasks) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended between the listing and the read: its time is gone with it.
    }
  }
  return ns / 1e6;
}
