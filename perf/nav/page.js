// @ts-check
/* global document, window, location, Node, CSS, requestAnimationFrame -- these functions run in the page */
// The page side of perf:nav: what is installed in the page to time a client
// navigation, and what is read from it (and told, for a broken run). Each one is handed to
// page.evaluate or addInitScript, so it closes over nothing of this module.

/**
 * Installed before the page's own scripts (and again in any new document):
 * notes the intent and the click on the chosen link, then checks every frame
 * whether the title's heading, then its whole page, are shown.
 */
export function observeNavigation() {
  // Pitfall: the Resource Timing buffer stops at 250 entries by default; a
  // home page of posters fills it and the navigation's requests go uncounted.
  performance.setResourceTimingBufferSize(10_000);
  const state = {
    /** @type {Element | null} set by the tool: the card's link */
    target: null,
    /** @type {{ id: string, name: string, path: string } | null} */
    expect: null,
    /** @type {number | null} */
    intentAt: null,
    /** @type {number | null} */
    clickAt: null,
    /** @type {number | null} */
    headingAt: null,
    /** @type {number | null} */
    completeAt: null,
  };
  /** @type {any} */ (window).__perfNav = state;
  const onTarget = (/** @type {Event} */ event) =>
    state.target !== null && event.target instanceof Node && state.target.contains(event.target);
  const onIntent = (/** @type {Event} */ event) => {
    if (state.intentAt === null && onTarget(event)) state.intentAt = event.timeStamp;
  };
  document.addEventListener('pointerover', onIntent, { capture: true, passive: true });
  document.addEventListener('focusin', onIntent, { capture: true });

  /** The clicked title's <h1>, rendered (not hidden), with exactly the card's name. */
  const headingShown = (/** @type {{ name: string }} */ expect) =>
    [...document.querySelectorAll('h1')].some(
      (h1) => h1.textContent?.trim() === expect.name && h1.getClientRects().length > 0,
    );
  /**
   * The whole title page (shared/components/TitlePage.jsx): its facts for this
   * id, its controls, "more like this" cards, and no row still a placeholder
   * nor any part marked aria-busy.
   */
  const pageComplete = (/** @type {{ id: string, name: string, path: string }} */ expect) => {
    const root = document.querySelector('.title-page');
    if (!root || location.pathname !== expect.path) return false;
    const article = root.querySelector('article.title');
    if (article?.getAttribute('data-title-id') !== expect.id) return false;
    if (article.querySelector('h1')?.textContent?.trim() !== expect.name) return false;
    if (!article.querySelector('.title__actions')) return false;
    if (root.querySelectorAll('.rows [data-row-state="loaded"] li.card[data-title-id]').length === 0) return false;
    return !root.querySelector('[data-row-state]:not([data-row-state="loaded"]), [aria-busy="true"]');
  };

  document.addEventListener(
    'click',
    (event) => {
      if (state.clickAt !== null || !state.expect || !onTarget(event)) return;
      state.clickAt = event.timeStamp;
      const expect = state.expect;
      const poll = () => {
        // This frame paints what the DOM holds now; a task queued from it runs
        // just after that paint (the same frame poll as perf:input's).
        if (state.headingAt === null && headingShown(expect)) {
          state.headingAt = -1;
          setTimeout(() => (state.headingAt = performance.now()), 0);
        }
        if (state.headingAt !== null && pageComplete(expect)) {
          setTimeout(() => {
            state.completeAt = performance.now();
            /** @type {any} */ (window).__perfNavDone?.();
          }, 0);
          return;
        }
        requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    },
    { capture: true, passive: true },
  );
}

/**
 * What the page shows, for a broken run's report.
 * @returns {{ path: string, headings: string[], cards: number, placeholders: number, busy: number }}
 */
export function describePage() {
  const root = document.querySelector('.title-page') ?? document;
  return {
    path: location.pathname,
    headings: [...document.querySelectorAll('h1')].map((h1) => (h1.textContent ?? '').trim()),
    cards: root.querySelectorAll('.rows [data-row-state="loaded"] li.card[data-title-id]').length,
    placeholders: root.querySelectorAll('[data-row-state]:not([data-row-state="loaded"])').length,
    busy: root.querySelectorAll('[aria-busy="true"]').length,
  };
}

/**
 * Requests the page started in [from, to): all of them, and those to /model.json.
 * @param {{ from: number, to: number }} window
 */
export function countRequests({ from, to }) {
  const entries = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).filter(
    (entry) => entry.startTime >= from && entry.startTime < to,
  );
  return {
    all: entries.length,
    model: entries.filter((entry) => new URL(entry.name).pathname === '/model.json').length,
  };
}

/**
 * Installed on the complete title page, before Back: from the popstate, checks
 * every frame whether home's first row shows its cards, and whether the My List
 * row holds the title just added; and notes when the page's reads after Back
 * ended (the invalidated list, fetched again).
 * @param {{ id: string }} expect the title added to My List
 */
export function observeBack({ id }) {
  const state = { backAt: /** @type {number | null} */ (null), rowsAt: null, listAt: null };
  /** @type {any} */ (window).__perfBack = state;
  /** @param {string} selector */
  const shown = (selector) => [...document.querySelectorAll(selector)].some((el) => el.getClientRects().length > 0);
  window.addEventListener('popstate', (event) => {
    if (state.backAt !== null) return;
    state.backAt = event.timeStamp;
    const poll = () => {
      // As in observeNavigation: a task queued from this frame runs just after its paint.
      const stamp = (/** @type {'rowsAt' | 'listAt'} */ key) => {
        /** @type {any} */ (state)[key] = -1;
        setTimeout(() => /** @type {any} */ (state[key] = performance.now()), 0);
      };
      if (location.pathname === '/') {
        if (state.rowsAt === null && shown('section.row[data-row-index="0"] li.card[data-title-id]')) stamp('rowsAt');
        if (
          state.listAt === null &&
          shown(`section.row[data-row-index="-1"] li.card[data-title-id="${CSS.escape(id)}"]`)
        )
          stamp('listAt');
      }
      if (state.rowsAt === null || state.listAt === null) requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  });
}

/**
 * The Back figures, once both marks are in: ms from the popstate to the rows, to
 * the My List row with the title, and to the end of the last /model.json read
 * started after it (null: none was made).
 */
export function readBack() {
  const { backAt, rowsAt, listAt } = /** @type {any} */ (window).__perfBack;
  const reads = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).filter(
    (entry) => entry.startTime >= backAt && new URL(entry.name).pathname === '/model.json',
  );
  return {
    rowsMs: rowsAt - backAt,
    listMs: listAt - backAt,
    readsEndMs: reads.length > 0 ? Math.max(...reads.map((entry) => entry.responseEnd)) - backAt : null,
    reads: reads.length,
  };
}
