// @ts-check
// The stress curve as a standalone SVG: concurrency (log scale) across,
// requests per second on the left axis (solid), p50 and p99 latency on the
// right axis (dashed, dotted). With --vs, configuration B is drawn in a
// second colour. Box judged its fix on exactly this curve.

/** @typedef {import('./level.js').Level} Level */

const W = 760;
const H = 420;
const M = { left: 70, right: 70, top: 40, bottom: 60 };
const COLOURS = ['#1f6feb', '#d1242f'];

/**
 * @param {{ name: string, levels: Level[] }[]} series
 * @param {string} title
 */
export function stressCurveSvg(series, title) {
  const all = series.flatMap((s) => s.levels);
  const cs = [...new Set(all.map((l) => l.concurrency))].sort((a, b) => a - b);
  const maxRps = niceMax(Math.max(...all.map((l) => l.rps ?? 0)));
  const maxMs = niceMax(Math.max(...all.map((l) => l.p99 ?? 0)));
  const logMin = Math.log10(Math.max(1, cs[0]));
  const logMax = Math.log10(Math.max(cs.at(-1) ?? 1, cs[0] * 10));
  const x = (/** @type {number} */ c) =>
    M.left + ((Math.log10(Math.max(1, c)) - logMin) / (logMax - logMin || 1)) * (W - M.left - M.right);
  const yRps = (/** @type {number} */ v) => H - M.bottom - (v / maxRps) * (H - M.top - M.bottom);
  const yMs = (/** @type {number} */ v) => H - M.bottom - (v / maxMs) * (H - M.top - M.bottom);

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2}" y="22" text-anchor="middle" font-size="14">${escape(title)}</text>`,
    axis(M.left, yRps, maxRps, 'req/s', 'end', -8),
    axis(W - M.right, yMs, maxMs, 'ms', 'start', 8),
  ];
  for (const c of cs) {
    parts.push(`<line x1="${x(c)}" x2="${x(c)}" y1="${M.top}" y2="${H - M.bottom}" stroke="#eee"/>`);
    parts.push(`<text x="${x(c)}" y="${H - M.bottom + 16}" text-anchor="middle">${c}</text>`);
  }
  parts.push(`<text x="${W / 2}" y="${H - 22}" text-anchor="middle">concurrency (connections, log scale)</text>`);
  series.forEach(({ name, levels }, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const line = (
      /** @type {(l: Level) => number | null} */ pick,
      /** @type {(v: number) => number} */ y,
      /** @type {string} */ dash,
    ) => {
      const points = levels
        .filter((l) => pick(l) !== null)
        .map((l) => `${x(l.concurrency)},${y(/** @type {number} */ (pick(l)))}`);
      const dots = points.map(
        (p) => `<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="3" fill="${colour}"/>`,
      );
      return [
        `<polyline fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="${dash}" points="${points.join(' ')}"/>`,
        ...dots,
      ].join('\n');
    };
    parts.push(
      line((l) => l.rps, yRps, ''),
      line((l) => l.p50, yMs, '6 4'),
      line((l) => l.p99, yMs, '2 3'),
    );
    const legendY = M.top + 4 + i * 16;
    parts.push(
      `<text x="${M.left + 8}" y="${legendY + 10}" fill="${colour}">${escape(name)}: req/s (solid), p50 ms (dashed), p99 ms (dotted)</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/**
 * @param {number} at x of the axis
 * @param {(v: number) => number} y
 * @param {number} max
 * @param {string} unit
 * @param {'start' | 'end'} anchor
 * @param {number} dx
 */
function axis(at, y, max, unit, anchor, dx) {
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  return [
    `<line x1="${at}" x2="${at}" y1="${y(0)}" y2="${y(max)}" stroke="#888"/>`,
    ...ticks.map(
      (t) =>
        `<text x="${at + dx}" y="${y(t) + 4}" text-anchor="${anchor}">${max < 10 ? t.toFixed(1) : Math.round(t)}</text>`,
    ),
    `<text x="${at + dx}" y="${y(max) - 12}" text-anchor="${anchor}">${unit}</text>`,
  ].join('\n');
}

/** @param {number} value */
function niceMax(value) {
  if (!(value > 0)) return 1;
  const step = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / step) * step;
}

/** @param {string} text */
function escape(text) {
  return text.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
