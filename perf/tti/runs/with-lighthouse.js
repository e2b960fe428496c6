// @ts-check
// perf:tti's in-page loads with Lighthouse's rounds between them: in-page round
// i, then Lighthouse's round i, then in-page round i + 1, … The ratio "in-page lab
// TTI / Lighthouse interactive" compares loads made at the same machine load only
// so: with every Lighthouse round after the last load, the two methods' loads were
// minutes apart on a shared machine, at another load (docs/measuring-tti.md).
// Lighthouse rounds past --runs follow the last in-page round; in-page rounds
// past --lighthouse-runs go on without one.
import { measureRuns } from './loads.js';

/**
 * @param {import('playwright-core').Browser} browser
 * @param {Parameters<typeof measureRuns>[1]} plan
 * @param {{ runRound: (i: number) => Promise<void> } | null} lighthouse
 *   ../lighthouse/index.js's startLighthouse (null: without --lighthouse)
 * @returns {ReturnType<typeof measureRuns>}
 */
export async function measureRunsWithLighthouse(browser, plan, lighthouse) {
  if (!lighthouse) return measureRuns(browser, plan);
  const { runs: inPage, lighthouseRuns } = plan.options;
  const measured = await measureRuns(browser, {
    ...plan,
    afterRound: async (i) => {
      if (i <= lighthouseRuns) await lighthouse.runRound(i);
    },
  });
  for (let i = inPage + 1; i <= lighthouseRuns; i += 1) await lighthouse.runRound(i);
  return measured;
}
