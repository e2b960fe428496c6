// @ts-check
// The idle-socket flood of perf:chaos: N sockets that never send a request,
// spread over as many processes as this machine's per-process file-descriptor
// limit (`ulimit -n`) needs, all from one address (one abusive client).
import { execFileSync, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pinProcess } from '../../deploy/lib/pin-process.js';

const CHILD = fileURLToPath(new URL('./flood-child.js', import.meta.url));
/** Descriptors each flood process keeps for itself (stdio, IPC, node's own). */
const RESERVED_FDS = 100;
/** More per process would make one process's event loop the bottleneck of the ramp. */
const MAX_PER_PROCESS = 8000;

/** The soft limit on open files of processes started from here (the app's too). */
export function openFileLimit() {
  try {
    const text = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    return text === 'unlimited' ? Infinity : Number(text);
  } catch {
    return NaN;
  }
}

/**
 * @param {{ url: string, count: number, localAddress: string, cpus?: string | null }} options
 */
export async function startFlood({ url, count, localAddress, cpus = null }) {
  const { hostname, port } = new URL(url);
  const limit = openFileLimit();
  const perProcess = Math.max(1, Math.min(MAX_PER_PROCESS, (Number.isFinite(limit) ? limit : 1024) - RESERVED_FDS));
  const processes = Math.ceil(count / perProcess);
  const children = Array.from({ length: processes }, (_, i) => {
    const share = Math.min(perProcess, count - i * perProcess);
    const child = fork(CHILD, [JSON.stringify({ host: hostname, port: Number(port), count: share, localAddress })], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: [],
    });
    if (cpus && child.pid) pinProcess(child.pid, cpus);
    return child;
  });
  /** @param {import('node:child_process').ChildProcess} child @param {string} type */
  const next = (child, type) =>
    new Promise((resolve) => {
      /** @param {any} message */
      const onMessage = (message) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      // 'close', not 'exit': it comes after the IPC channel's last message (perf/lib/cannon.js).
      child.once('close', () =>
        resolve({ opened: 0, open: 0, connecting: 0, closedByServer: 0, errors: { 'flood process exited': 1 } }),
      );
    });
  await Promise.all(children.map((child) => next(child, 'flooded')));

  /** @param {string} type */
  const ask = async (type) => {
    const reports = await Promise.all(
      children.map((child) => {
        const answer = next(child, 'report');
        if (child.connected) child.send({ type });
        return answer;
      }),
    );
    /** @type {Record<string, number>} */
    const errors = {};
    for (const r of reports) for (const [code, n] of Object.entries(r.errors)) errors[code] = (errors[code] ?? 0) + n;
    const sum = (/** @type {string} */ key) => reports.reduce((acc, r) => acc + r[key], 0);
    return {
      opened: sum('opened'),
      open: sum('open'),
      connecting: sum('connecting'),
      closedByServer: sum('closedByServer'),
      errors,
    };
  };
  return {
    fdLimit: limit,
    processes,
    /** Sockets opened, still open, still connecting, closed by the server, and connect errors by code. */
    report: () => ask('report'),
    /** Closes every socket; resolves with the last report. */
    stop: () => ask('stop'),
  };
}
