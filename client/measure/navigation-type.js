// @ts-check
import { activationStart } from './app-tti.js';

/** Navigation Timing's type, named as web-vitals (and the server) name it. */
export function navigationType() {
  if (document.wasDiscarded) return 'restore';
  const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (
    performance.getEntriesByType('navigation')[0]
  );
  if (!navigation) return 'unknown';
  if (document.prerendering || activationStart() > 0) return 'prerender';
  return navigation.type.replace(/_/g, '-');
}
