// @ts-check
// Pins a process to cores with taskset: the fleet's instances (deploy/lib/fleet.js)
// and the perf tools' processes, kept off each other's cores on one machine.
import { execFileSync } from 'node:child_process';

/**
 * Pins a running process and all its threads (and children it forks later).
 * @param {number} pid
 * @param {string} cpus e.g. '0' or '1-3'
 * @returns {boolean} whether taskset did it (false without taskset, or once the process is gone)
 */
export function pinProcess(pid, cpus) {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
