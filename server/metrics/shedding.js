// @ts-check
// What the app refused to protect everyone else: requests shed under overload
// (server/middleware/overload.js) and connections cut at its edges
// (server/lifecycle/*). A rise in either is the app defending itself, not
// failing: compare with http_requests_total to see the share.
import client from 'prom-client';

/** @typedef {'event_loop_delay' | 'event_loop_utilization' | 'heap' | 'in_flight'} ShedReason */
/** @typedef {'max_connections' | 'per_client_limit' | 'silent' | 'write_deadline'} CutReason */

/**
 * @param {import('prom-client').Registry} registry
 */
export function createSheddingMetrics(registry) {
  const shed = new client.Counter({
    name: 'marquee_requests_shed_total',
    help: 'Requests answered 503 with Retry-After because the process was overloaded, by reason (event_loop_delay, event_loop_utilization, heap, in_flight)',
    labelNames: ['reason'],
    registers: [registry],
  });
  const cut = new client.Counter({
    name: 'marquee_connections_cut_total',
    help: 'Connections closed by the app at its edges, by reason (max_connections, per_client_limit, silent, write_deadline)',
    labelNames: ['reason'],
    registers: [registry],
  });
  return {
    /** @param {ShedReason} reason */
    shed: (reason) => shed.inc({ reason }),
    /** @param {CutReason} reason */
    cut: (reason) => cut.inc({ reason }),
  };
}
