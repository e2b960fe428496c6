// @ts-check
// Where a request can wait outside the app's own timings, read from the
// kernel while a load level runs (Linux /proc; nothing elsewhere):
// - the listen socket's accept queue (connections the kernel accepted that
//   the app has not yet taken) and the listen overflows and drops (SYNs
//   refused because that queue was full: the client retries a second later);
// - the bytes waiting in the sockets of the app's port: requests the app has
//   not read yet (its side) and answers the load generator has not read yet
//   (the generator's side: past a few pages, the generator is the slow one).
import { readFileSync } from 'node:fs';

/**
 * @typedef {{
 *   acceptQueueMax: number, listenOverflows: number, listenDrops: number,
 *   unreadByAppMax: number, unreadByClientMax: number, samples: number,
 * }} SocketQueues listenOverflows and listenDrops: the whole machine's, during the run
 */

/**
 * @param {number} port the app's port (127.0.0.1 or ::1)
 * @param {{ everyMs?: number }} [options]
 * @returns {{ stop: () => SocketQueues | null }} null where /proc/net/tcp cannot be read
 */
export function sampleSocketQueues(port, { everyMs = 100 } = {}) {
  const before = listenCounters();
  if (!before) return { stop: () => null };
  const peaks = { acceptQueueMax: 0, unreadByAppMax: 0, unreadByClientMax: 0, samples: 0 };
  const sample = () => {
    const now = queuesOf(port);
    peaks.acceptQueueMax = Math.max(peaks.acceptQueueMax, now.acceptQueue);
    peaks.unreadByAppMax = Math.max(peaks.unreadByAppMax, now.unreadByApp);
    peaks.unreadByClientMax = Math.max(peaks.unreadByClientMax, now.unreadByClient);
    peaks.samples += 1;
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const after = listenCounters() ?? before;
      return {
        ...peaks,
        listenOverflows: after.overflows - before.overflows,
        listenDrops: after.drops - before.drops,
      };
    },
  };
}

/**
 * @param {number} port
 * @returns {{ acceptQueue: number, unreadByApp: number, unreadByClient: number }}
 */
export function queuesOf(port) {
  let acceptQueue = 0;
  let unreadByApp = 0;
  let unreadByClient = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue ...
      const fields = line.trim().split(/\s+/);
      if (fields.length < 5) continue;
      const local = portOf(fields[1]);
      const remote = portOf(fields[2]);
      const state = fields[3];
      const rx = parseInt(fields[4].split(':')[1], 16);
      // 0A: LISTEN, whose rx_queue is the accept queue's length; 01: ESTABLISHED.
      if (state === '0A' && local === port) acceptQueue += rx;
      else if (state === '01' && local === port) unreadByApp += rx;
      else if (state === '01' && remote === port) unreadByClient += rx;
    }
  }
  return { acceptQueue, unreadByApp, unreadByClient };
}

/** @param {string} address hex "0100007F:1F90" */
function portOf(address) {
  return parseInt(address.slice(address.lastIndexOf(':') + 1), 16);
}

/** @returns {{ overflows: number, drops: number } | null} TcpExt ListenOverflows and ListenDrops, since boot */
export function listenCounters() {
  let text;
  try {
    text = readFileSync('/proc/net/netstat', 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n').filter((line) => line.startsWith('TcpExt:'));
  if (lines.length < 2) return null;
  const names = lines[0].split(/\s+/);
  const values = lines[1].split(/\s+/).map(Number);
  const at = (/** @type {string} */ name) => values[names.indexOf(name)] ?? 0;
  return { overflows: at('ListenOverflows'), drops: at('ListenDrops') };
}
