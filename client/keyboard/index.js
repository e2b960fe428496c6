// @ts-check
// Keyboard navigation, installed on import. Fetched by on-demand.js after
// hydration, on the first focus or key press: never part of the JavaScript
// that must run before the page is interactive, nor of the first load.
import { installGridNavigation } from './grid-navigation.js';

installGridNavigation();
// A mark, so that tests (and anyone timing the page) can tell when arrow keys start to work.
performance.mark('marquee:keyboard');
