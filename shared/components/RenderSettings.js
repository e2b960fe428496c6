// @ts-check
// What the app's config decides about how a page renders: the poster URL
// template. Handed down by context from the root (App's `settings`), one value per
// app on the server (server/render/render-settings.js) and per page on the
// client (client/index.jsx), so two apps in one process each render their own
// and shared/ holds no state anyone sets.
import { createContext, useContext } from 'react';

/**
 * @typedef {{
 *   posterTemplate?: string | null,
 * }} Settings
 * posterTemplate: shared/poster.js's {id} and {width} template (empty: the
 * app's own posters); the server's and the client's must agree
 * (#marquee-data page.options.posters), or hydration keeps the server's
 * srcset and rows rendered later use another.
 */

/**
 * Spread into a new value, made once per app or page, never per render: every
 * consumer re-renders when the value changes.
 * @type {Readonly<Settings>}
 */
export const DEFAULT_RENDER_SETTINGS = Object.freeze({ posterTemplate: null });

export const RenderSettings = createContext(DEFAULT_RENDER_SETTINGS);

export const useRenderSettings = () => useContext(RenderSettings);

/** @typedef {import('../graph/types.js').Row} Row */
/** @typedef {(index: number) => Promise<Row | null>} LoadRow */

/**
 * How a placeholder row gets its data: a function handed down by context, so
 * the components stay pure. The server provides none (null): nothing is
 * fetched there; the client provides one backed by its Falcor model. Defined
 * here, beside the context every page reads: in a module of its own, reached
 * only by the entry and the home page, it made a chunk of its own that every
 * page fetched before hydration (pitfall: a request per tiny chunk, docs/budgets.md).
 * @type {import('react').Context<LoadRow | null>}
 */
export const RowLoader = createContext(/** @type {LoadRow | null} */ (null));
