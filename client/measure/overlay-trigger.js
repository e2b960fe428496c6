// @ts-check
// The live panel is for whoever asks for it (?perf=1 or Shift+P): its code is
// fetched then, not with every page, so it stays out of the first-load budget.

/**
 * @param {import('./store.js').PerfStore} store
 */
export function armOverlay(store) {
  /** @type {Promise<() => void> | undefined} */
  let shown;
  const toggle = () => {
    if (shown) shown.then((toggleShown) => toggleShown());
    else shown = import('./overlay.js').then((overlay) => overlay.mountOverlay(store));
  };
  addEventListener('keydown', (event) => {
    const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, [contenteditable]');
    if (event.shiftKey && event.code === 'KeyP' && !typing) toggle();
  });
  if (new URLSearchParams(location.search).get('perf') === '1') toggle();
}
