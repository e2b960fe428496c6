// @ts-check
/* global window -- page.evaluate bodies run in the page */
// How a perf:nav click ended: the title page complete, a new document (no
// client-side navigation), or nothing in time; for the last two, what the
// page showed instead, in the broken run's reason.
import { describePage } from './page.js';

/**
 * @param {import('playwright-core').Page} page just clicked
 * @param {{
 *   completed: Promise<unknown>, reloaded: Promise<unknown>, timeoutMs: number, title: { name: string },
 * }} wait completed: resolves with 'complete' once the page says so; reloaded: with 'new document'
 * @returns {Promise<string | null>} why the run is broken; null: the title page completed
 */
export async function clickOutcome(page, { completed, reloaded, timeoutMs, title }) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const outcome = await Promise.race([
    completed,
    reloaded,
    new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (outcome === 'new document') {
    await page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => {});
    const seen = await page.evaluate(describePage).catch(() => null);
    return `the click loaded a new document (no client-side navigation)${seen ? `; ${seenText(seen)}` : ''}`;
  }
  if (outcome === 'timeout') {
    const seen = await page.evaluate(describePage);
    const { headingAt } = await page.evaluate(() => /** @type {any} */ (window).__perfNav);
    return (
      `${headingAt === null ? `no <h1> "${title.name}" on screen` : 'the title page never completed'} ` +
      `${timeoutMs} ms after the click; ${seenText(seen)}`
    );
  }
  return null;
}

/**
 * What the page showed, in words (Node-side: describePage ran in the page).
 * @param {ReturnType<typeof describePage>} seen
 */
function seenText(seen) {
  return (
    `the page shows ${seen.path}, <h1> ${seen.headings.map((h) => JSON.stringify(h)).join(', ') || 'none'}, ` +
    `${seen.cards} cards, ${seen.placeholders} row placeholders, ${seen.busy} aria-busy`
  );
}
