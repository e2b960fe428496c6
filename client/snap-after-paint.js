// @ts-check
/**
 * Turns on the rows' scroll snapping (`.rows-snap`, views/partials/critical-css.hbs)
 * once the page has painted. Pitfall: Firefox ESR 153 reported no
 * first-contentful-paint entry for a page whose first paint held a
 * scroll-snap container (a 20-line page with one snapping list reproduced it:
 * docs/tti-in-every-engine.md), and so no FCP, LCP or lab TTI; snapping
 * switched on after that paint keeps them. Nothing to snap before a person
 * can scroll anyway.
 */
export function snapAfterFirstPaint() {
  const snap = () => document.documentElement.classList.add('rows-snap');
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return snap();
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    snap();
  });
  observer.observe({ type: 'paint', buffered: true });
}
