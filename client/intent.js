// @ts-check
// The visitor's first sign of intent after hydration: the first pointer or
// touch on the page, key press, focus, scroll or wheel, or the page being
// hidden. Until then Marquee's own code runs nothing (issue 37): Falcor's
// model, navigation, measurement and the rows near the viewport wait for it,
// so the window that decides Time To Interactive holds React's work alone.

/** What counts as asking. Scroll is seen in capture: a row's own scroller does not bubble. */
const TRIGGERS = /** @type {const} */ ([
  'pointerover',
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'scroll',
  'wheel',
]);

/** The name of the User Timing mark set at the first intent (its detail: the trigger's type). */
export const INTENT_MARK = 'marquee:intent';

/** @type {Promise<string> | undefined} */
let intent;

/**
 * Resolves once with the type of the first intent ('hidden' for the page
 * being hidden); at once when the page is hidden already (a background tab or
 * a prerender: work then costs the visitor nothing he can see).
 * @returns {Promise<string>}
 */
export function firstIntent() {
  return (intent ??= new Promise((resolve) => {
    const options = { capture: true, passive: true };
    /** @param {string} type */
    const done = (type) => {
      for (const t of TRIGGERS) removeEventListener(t, seen, options);
      removeEventListener('visibilitychange', onVisibility, options);
      performance.mark(INTENT_MARK, { detail: type });
      // For CSS: a row's loading shimmer waits for this (views/partials/critical-css.hbs).
      document.documentElement.dataset.intent = type;
      resolve(type);
    };
    const seen = (/** @type {Event} */ event) => done(event.type);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') done('hidden');
    };
    if (document.visibilityState === 'hidden') return done('hidden');
    // Pitfall: listeners added after hydration miss what came before it. A visitor who scrolled
    // while the page loaded (or whose scroll the browser restored) or pressed (the head's early-input
    // counter noted it) has asked already, and would otherwise look at rows that never load. A key
    // press (Tab) is how focus comes first, and the counter sees it.
    const before = earlierIntent();
    if (before) return done(before);
    for (const t of TRIGGERS) addEventListener(t, seen, options);
    addEventListener('visibilitychange', onVisibility, options);
  }));
}

/** @returns {string | undefined} the intent seen before anyone listened, named as its event would be */
function earlierIntent() {
  if (scrollX || scrollY) return 'scroll';
  if (/** @type {any} */ (window).__marqueeEarly?.at?.length) return 'early-input';
  return undefined;
}
