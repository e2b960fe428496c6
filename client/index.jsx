// @ts-check
// The browser entry: hydrate the server's HTML from the serialized cache with
// the same code that rendered it, then mark the interactive moment.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from '../shared/components/App.jsx';
import { createServices } from './services.js';
import { loadKeyboardOnDemand } from './keyboard/on-demand.js';
import { prefetchAtIdle } from './idle.js';
import { snapAfterFirstPaint } from './snap-after-paint.js';
import { DEFAULT_RENDER_SETTINGS } from '../shared/components/RenderSettings.js';
import { readHandoff } from './page-handoff.js';
import './measure/plug-in.js'; // the page's measurement, started after the mark (docs/starter-guide.md)

const { cache, page, later } = readHandoff();
// The server's poster URL template (POSTER_URL_TEMPLATE), for hydration and every row rendered later: the srcsets must match.
const settings = { ...DEFAULT_RENDER_SETTINGS, posterTemplate: page?.options?.posters };

function onInteractive() {
  performance.mark('marquee:interactive');
  // In the task after React's commit, not inside it (client/services.js onCommit says why).
  setTimeout(afterMark);
}

function afterMark() {
  dispatchEvent(new Event('marquee:interactive')); // for the parts imported above (the page's measurement)
  // Network only: the first intent then evaluates chunks from the cache instead of waiting a round trip.
  prefetchAtIdle(later);
  loadKeyboardOnDemand(); // arrow keys across the cards (TV UI), fetched on first focus or key press
}

snapAfterFirstPaint();
const root = document.getElementById('root');
const services = createServices(cache, page ?? {}, onInteractive);
services.initialPage().then((initial) => {
  if (!root || !initial) return;
  // In a transition, React hydrates in slices of a few ms and yields between
  // them; at the default priority it hydrated the page in one long task that
  // blocked input (pitfall: one long hydration task, counted as blocking time).
  startTransition(() => {
    hydrateRoot(root, <App initial={initial} services={services} settings={settings} />, {
      // Mismatches are bugs here (both sides render from one cache): make them loud.
      onRecoverableError(error, info) {
        console.error('marquee: recoverable hydration error', error, info?.componentStack);
      },
    });
  });
});
