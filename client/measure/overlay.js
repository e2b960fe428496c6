// @ts-check
/**
 * An on-page overlay with the figures as they arrive: open with `?perf=1` in
 * the address or toggle with Shift+P. Each figure is coloured by its
 * thresholds (good / needs improvement / poor), taken from the modules that
 * define the metrics and handed over by client/measure/overlay-trigger.js.
 * Styled through the CSSOM (element.style), which the page's CSP allows,
 * unlike inline style attributes or a new <style>.
 */
// Pitfall: a chunk split by a shared import. Importing the metric modules
// here (for their thresholds) made esbuild move them and web-vitals out of the
// measure chunk into one both chunks load: one more first-load request and
// 359 B more gzip of first load (measured) than one file. So this imports none.

export const OVERLAY_ID = 'marquee-perf-overlay';

/** @type {[name: string, label: string, unit: 'ms' | 'score' | 'bytes'][]} */
const ROWS = [
  ['appTTI', 'App TTI', 'ms'],
  ['labTTI', 'Lab TTI', 'ms'],
  ['tbt', 'TBT', 'ms'],
  ['fcp', 'FCP', 'ms'],
  ['lcp', 'LCP', 'ms'],
  ['inp', 'INP', 'ms'],
  ['cls', 'CLS', 'score'],
  ['ttfb', 'TTFB', 'ms'],
  ['keyInput', 'Last key', 'ms'],
  ['memory', 'JS heap', 'bytes'],
];
const COLORS = ['#7ee2a8', '#ffd36e', '#ff8a80'];

/**
 * Shows the panel at once and keeps it live (client/measure/overlay-trigger.js loads this on demand).
 * @param {import('./store.js').PerfStore} store
 * @param {Readonly<Record<string, readonly number[]>>} thresholds per row name, [good, poor]; none: uncoloured
 * @returns {() => void} hides or shows the panel again
 */
export function mountOverlay(store, thresholds) {
  /** @type {HTMLElement | null} */
  let panel = null;
  let scheduled = false;

  const render = () => {
    scheduled = false;
    if (!panel) return;
    const state = store.snapshot();
    const values = { ...state.metrics, keyInput: state.keyInput[state.keyInput.length - 1] };
    const lines = ROWS.map(([name, label, unit]) => {
      const value = /** @type {Record<string, number | undefined>} */ (values)[name];
      const text = value === undefined ? (name === 'labTTI' ? state.labTTIStatus : '—') : format(value, unit);
      const limits = thresholds[name];
      const level = value === undefined || !limits ? -1 : value <= limits[0] ? 0 : value <= limits[1] ? 1 : 2;
      return { name, label, text, color: level === -1 ? '#ddd' : COLORS[level] };
    });
    panel.replaceChildren(
      ...lines.map(({ name, label, text, color }) => {
        const row = document.createElement('div');
        row.dataset.metric = name;
        row.textContent = `${label.padEnd(9)} ${text}`;
        row.style.color = color;
        return row;
      }),
      footer(state.beaconSent ? 'beacon sent · Shift+P hides' : 'Shift+P hides'),
    );
  };
  // Coalesce bursts of updates (CLS, key presses) into one DOM write per frame.
  const schedule = () => {
    if (scheduled || !panel) return;
    scheduled = true;
    requestAnimationFrame(render);
  };

  const toggle = () => {
    if (panel) {
      panel.remove();
      panel = null;
      return;
    }
    panel = document.createElement('aside');
    panel.id = OVERLAY_ID;
    panel.setAttribute('aria-label', 'Performance figures');
    Object.assign(panel.style, {
      position: 'fixed',
      right: '8px',
      bottom: '8px',
      zIndex: '2147483647',
      padding: '8px 10px',
      background: 'rgba(20, 20, 24, 0.88)',
      borderRadius: '6px',
      font: '12px/1.5 ui-monospace, monospace',
      whiteSpace: 'pre',
      pointerEvents: 'none',
    });
    document.body.append(panel);
    render();
  };

  store.subscribe(schedule);
  toggle();
  return toggle;
}

/** @param {string} text */
function footer(text) {
  const element = document.createElement('div');
  element.textContent = text;
  element.style.color = '#999';
  return element;
}

/** @param {number} value @param {'ms' | 'score' | 'bytes'} unit */
function format(value, unit) {
  if (unit === 'score') return value.toFixed(3);
  if (unit === 'bytes') return `${(value / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.round(value)} ms`;
}
