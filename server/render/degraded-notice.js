// @ts-check
// How a degraded page says so (server/pages/degraded.js decides when): the
// renderer writes these, so they live beside it, and pages/ imports render/,
// never the other way round.

/** Why: some data failed (upstream_error), or the page broke after the flush (failed). */
/** @typedef {'upstream_error' | 'failed'} DegradedReason */

/** The trailer a degraded page ends with (declared in its `Trailer` header). */
export const DEGRADED_TRAILER = 'X-Marquee-Degraded';

/** What the visitor reads, outside React's root so hydration is untouched. */
export const DEGRADED_NOTICE =
  '<p class="page-degraded" role="status">Part of this page could not be loaded. Please reload in a moment.</p>';
