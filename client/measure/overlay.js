// @ts-check
/**
 * An on-page overlay with the figures as they arrive: open with `?perf=1` in
 * the address or toggle with Shift+P. Each figure is coloured by its
 * thresholds (good / needs improvement / poor), taken from the modules that
 * define the metrics. Styled through the CSSOM (element.style), which the
 * page's CSP allows, unlike inline style attributes or a new <style>.
 */
import { APP_TTI_THRESHOLDS } from './app-tti.js';
import { LAB_TTI_THRESHOLDS, TBT_THRESHOLDS } from './lab-tti.js';
import { WEB_VITALS_THRESHOLDS } from './web-vitals.js';
import { KEY_INPUT_THRESHOLDS } from './key-input.js';

export const OVERLAY_ID = 'marquee-perf-overlay';

/** @type {[name: string, label: string, unit: 'ms' | 'score' | 'bytes', thresholds: readonly number[] | null][]} */
const ROWS = [
  ['appTTI', 'App TTI', 'ms', APP_TTI_THRESHOLDS],
  ['labTTI', 'Lab TTI', 'ms', LAB_TTI_THRESHOLDS],
  ['tbt', 'TBT', 'ms', TBT_THRESHOLDS],
  ['fcp', 'FCP', 'ms', WEB_VITALS_THRESHOLDS.fcp],
  ['lcp', 'LCP', 'ms', WEB_VITALS_THRESHOLDS.lcp],
  ['inp', 'INP', 'ms', WEB_VITALS_THRESHOLDS.inp],
  ['cls', 'CLS', 'score', WEB_VITALS_THRESHOLDS.cls],
  ['ttfb', 'TTFB', 'ms', WEB_VITALS_THRESHOLDS.ttfb],
  ['keyInput', 'Last key', 'ms', KEY_INPUT_THRESHOLDS],
  ['memory', 'JS heap', 'bytes', null],
];
const COLORS = ['#7ee2a8', '#ffd36e', '#ff8a80'];

/**
 * Shows the panel at once and keeps it live (client/measure/overlay-trigger.js loads this on demand).
 * @param {import('./store.js').PerfStore} store
 * @returns {() => void} hides or shows the panel again
 */
export function mountOverlay(store) {
  /** @type {HTMLElement | null} */
  let panel = null;
  let scheduled = false;

  const render = () => {
    scheduled = false;
    if (!panel) return;
    const state = store.snapshot();
    const values = { ...state.metrics, keyInput: state.keyInput[state.keyInput.length - 1] };
    const lines = ROWS.map(([name, label, unit, thresholds]) => {
      const value = /** @type {Record<string, number | undefined>} */ (values)[name];
      const text = value === undefined ? (name === 'labTTI' ? state.labTTIStatus : '—') : format(value, unit);
      const level =
        value === undefined || !thresholds ? -1 : value <= thresholds[0] ? 0 : value <= thresholds[1] ? 1 : 2;
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
