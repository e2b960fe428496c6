// @ts-check
// The render settings of one app (shared/components/RenderSettings.js): made
// once from its config, so the pages of two apps in one process each render
// their own poster template and cards.
import { createRenderSettings } from '../../shared/components/RenderSettings.js';
import { cardPitfalls } from './card-pitfalls.js';

/**
 * @param {{ posters: { template: string | null }, exercise: Parameters<typeof cardPitfalls>[0] }} config
 *   posters.template: also handed to the client (#marquee-data page.options.posters)
 */
export function renderSettingsFor({ posters, exercise }) {
  return createRenderSettings({ posterTemplate: posters.template, ...cardPitfalls(exercise) });
}
