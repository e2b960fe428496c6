// @ts-check
// GET /healthz (the process answers) and GET /readyz (it can serve pages: the
// catalog answers its own /health). The drain gate (./drain.js) turns /readyz
// into a 503 before any of this runs, once the process is stopping.

/**
 * @param {ReturnType<typeof import('../route-table.js').createRouteTable>} routes
 * @param {{ requestJson: (method: string, path: string) => Promise<{ status: number }> }} upstream the catalog's pool
 */
export function mountHealth(routes, upstream) {
  routes.add('get', '/healthz', (_req, res) => {
    // The pid tells which worker answered when WORKERS > 1.
    res.json({ ok: true, pid: process.pid });
  });
  routes.add('get', '/readyz', async (_req, res) => {
    try {
      const { status } = await upstream.requestJson('GET', '/health');
      res.status(status === 200 ? 200 : 503).json({ ok: status === 200, catalog: status });
    } catch (error) {
      res.status(503).json({ ok: false, catalog: /** @type {{ code?: string }} */ (error).code ?? 'unreachable' });
    }
  });
}
