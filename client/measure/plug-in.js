// @ts-check
// The page's measurement as a part of the client: the entry imports this module
// once (client/index.jsx), and deleting that one line takes it out
// (docs/starter-guide.md). The head's inline scripts belong to it too: the
// build writes the frame heartbeat and the hide sender into its manifest only
// when the bundle holds this module (client/build/inline-scripts.js), and the
// server renders a page without them when the manifest has none.
import { afterNearRows } from '../early-rows.js';
import { MEASUREMENT_ASKED_MARK, isLabRun, loadMeasurementForLab } from '../lab-run.js';
import { firstIntent } from '../intent.js';

addEventListener('marquee:interactive', () => {
  // Pitfall: measurement loaded at the mark, or at idle, ran in the window that decides TTI;
  // its observers are buffered, so loaded on the first intent they still see every entry
  // from page start. A lab run asks for it without an intent (../lab-run.js).
  // Marked as it is asked for: its lab TTI search leaves its own load out.
  const measure = () => (performance.mark(MEASUREMENT_ASKED_MARK), import('./index.js'));
  if (isLabRun()) loadMeasurementForLab(measure);
  // After what the intent itself needs (rows for a scroll, navigation for a pointer): measurement
  // needs no hurry, and the head's inline hide sender (./hide-inline.js) covers the page until it has loaded.
  else firstIntent().then(() => afterNearRows(measure));
});
