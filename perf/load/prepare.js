// @ts-check
// What perf/load/index.js does to the started targets before it measures: primes
// their caches, signs in the visitors, checks each page is whole (a fast
// broken page is no result) and warms them up.
import { bestOfChecks, expectedCardsOf, preflightProblem } from '../lib/page-check.js';
import { measureRun } from './level.js';
import { returningVisitors } from '../lib/visitors.js';

/**
 * @param {{
 *   targets: import('../lib/targets.js').Target[],
 *   options: ReturnType<typeof import('./options.js').readOptions>,
 *   cpus: ReturnType<typeof import('../lib/cpus.js').planCpus>,
 * }} run
 * @returns {Promise<{ cookies: Record<string, string[] | undefined>, expectedCards: Record<string, number> }>}
 *   by target name: the visitors' cookies (none for first visits), the cards every sampled page must show
 */
export async function prepareTargets({ targets, options, cpus }) {
  // ── Primed caches: the pages a running site would have served (--prime) ──
  for (const t of targets) {
    for (const p of options.prime) await (await fetch(new URL(p, t.url))).arrayBuffer();
  }
  if (options.prime.length > 0) console.log(`  primed: ${options.prime.length} paths asked once of each app`);

  // ── Visitors: returning (a signed cookie and a list each) or first visits ──
  const maxConnections = Math.max(...options.levels);
  /** @type {Record<string, string[] | undefined>} */
  const cookies = {};
  if (options.visitors === 'returning') {
    const made = await Promise.all(targets.map((t) => returningVisitors(t.url, Math.min(maxConnections, 50))));
    targets.forEach((t, i) => (cookies[t.name] = made[i]));
  }
  console.log(
    options.visitors === 'returning'
      ? `  visitors: returning (${cookies[targets[0].name]?.length} each with 3 titles in My List, one per connection)`
      : '  visitors: new (no cookie: every request a first visit)',
  );

  // ── Before any load: is each page whole? (lib/page-check.js) ────────────
  /** @type {Record<string, number>} the healthy page's cards, which every sampled page must show */
  const expectedCards = {};
  for (const t of targets) {
    const check = await bestOfChecks(new URL(options.path, t.url).href, { cookie: cookies[t.name]?.[0] });
    const problem = preflightProblem(check, options.path);
    if (problem && !options.allowBroken) throw new Error(`${t.name}: ${problem} (--allow-broken measures it anyway)`);
    if (problem) console.error(`  ${t.name}: BROKEN before the load: ${problem}`);
    expectedCards[t.name] = expectedCardsOf(check, options.path);
    console.log(
      `  ${t.name}: ${check.status}, ${check.bytes} bytes${check.html ? `, ${check.cards} cards (every sampled page must show them)` : ''}`,
    );
  }
  // The baseline must do the same work: the same cards on its page.
  if (options.baseline) {
    const [a, b] = [expectedCards.A, expectedCards.B];
    if (a === 0 || a !== b)
      throw new Error(`Marquee's page has ${a} cards, the baseline's ${b}: they must show the same`);
    console.log(`  both pages show ${a} cards`);
  }

  // ── Warm-up: JIT, keep-alive sockets, template caches ───────────────────
  for (const t of targets) {
    if (options.warmup > 0) {
      await measureRun({
        url: t.url,
        path: options.path,
        concurrency: 10,
        duration: options.warmup,
        cpus: cpus.generator,
        scrapeMetrics: false,
        cookies: cookies[t.name],
      });
    }
  }
  return { cookies, expectedCards };
}
