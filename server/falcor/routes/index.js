// @ts-check
// The route table, one file per top-level key. A route whose answer depends
// on the visitor says so (`visitor: true`): those paths never come from the
// process-wide cache (../visitor-paths.js derives the split from them).
import listsRoutes from './lists.js';
import listsByIdRoutes from './listsById.js';
import titlesByIdRoutes from './titlesById.js';
import myListRoutes from './myList.js';

/**
 * @typedef {{ route: string, visitor?: boolean, get?: Function, set?: Function, call?: Function }} RouteSpec
 *   visitor: true when the answer is this visitor's (their list, their ratings)
 */

/** @type {readonly RouteSpec[]} */
export const ROUTES = Object.freeze([...listsRoutes, ...listsByIdRoutes, ...titlesByIdRoutes, ...myListRoutes]);
