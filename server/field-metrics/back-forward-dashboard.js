// @ts-check
// The "Back and Forward" section of GET /perf: per route, the Backs and
// Forwards the back/forward cache restored and those it loaded again, with
// the browser's reasons for the second (./not-restored.js counts both).

/**
 * @param {{ route: string, restored: number, reloaded: number }[]} backs
 * @param {Record<string, Record<string, number>>} reasons route → reason → count
 */
export function backForwardRows(backs, reasons) {
  const routes = new Set([...backs.map((b) => b.route), ...Object.keys(reasons)]);
  return [...routes].sort().map((route) => {
    const { restored = 0, reloaded = 0 } = backs.find((b) => b.route === route) ?? {};
    const total = restored + reloaded;
    return {
      route,
      restored,
      reloaded,
      share: total > 0 ? `${((restored / total) * 100).toFixed(1)}%` : '—',
      // The commonest reason first: the one to fix first.
      reasons: Object.entries(reasons[route] ?? {})
        .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
        .map(([reason, count]) => ({ reason, count })),
    };
  });
}
