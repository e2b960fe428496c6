// @ts-check
// A row not rendered on the server: the same fixed height as a loaded row (no
// layout shift), filled in when it nears the viewport. Only effects touch the
// browser, so the server renders the bare placeholder.
import { useContext, useEffect, useRef, useState } from 'react';
import { RowLoader } from './RowLoader.js';
import { TitleRow } from './TitleRow.jsx';

/** @typedef {import('../graph/types.js').Row} Row */

// Start loading about two rows early: loading on visibility shows an empty row
// to anyone who scrolls (lazy-loading pitfall).
export const PREFETCH_MARGIN = '700px 0px';

/**
 * @param {{ index: number }} props
 */
export function RowPlaceholder({ index }) {
  const loadRow = useContext(RowLoader);
  const [row, setRow] = useState(/** @type {Row | null} */ (null));
  const ref = useRef(/** @type {HTMLElement | null} */ (null));

  useEffect(() => {
    const element = ref.current;
    if (!loadRow || row || !element) return undefined;
    let active = true;
    let inFlight = false;
    const load = () => {
      if (inFlight) return;
      inFlight = true;
      loadRow(index).then(
        (loaded) => {
          if (active && loaded) setRow(loaded);
          // A row the server could not give stays a placeholder; it is asked
          // for again the next time it comes near the viewport.
          inFlight = false;
        },
        () => {
          inFlight = false;
        },
      );
    };
    if (typeof IntersectionObserver !== 'function') {
      load();
      return () => {
        active = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => {
      active = false;
      observer.disconnect();
    };
  }, [loadRow, index, row]);

  if (row) return <TitleRow row={row} />;
  return (
    <section
      ref={ref}
      className="row row--placeholder"
      data-row-index={index}
      data-row-state="placeholder"
      aria-busy="true"
    >
      <div className="row__name row__name--placeholder" />
      <div className="row__cards row__cards--placeholder" />
    </section>
  );
}
