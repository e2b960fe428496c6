// @ts-check
// Keyboard navigation, installed on import: the client entry loads this
// module with import() after hydration, so it adds nothing to the JavaScript
// that must run before the page is interactive.
import { installGridNavigation } from './grid-navigation.js';

installGridNavigation();
// A mark, so that tests (and anyone timing the page) can tell when arrow keys start to work.
performance.mark('marquee:keyboard');
