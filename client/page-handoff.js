// @ts-check
// Reads `#marquee-data` (shared/page-handoff.js): the one place the client
// parses what the server handed the page. Small and free of imports but the
// shared id: the head's inline hide sender bundles it too.
import { HANDOFF_ELEMENT_ID } from '../shared/page-handoff.js';

/**
 * @returns {{ cache: object, later: string[], page: import('../shared/page-handoff.js').HandedPage | null }}
 *   page: null off a Marquee page (no element, unreadable, or no route)
 */
export function readHandoff() {
  try {
    const {
      cache = {},
      later = [],
      page,
    } = JSON.parse(document.getElementById(HANDOFF_ELEMENT_ID)?.textContent || '{}');
    return { cache, later, page: typeof page?.route == 'string' ? page : null };
  } catch {
    return { cache: {}, later: [], page: null };
  }
}
