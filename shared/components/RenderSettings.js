// @ts-check
// What the app's config decides about how a page renders: the poster URL
// template, the cards' number formatters and the component a row renders per
// card. Handed down by context from the root (App's `settings`), one value per
// app on the server and per page on the client, so two apps in one process
// each render their own and shared/ holds no state anyone sets.
import { createContext } from 'react';
import { DEFAULT_POSTER_TEMPLATE } from '../poster.js';
import { CARD_FORMAT } from './card-format.js';

/**
 * @typedef {{
 *   posterTemplate: string,
 *   cardFormat: Readonly<import('./card-format.js').CardFormat>,
 *   rowCard: import('react').ComponentType<{ title: import('../graph/types.js').Title, image: import('./Poster.jsx').ImagePriority }> | null,
 * }} Settings
 * posterTemplate: shared/poster.js's {id} and {width} template; the server's
 * and the client's must agree (#marquee-data page.options.posters), or
 * hydration keeps the server's srcset and rows rendered later use another.
 * rowCard: null for TitleCard itself (it cannot be the default here: the card
 * reads this context); the server may hand a wrapped one (exercise 09).
 */

/**
 * Made once per app or page, never per render: every consumer re-renders
 * when the value changes.
 * @param {{ posterTemplate?: string | null, cardFormat?: Settings['cardFormat'], rowCard?: Settings['rowCard'] }} [values]
 *   posterTemplate empty: the app's own posters
 * @returns {Readonly<Settings>}
 */
export function createRenderSettings({ posterTemplate, cardFormat = CARD_FORMAT, rowCard = null } = {}) {
  return Object.freeze({ posterTemplate: posterTemplate || DEFAULT_POSTER_TEMPLATE, cardFormat, rowCard });
}

export const DEFAULT_RENDER_SETTINGS = createRenderSettings();

export const RenderSettings = createContext(DEFAULT_RENDER_SETTINGS);
