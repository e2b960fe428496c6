// @ts-check
// The render settings of one app (shared/components/RenderSettings.js): made
// once from its config, so the pages of two apps in one process each render
// their own poster template and cards.
import { DEFAULT_RENDER_SETTINGS } from '../../shared/components/RenderSettings.js';

/**
 * @param {{ posters: { template: string | null } }} config
 *   posters.template: also handed to the client (#marquee-data page.options.posters)
 * @returns {Readonly<import('../../shared/components/RenderSettings.js').Settings>}
 */
export function renderSettingsFor({ posters }) {
  return Object.freeze({ ...DEFAULT_RENDER_SETTINGS, posterTemplate: posters.template });
}
