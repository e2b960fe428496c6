// @ts-check
// The HTTP server around the app, with deliberate edges instead of Node's
// defaults (measured before: idle sockets exhausted the file descriptors,
// and a client that stopped reading was never timed out):
// - keepAliveTimeout above a load balancer's idle timeout (nginx and AWS ALB:
//   60 s), so the balancer, never the app, closes an idle connection: the
//   other way round, a request sent as the app closes fails with a 502;
// - headersTimeout above keepAliveTimeout (the advice of nodejs/node#27363)
//   and requestTimeout above that (node:http refuses less); a connection that
//   never sends a byte ends at the headers deadline too (silent-connections.js);
// - a total (maxConnections) and a per-client cap, and a write deadline.
// The /model.json body deadline lives with the body reader (server/falcor/read-body.js).
import http from 'node:http';
import { limitConnectionsPerClient } from './connection-limits.js';
import { enforceWriteDeadline } from './write-deadline.js';
import { closeSilentConnections } from './silent-connections.js';

/** How often node:http checks its headers and request deadlines (its default: 30 s, so late by up to that). */
const MAX_CHECK_INTERVAL_MS = 1000;

/**
 * @param {import('express').Express} app
 * @param {import('../config/load.js').Config['edges']} edges
 * @param {{ onCut?: (reason: import('../metrics/shedding.js').CutReason) => void }} [hooks]
 * @returns {http.Server}
 */
export function createHttpServer(app, edges, { onCut = () => {} } = {}) {
  const server = http.createServer(
    {
      headersTimeout: edges.headersTimeoutMs,
      requestTimeout: edges.requestTimeoutMs,
      keepAliveTimeout: edges.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, edges.headersTimeoutMs),
    },
    app,
  );
  server.maxConnections = edges.maxConnections;
  server.on('drop', () => onCut('max_connections'));
  limitConnectionsPerClient(server, {
    maxPerClient: edges.maxConnectionsPerClient,
    onRefused: () => onCut('per_client_limit'),
  });
  closeSilentConnections(server, { timeoutMs: edges.headersTimeoutMs, onCut: () => onCut('silent') });
  enforceWriteDeadline(server, { timeoutMs: edges.writeTimeoutMs, onCut: () => onCut('write_deadline') });
  return server;
}
