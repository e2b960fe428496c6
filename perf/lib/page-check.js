// @ts-check
// What a load level got, not only how fast it got it. Each answer's status
// counts, and about once a second the load generator looks at a page's body:
// Marquee's pages show cards (`<li class="card"`), as many as the healthy
// page had before the load. Pitfall: with CATALOG_TLS=1 the app once failed
// every certificate check, served its pages with 0 cards, and perf:load still
// reported "errors 0, 93.6 req/s". A level with broken pages, failed requests
// or upstream errors is a failed level, whatever its speed. 503s the overload
// guard sent (marquee_requests_shed_total) are the server saying "not now", on
// purpose: counted and shown, not failures.
import { matchRoute } from '../../shared/pages/registry.js';
import { fetchUnlessShed } from './visitors.js';

const CARD = /<li class="card"/g;

/**
 * @typedef {{ status: number, html: boolean, cards: number }} PageSample
 * @typedef {{ status: number, html: boolean, cards: number, bytes: number }} PageCheck
 */

/**
 * @param {string} body one answer's body
 * @returns {{ html: boolean, cards: number }}
 */
export function contentOf(body) {
  const html = /^\s*<!doctype html/i.test(body);
  return { html, cards: html ? (body.match(CARD)?.length ?? 0) : 0 };
}

/**
 * One GET of the page as the load will ask it (same visitor cookie).
 * @param {string} url absolute
 * @param {{ cookie?: string }} [options]
 * @returns {Promise<PageCheck>}
 */
export async function checkPage(url, { cookie } = {}) {
  const res = await fetchUnlessShed(new URL(url), {
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(30_000),
  });
  const body = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(body), ...contentOf(body) };
}

/**
 * The page at its best of a few tries before the load: its cards are what
 * every sampled page must show (a first answer may lack a row a cold cache or
 * a flaky catalog did not fill).
 * @param {string} url absolute
 * @param {{ cookie?: string, tries?: number }} [options]
 * @returns {Promise<PageCheck>}
 */
export async function bestOfChecks(url, { cookie, tries = 3 } = {}) {
  let best = await checkPage(url, { cookie });
  for (let i = 1; i < tries && preflightProblem(best, new URL(url).pathname) !== null; i++) {
    const next = await checkPage(url, { cookie });
    if (next.status >= 200 && next.status < 300 && next.cards >= best.cards) best = next;
  }
  return best;
}

/**
 * Is the page fit to be measured at all, before any load?
 * @param {PageCheck} check
 * @param {string} path the load's path
 * @returns {string | null} why not
 */
export function preflightProblem(check, path) {
  if (check.status < 200 || check.status >= 300) return `GET ${path} answered ${check.status}`;
  // Only the app's own pages promise cards; any other path is judged by its status.
  if (isCardPage(path) && check.html && check.cards === 0)
    return `GET ${path} answered ${check.status} with 0 cards: the page is broken before any load (its catalog failing or unreachable? an https catalog needs CATALOG_CA)`;
  return null;
}

/**
 * The cards every sampled page must show: the healthy page's, and at least
 * one on the app's own pages even when no healthy page was seen (--allow-broken).
 * @param {PageCheck} check
 * @param {string} path
 * @returns {number} 0: not a card page, statuses only
 */
export function expectedCardsOf(check, path) {
  if (!check.html || !isCardPage(path)) return 0;
  return Math.max(1, check.cards);
}

/** @param {string} path */
function isCardPage(path) {
  return matchRoute(new URL(path, 'http://x').pathname) !== null;
}

/**
 * The samples of a level that show a broken page: a status outside 2xx, or
 * fewer cards than the healthy page had. A 503 is judged by the level's
 * counts instead: it may be the overload guard's (see levelFailures).
 * @param {PageSample[]} samples
 * @param {number} expectedCards the healthy page's cards (0: not a card page)
 */
export function brokenSamples(samples, expectedCards) {
  return samples.filter((s) =>
    s.status >= 200 && s.status < 300 ? expectedCards > 0 && s.html && s.cards < expectedCards : s.status !== 503,
  );
}

/**
 * Why a level failed, in words; empty when it did not.
 * @param {{
 *   errors: number, timeouts: number, non2xx: number, statusCodes: Record<string, number>,
 *   pagesSampled: number, pagesBroken: number, cardsMin: number | null, expectedCards: number,
 *   upstreamErrors: number | null, shed: number | null,
 * }} level shed: 503s the overload guard counted (null: no /metrics)
 * @returns {string[]}
 */
export function levelFailures(level) {
  const failures = [];
  const shed = level.shed ?? 0;
  if (level.non2xx - shed > 0) {
    const codes = Object.entries(level.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, count]) => `${code}: ${count}`)
      .join(', ');
    failures.push(`${level.non2xx - shed} answers not 2xx${shed > 0 ? ` besides ${shed} shed` : ''} (${codes})`);
  }
  if (level.pagesBroken > 0)
    failures.push(
      `${level.pagesBroken} of ${level.pagesSampled} sampled pages broken (fewest cards ${level.cardsMin ?? '-'}, healthy page ${level.expectedCards})`,
    );
  if (level.upstreamErrors) failures.push(`${level.upstreamErrors} upstream errors (marquee_upstream_errors_total)`);
  if (level.errors > 0) failures.push(`${level.errors} requests failed`);
  if (level.timeouts > 0) failures.push(`${level.timeouts} requests timed out`);
  return failures;
}
