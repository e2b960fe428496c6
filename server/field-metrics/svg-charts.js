// @ts-check
// Inline SVG charts for GET /perf: readable with no external service, no
// script and no network request (the CSP allows neither). Text in a chart is
// built from numbers and fixed names only, and still escaped.

const WIDTH = 360;
const HEIGHT = 140;
const PAD = { top: 10, right: 8, bottom: 28, left: 44 };

/**
 * Bars per histogram bucket ("how many page views landed here").
 * @param {{ bounds: number[], counts: number[], unit: 'ms' | 'score' | 'bytes', title: string }} data
 * @returns {string} an <svg> element
 */
export function histogramSvg({ bounds, counts, unit, title }) {
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const most = Math.max(1, ...counts);
  const barW = plotW / counts.length;
  const bars = counts.map((count, i) => {
    const h = (count / most) * plotH;
    const x = PAD.left + i * barW;
    const label =
      i < bounds.length ? `≤ ${formatValue(bounds[i], unit)}` : `> ${formatValue(bounds[bounds.length - 1], unit)}`;
    return `<rect x="${fixed(x + 1)}" y="${fixed(PAD.top + plotH - h)}" width="${fixed(barW - 2)}" height="${fixed(h)}" class="bar"><title>${escapeXml(`${label}: ${count}`)}</title></rect>`;
  });
  // Label every few buckets so the axis stays legible at this width.
  const step = Math.ceil(counts.length / 5);
  const ticks = bounds
    .map((bound, i) =>
      i % step === 0 ? axisText(PAD.left + (i + 1) * barW, HEIGHT - 10, formatValue(bound, unit)) : '',
    )
    .join('');
  return svg(title, [
    axes(plotH),
    axisText(PAD.left - 4, PAD.top + 8, String(most), 'end'),
    axisText(PAD.left - 4, PAD.top + plotH, '0', 'end'),
    ...bars,
    ticks,
  ]);
}

/**
 * p50 and p95 per minute: two polylines over the minutes that had samples.
 * @param {{ points: { minute: number, p50: number, p95: number, count: number }[], unit: 'ms' | 'score' | 'bytes', title: string }} data
 * @returns {string} an <svg> element
 */
export function overTimeSvg({ points, unit, title }) {
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  if (points.length === 0)
    return svg(title, [axes(plotH), axisText(WIDTH / 2, HEIGHT / 2, 'no samples yet', 'middle')]);
  const first = points[0].minute;
  const last = Math.max(points[points.length - 1].minute, first + 60_000);
  const top = Math.max(...points.map((p) => p.p95)) || 1;
  const x = (/** @type {number} */ minute) => PAD.left + ((minute - first) / (last - first)) * plotW;
  const y = (/** @type {number} */ value) => PAD.top + plotH - (value / top) * plotH;
  /** @param {'p50' | 'p95'} key */
  const line = (key) => {
    const coords = points.map((p) => `${fixed(x(p.minute))},${fixed(y(p[key]))}`).join(' ');
    const dots = points
      .map(
        (p) =>
          `<circle cx="${fixed(x(p.minute))}" cy="${fixed(y(p[key]))}" r="2.5" class="${key}"><title>${escapeXml(`${clock(p.minute)} ${key} ${formatValue(p[key], unit)} (n=${p.count})`)}</title></circle>`,
      )
      .join('');
    return `<polyline points="${coords}" class="${key}"/>${dots}`;
  };
  return svg(title, [
    axes(plotH),
    axisText(PAD.left - 4, PAD.top + 8, formatValue(top, unit), 'end'),
    axisText(PAD.left - 4, PAD.top + plotH, '0', 'end'),
    line('p95'),
    line('p50'),
    axisText(PAD.left, HEIGHT - 10, clock(first), 'start'),
    axisText(WIDTH - PAD.right, HEIGHT - 10, clock(last), 'end'),
  ]);
}

/**
 * A value in its unit for people: ms below 1 s, seconds above; MB for bytes.
 * @param {number} value
 * @param {'ms' | 'score' | 'bytes'} unit
 */
export function formatValue(value, unit) {
  if (unit === 'score') return value.toFixed(value < 0.1 ? 3 : 2);
  if (unit === 'bytes') return `${(value / 1024 / 1024).toFixed(value < 10 * 1024 * 1024 ? 1 : 0)} MB`;
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(value < 10000 ? 2 : 1)} s`;
}

/** @param {string} text */
export function escapeXml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** @param {string} title @param {string[]} parts */
function svg(title, parts) {
  return `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>${parts.join('')}</svg>`;
}

/** @param {number} plotH */
function axes(plotH) {
  const bottom = PAD.top + plotH;
  return `<path d="M${PAD.left} ${PAD.top}V${bottom}H${WIDTH - PAD.right}" class="axis"/>`;
}

/** @param {number} x @param {number} y @param {string} text @param {'start' | 'middle' | 'end'} [anchor] */
function axisText(x, y, text, anchor = 'middle') {
  return `<text x="${fixed(x)}" y="${fixed(y)}" text-anchor="${anchor}" class="tick">${escapeXml(text)}</text>`;
}

/** @param {number} epochMs */
function clock(epochMs) {
  return new Date(epochMs).toISOString().slice(11, 16);
}

/** @param {number} n */
function fixed(n) {
  return n.toFixed(1);
}
