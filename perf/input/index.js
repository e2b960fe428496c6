// @ts-check
// npm run perf:input -- [--runs 12] [--compare DIR] [--url URL ...] [--floor] [--dpr 1] [--json FILE]
// Responsiveness while the page is still loading, in real headless Chromium:
// each run loads `/` afresh (catalog at 250 ± 25 ms), jumps to 30% of the
// page height, and clicks the first card's My List button to come into view
// while rows and their posters load; it reports click to next paint per
// click (Event Timing's duration, or a per-frame poll of aria-pressed under
// its 16 ms floor), and fails a run whose click did not toggle the button.
// With --compare DIR (another checkout, e.g. a worktree of the previous
// build) or several --url, runs alternate between them: on a shared, noisy
// machine only alternated runs compare. With --floor, each Marquee also with
// every poster refused (404), alternated: what the posters themselves add.
// Also: poster bytes in the first viewport.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { launchBrowser } from '../lib/browser.js';
import { readOptions } from './options.js';
import { buildClient, startMarquee } from '../lib/marquee-server.js';
import { measureClick } from './run.js';
import { measurePosterBytes } from './bytes.js';
import { distribution } from '../lib/stats.js';
import { format } from '../lib/format.js';
import { runTool } from '../lib/run-tool.js';

const options = readOptions(process.argv.slice(2));
const progress = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);

await runTool('perf:input', async (onStop) => {
  // ── The Marquees under test ─────────────────────────────────────────────────
  /** @type {{ label: string, url: string, noPosters?: boolean, stop?: () => Promise<void> }[]} */
  const targets = options.urls.map((url) => ({ label: url, url }));
  const stopAll = async () => {
    await browser?.close().catch(() => {});
    await Promise.all(targets.map((target) => target.stop?.()));
  };
  onStop(stopAll);
  /** @type {import('playwright-core').Browser | null} */
  let browser = null;

  const env = { CATALOG_LATENCY_MS: String(options.latencyMs), CATALOG_JITTER_MS: String(options.jitterMs) };
  const roots = [...(options.urls.length === 0 ? [undefined] : []), ...(options.compare ? [options.compare] : [])];
  for (const root of roots) {
    progress(`perf:input: building and starting Marquee from ${root ?? 'this checkout'} (NODE_ENV=production)…`);
    await buildClient(root);
    const server = await startMarquee({ env, root });
    targets.push({ label: root ?? 'this checkout', url: `${server.url}/`, stop: server.stop });
  }
  // The page's floor, in the same run: each Marquee again with its posters refused.
  if (options.floor)
    for (const target of [...targets])
      targets.push({ label: `${target.label}, no posters`, url: target.url, noPosters: true });
  progress(
    `perf:input: ${targets.map((t) => t.label).join(' vs ')} · ${options.runs} clicks each · ` +
      `${options.viewport.width}×${options.viewport.height} @${options.dpr}x · ${availableParallelism()} cores`,
  );

  // ── Runs, alternated ────────────────────────────────────────────────────────
  /** @type {Map<string, { clicks: import('./run.js').Click[], failures: string[], posterBytes: Record<string, unknown> }>} */
  const results = new Map(targets.map((t) => [t.label, { clicks: [], failures: [], posterBytes: {} }]));
  browser = await launchBrowser();
  const run = { ...options, url: '' };
  for (const target of targets) {
    const result = /** @type {any} */ (results.get(target.label));
    for (const dpr of options.skipBytes || target.noPosters ? [] : [1, 2])
      result.posterBytes[`${dpr}x`] = await measurePosterBytes(browser, {
        url: target.url,
        viewport: options.viewport,
        dpr,
      });
    // Clicks thrown away per Marquee: its first posters and rows are rendered cold.
    for (let i = 0; i < options.warmup; i += 1)
      await measureClick(browser, { ...run, url: target.url, noPosters: target.noPosters }).catch(() => {});
  }
  for (let i = 1; i <= options.runs; i += 1) {
    for (const target of i % 2 ? targets : [...targets].reverse()) {
      const result = /** @type {any} */ (results.get(target.label));
      try {
        const click = await measureClick(browser, { ...run, url: target.url, noPosters: target.noPosters });
        result.clicks.push(click);
        progress(
          `  ${i}/${options.runs} ${target.label}: ${format(click.ms, 'ms')} (${click.source}` +
            `${click.breakdown ? `: ${click.breakdown.event} waited ${click.breakdown.inputDelay}, ran ${click.breakdown.processing}, painted after ${click.breakdown.presentation}` : ''}; ` +
            `in view after ${click.inViewAfterMs} ms; ${click.postersLoading}/${click.postersInPage} posters loading)`,
        );
      } catch (error) {
        result.failures.push(error.message);
        progress(`  ${i}/${options.runs} ${target.label}: FAILED: ${error.message}`);
      }
    }
  }
  await stopAll();

  // ── Summary ─────────────────────────────────────────────────────────────────
  const summary = targets.map(({ label }) => {
    const { clicks, failures, posterBytes } = /** @type {any} */ (results.get(label));
    return {
      label,
      clickToPaint: distribution(clicks.map((/** @type {any} */ c) => c.ms)),
      eventTiming: clicks.filter((/** @type {any} */ c) => c.source === 'event-timing').length,
      postersLoading: distribution(clicks.map((/** @type {any} */ c) => c.postersLoading)),
      failures: failures.length,
      posterBytes,
    };
  });
  console.log(`\nclick → next paint (My List pressed) while rows and posters load`);
  for (const s of summary) {
    const d = s.clickToPaint;
    console.log(
      `  ${s.label}: ` +
        (d
          ? `median ${format(d.median, 'ms')} · p90 ${format(d.p90, 'ms')} · min ${format(d.min, 'ms')} · max ${format(d.max, 'ms')} ` +
            `(n ${d.n}; ${s.eventTiming} by Event Timing, the rest by frame poll; posters loading at the click: median ${s.postersLoading?.median})`
          : 'no click measured') +
        (s.failures ? ` · ${s.failures} FAILED` : ''),
    );
    for (const [dpr, b] of Object.entries(s.posterBytes))
      console.log(
        `    posters in the first viewport @${dpr}: ${b.images} images, ${b.bytes} B (${b.types.join(', ')})`,
      );
  }
  if (options.json) {
    mkdirSync(path.dirname(path.resolve(options.json)), { recursive: true });
    const document = {
      options,
      environment: { cores: availableParallelism(), node: process.version },
      targets: targets.map(({ label, url }) => ({ label, url, ...results.get(label) })),
      summary,
    };
    writeFileSync(options.json, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`\nwrote ${options.json}`);
  }
  // A click that did not toggle is a broken page, not a slow one: the run fails.
  if (summary.some((s) => s.failures > 0 || !s.clickToPaint)) process.exitCode = 1;
});
