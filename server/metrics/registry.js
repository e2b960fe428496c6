// @ts-check
// One Prometheus registry per app instance (not prom-client's global one), so
// tests can run several apps in one process; every feature registers its
// metrics here and GET /metrics exposes them.
import client from 'prom-client';

export function createRegistry() {
  const registry = new client.Registry();
  return registry;
}
