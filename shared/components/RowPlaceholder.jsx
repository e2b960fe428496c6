// @ts-check
// A row not rendered on the server: the same fixed height as a loaded row (no
// layout shift), filled in when it nears the viewport. Only effects touch the
// browser, so the server renders the bare placeholder.
import { startTransition, useContext, useEffect, useRef, useState } from 'react';
import { RowLoader } from './RenderSettings.js';
import { TitleRow } from './TitleRow.jsx';

/** @typedef {import('../graph/types.js').Row} Row */

// Start loading about two rows early: loading on visibility shows an empty row
// to anyone who scrolls (lazy-loading pitfall).
export const PREFETCH_MARGIN = '700px 0px';

/**
 * The User Timing mark of a row that came into view while still a placeholder (its detail: the row's
 * index); the page's beacon counts them (client/measure/beacon.js, `placeholderRows`).
 */
export const PLACEHOLDER_SEEN_MARK = 'marquee:placeholder-seen';
/** Marks per page lifetime at most: as many rows as a home page has (shared/graph/limits.js MAX_ROWS). */
const MAX_SEEN_MARKS = 100;
let seenMarks = 0;
/** The share of a placeholder in view that counts as seen. */
const SEEN_RATIO = 0.05;

/** A row that failed is asked for again after 1, 3 and 9 s, then on the visitor's "Try again". */
const AUTO_RETRIES = 3;

/**
 * @param {{ index: number }} props
 */
export function RowPlaceholder({ index }) {
  const loadRow = useContext(RowLoader);
  const [row, setRow] = useState(/** @type {Row | null} */ (null));
  const [failed, setFailed] = useState(false);
  const ref = useRef(/** @type {HTMLElement | null} */ (null));
  // Counted once, though a retry runs the effect again.
  const seen = useRef(false);
  // "Try again" starts the loading over (its effect runs again).
  const [attempt, retry] = useState(0);

  useEffect(() => {
    const element = ref.current;
    if (!loadRow || row || !element) return undefined;
    let active = true;
    let inFlight = false;
    let failures = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const load = () => {
      if (inFlight || !active) return;
      inFlight = true;
      // The shimmer says "loading" only while it is true (a class React does not render, so
      // no render for it; the critical CSS says why).
      element.classList.add('row--loading');
      const done = (/** @type {Row | null} */ loaded) => {
        inFlight = false;
        element.classList.remove('row--loading');
        if (!active) return;
        // Pitfall: a row set at default priority rendered in one long task (138–214 ms
        // at 4x CPU, the task that set lab TTI); in a transition React yields between slices.
        if (loaded) return startTransition(() => setRow(loaded));
        // Pitfall: a failed row left a blank placeholder, which a visitor cannot
        // tell from a slow one, and nothing asked again (issue 14: 4 of 6 home
        // pages still blank 2.5 s after a catalog error). It says so, and retries,
        // backing off: a failing catalog is not hammered by every open page.
        setFailed(true);
        if (failures < AUTO_RETRIES) timer = setTimeout(load, 1000 * 3 ** failures++);
      };
      loadRow(index).then(done, () => done(null));
    };
    // Every browser the client build targets has IntersectionObserver.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    // In view (no margin) before its cards: what the visitor saw, counted once per row (the field's figure
    // of a scroll faster than the rows load). Pitfall: a mark per row shown, never bounded, grows the
    // timeline with every visit home (unbounded per-navigation growth).
    // Some of it, not an edge: a row right below the viewport's edge "intersects" it with no area.
    const inView = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.intersectionRatio >= SEEN_RATIO)) return;
        inView.disconnect();
        if (!seen.current && seenMarks < MAX_SEEN_MARKS) {
          seen.current = true;
          seenMarks += 1;
          performance.mark(PLACEHOLDER_SEEN_MARK, { detail: index });
        }
      },
      { threshold: SEEN_RATIO },
    );
    inView.observe(element);
    return () => {
      active = false;
      clearTimeout(timer);
      observer.disconnect();
      inView.disconnect();
    };
  }, [loadRow, index, row, attempt]);

  // No poster before its row's observer says near: rendered here, not hydrated.
  if (row) return <TitleRow row={row} postersFirst={0} />;
  return (
    <section
      ref={ref}
      className="row row--placeholder"
      data-row-index={index}
      data-row-state={failed ? 'failed' : 'placeholder'}
      aria-busy={!failed}
    >
      <div className="row__name row__name--placeholder" />
      {failed ? (
        <p className="row__failed" role="status">
          This row could not be loaded.{' '}
          <button type="button" onClick={() => retry(attempt + 1)}>
            Try again
          </button>
        </p>
      ) : (
        <div className="row__cards row__cards--placeholder" />
      )}
    </section>
  );
}
