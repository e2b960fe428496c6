// @ts-check
// The browser entry: hydrate the server's HTML from the serialized cache with
// the same code that rendered it, then mark the interactive moment.
import { hydrateRoot } from 'react-dom/client';
import { HomeApp } from '../shared/components/HomeApp.jsx';
import { homeProps } from '../shared/pages/home.js';

const { cache, page } = JSON.parse(document.getElementById('marquee-data')?.textContent || '{}');

/** @type {Promise<import('./model.js').RowModel> | undefined} */
let rowModel;
// Falcor arrives in a lazy chunk after hydration (keep the pre-hydration JS small).
const getRowModel = () => (rowModel ??= import('./model.js').then((m) => m.createRowModel(cache)));

/** @param {number} index */
const loadRow = (index) => getRowModel().then((m) => m.loadRow(index));

function onCommit() {
  performance.mark('marquee:interactive');
  getRowModel();
  import('./measure/index.js'); // after the mark: measuring never delays interactivity
  import('./keyboard/index.js'); // arrow keys across the cards (TV UI), also after the mark
}

const root = document.getElementById('root');
if (root && page?.route === '/') {
  hydrateRoot(root, <HomeApp {...homeProps(cache, page.atfRows)} loadRow={loadRow} onCommit={onCommit} />, {
    // Mismatches are bugs here (both sides render from one cache): make them loud.
    onRecoverableError(error, info) {
      console.error('marquee: recoverable hydration error', error, info?.componentStack);
    },
  });
}
