// @ts-check
// What the server hands a page's client in `#marquee-data` (a JSON script
// element at the end of the page): one shape for both sides. The server
// writes it with server/render/page-handoff.js, the client reads it with
// client/page-handoff.js; nothing else builds or parses it.

/** The element's id, in views/partials/page-data.hbs and wherever a page is read. */
export const HANDOFF_ELEMENT_ID = 'marquee-data';

/**
 * @typedef {{ requests: number, rounds: unknown[] }} HandedUpstream the upstream calls the page waited for
 * @typedef {{
 *   route: string,
 *   requestId?: string,
 *   options?: import('./pages/registry.js').PageOptions & { posters?: string },
 *   timings: Record<string, number>,
 *   upstream?: HandedUpstream,
 * }} HandedPage
 *   route: the registry's template (`/title/:id`), the beacon's label;
 *   requestId: the request's log line; options: the page options the server
 *   rendered with (its poster template among them); timings: the server's own
 *   (upstream, render, template, total)
 * @typedef {{ cache: object, later: string[], page: HandedPage }} PageHandoff
 *   cache: the page's JSON Graph, the client's Falcor cache (no refetch of what
 *   the server sent); later: chunks the first intent runs, prefetched at idle
 */
