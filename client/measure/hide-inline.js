// @ts-check
// The hide sender as the page head carries it (views/partials/early-input.hbs):
// the client build bundles this file alone into one minified script
// (client/build/inline-scripts.js), which the server writes into every page.
// The page data comes after the head: read only at hide.
import { armHideBeacon } from './hide-beacon.js';
import { readHandoff } from '../page-handoff.js';

armHideBeacon(() => readHandoff().page);
