// @ts-check
// The root both sides render: the row loader's context around the page. The
// server passes loadRow null; the client passes its loader and onCommit. The
// context adds no DOM, so the markup is the same on both sides.
import { useLayoutEffect } from 'react';
import { RowLoader } from './RowLoader.js';
import { HomePage } from './HomePage.jsx';

/** @typedef {import('../pages/home.js').HomeProps} HomeProps */
/** @typedef {import('./RowLoader.js').LoadRow} LoadRow */

/**
 * @param {HomeProps & { loadRow?: LoadRow | null, onCommit?: () => void }} props
 */
export function HomeApp({ rowCount, rows, loadRow = null, onCommit }) {
  // A layout effect runs in the commit that ends hydration: from then on the
  // handlers are attached (the app's "interactive" moment). Not a timeout,
  // which would measure the scheduler instead. Never runs on the server.
  useLayoutEffect(() => {
    onCommit?.();
  }, []);
  return (
    <RowLoader.Provider value={loadRow}>
      <HomePage rowCount={rowCount} rows={rows} />
    </RowLoader.Provider>
  );
}
