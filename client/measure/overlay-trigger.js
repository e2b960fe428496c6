// @ts-check
// The live panel is for whoever asks for it (?perf=1 or Shift+P): its code is
// fetched then, not with every page, so it stays out of the first-load budget.
import { APP_TTI_THRESHOLDS } from './app-tti.js';
import { LAB_TTI_THRESHOLDS, TBT_THRESHOLDS } from './lab-tti.js';
import { WEB_VITALS_THRESHOLDS } from './web-vitals.js';
import { KEY_INPUT_THRESHOLDS } from './key-input.js';

/**
 * Each figure's [good, poor] limits, from the module that defines it. Handed
 * to the overlay rather than imported there: see client/measure/overlay.js.
 */
export const THRESHOLDS = Object.freeze({
  appTTI: APP_TTI_THRESHOLDS,
  labTTI: LAB_TTI_THRESHOLDS,
  tbt: TBT_THRESHOLDS,
  ...WEB_VITALS_THRESHOLDS,
  keyInput: KEY_INPUT_THRESHOLDS,
});

/**
 * @param {import('./store.js').PerfStore} store
 */
export function armOverlay(store) {
  /** @type {Promise<() => void> | undefined} */
  let shown;
  const toggle = () => {
    if (shown) shown.then((toggleShown) => toggleShown());
    else shown = import('./overlay.js').then((overlay) => overlay.mountOverlay(store, THRESHOLDS));
  };
  addEventListener('keydown', (event) => {
    const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, [contenteditable]');
    if (event.shiftKey && event.code === 'KeyP' && !typing) toggle();
  });
  if (new URLSearchParams(location.search).get('perf') === '1') toggle();
}
