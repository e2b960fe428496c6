// @ts-check
/**
 * Where the INP interaction's time went, from the entry web-vitals' plain
 * onINP already hands over (Event Timing, https://w3c.github.io/event-timing/).
 * Not web-vitals' attribution build: it costs 2.4 KB gzip of first load, and
 * the dashboard needs only what to fix (the target) and which phase to fix.
 * Phases as https://web.dev/articles/optimize-inp names them, of the one
 * entry web-vitals keeps. A limit: when pointerdown, pointerup and click share
 * a frame (a quick tap), that entry is the pointerdown, and the click
 * handlers' time shows as its presentation delay.
 */

/**
 * What was interacted with: the closest link or button, named by whichever of
 * these classes (shared/components/*.jsx) it carries, else by its tag.
 * Pitfall: labels from raw input (ids, class lists, text) are unbounded
 * cardinality; only this fixed set (INP_TARGETS in
 * server/field-metrics/beacon-fields.js) leaves the page.
 */
const KNOWN = /card__link|card__info|mylist--card|mylist--page|rating__star|row__link/;

/**
 * Labels (top-level beacon fields) apart from phases (ms, beside INP in metrics).
 * @typedef {[
 *   labels: { inpTarget: string, inpType: 'pointer' | 'keyboard' },
 *   phases: { inpInputDelay: number, inpProcessing: number, inpPresentation: number },
 * ]} INPAttribution
 */

/**
 * @param {PerformanceEventTiming} e INP's longest entry (its duration is INP)
 * @returns {INPAttribution}
 */
export function inpAttribution(e) {
  // No target once the node left the document (Event Timing): 'other'.
  const link = /** @type {Element | null} */ (e.target)?.closest?.('a,button');
  return [
    {
      // match?.: an SVG link's className is no string; its tag names it then.
      inpTarget: link ? (link.className.match?.(KNOWN)?.[0] ?? link.localName) : 'other',
      // Interactions are pointer (pointerdown, pointerup, click) or key (keydown, keyup).
      inpType: e.name[0] == 'k' ? 'keyboard' : 'pointer',
    },
    {
      inpInputDelay: e.processingStart - e.startTime,
      inpProcessing: e.processingEnd - e.processingStart,
      // Event Timing rounds duration to 8 ms, which can end it before processingEnd.
      inpPresentation: Math.max(0, e.startTime + e.duration - e.processingEnd),
    },
  ];
}
