// @ts-check
// The shapes both sides read out of the JSON Graph: a page's props are made
// of these, so the server's render and the client's hydration agree.

/**
 * @typedef {{ id: string, name: string, year?: number, rating?: number,
 *   boxart: string, genre?: string, director?: string, runtime?: number,
 *   mpaa?: string, tagline?: string, inMyList?: boolean, userRating?: number | null }} Title
 * @typedef {{ index: number, id: string, name: string, titles: Title[], href?: string }} Row
 *   href: the page of the whole list, when it has one (a genre's page)
 * @typedef {(string | number | string[] | { from: number, to: number })[]} PathSet
 */

export {};
