// @ts-check
/* global document, location -- page.evaluate and waitForFunction bodies run in the page */
// npm run perf:nav-heap -- [--navs 500] [--every 50] [--url URL] [--env 'K=v ...'] [--json FILE] [--snapshots DIR]
// What a long session costs in memory: from `/`, client navigations each to a
// title never opened before (a card link clicked on the current page; home
// again, or hops through genre pages and titles already opened, when none is new), with
// prefetch as configured. Every
// `--every` navigations: forced GC twice (CDP), then the JS heap in use.
// Prints the heap per step and its growth from the
// first step to the last (target: flat within 10%, issue 19). A navigation
// that did not show the clicked title's heading is broken: the run says so
// and exits 1. With --snapshots, a heap snapshot at each step too (DevTools'
// Memory panel compares two: what the session kept between them), and the
// heap split into compiled code, JS objects and native objects: a heap that
// grows in code only is the JIT warming up, not the app keeping data.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../test/helpers/browser.js';
import { buildClient } from './lib/tti-server.js';
import { startTargets } from './lib/targets.js';
import { parseEnv } from './lib/options.js';
import { writeSnapshot } from './lib/heap-snapshot.js';

const { values } = parseArgs({
  options: {
    navs: { type: 'string', default: '500' },
    every: { type: 'string', default: '50' },
    url: { type: 'string' },
    env: { type: 'string', default: '' },
    json: { type: 'string' },
    snapshots: { type: 'string' },
  },
});
const navs = Number(values.navs);
const every = Number(values.every);
/** @type {string[]} */
const problems = [];
const env = parseEnv(values.env, problems);
if (!Number.isInteger(navs) || navs < 1 || navs > 5000) problems.push(`--navs must be 1 to 5000, got ${values.navs}`);
if (!Number.isInteger(every) || every < 1 || every > navs)
  problems.push(`--every must be 1 to --navs, got ${values.every}`);
if (problems.length > 0) {
  console.error(`perf:nav-heap: ${problems.join('; ')}`);
  process.exit(2);
}

/** @type {(() => Promise<unknown>)[]} */
const stops = [];
/** Navigations to titles already opened, made only to reach new ones. */
let hops = 0;
try {
  await main();
} catch (error) {
  console.error(`perf:nav-heap: ${error.message}`);
  process.exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}

async function main() {
  if (!values.url) await buildClient();
  const [target] = await startTargets({
    options: {
      url: values.url ?? null,
      env: { LOG_LEVEL: 'warn', ...env },
      vs: null,
      baseline: false,
      latencyMs: 0,
      jitterMs: 0,
    },
    cpus: { app: null, generator: null, note: 'no pinning' },
    onStart: (stop) => stops.push(stop),
  });
  const browser = await launchBrowser();
  stops.push(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1800, height: 1300 } });
  const cdp = await page.context().newCDPSession(page);
  const home = new URL('/', target.url).href;
  await page.goto(home);
  await interactive(page);

  /** @type {({ navigations: number, hops: number, heapKB: number } & Partial<import('./lib/heap-snapshot.js').HeapKinds>)[]} */
  const steps = [];
  const seen = new Set();
  const measure = async (/** @type {number} */ n) => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = /** @type {{ usedSize: number }} */ (await cdp.send('Runtime.getHeapUsage'));
    const snapshot = values.snapshots ? await writeSnapshot(cdp, values.snapshots, n) : null;
    steps.push({ navigations: n, hops, heapKB: Math.round(usedSize / 1024), ...snapshot?.kinds });
    const split = snapshot
      ? ` · snapshot: code ${snapshot.kinds.codeKB} KB, JS objects ${snapshot.kinds.objectsKB} KB, native ${snapshot.kinds.nativeKB} KB (${snapshot.file})`
      : '';
    console.log(
      `  ${String(n).padStart(5)} navigations: heap ${Math.round(usedSize / 1024)} KB (${hops} hops)${split}`,
    );
  };
  console.log(`perf:nav-heap: ${navs} client navigations to new titles on ${target.url} ${values.env}`);
  for (let n = 1; n <= navs; n += 1) {
    const link = await unseenCard(page, seen);
    if (!link) throw new Error(`after ${n - 1} navigations no card links to a title not opened yet`);
    seen.add(link.href);
    await page.locator(`a.card__link[href="${link.path}"]`).first().click();
    await page
      .waitForFunction(
        (name) => [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === name),
        link.name,
        {
          timeout: 15_000,
        },
      )
      .catch(() => {
        throw new Error(`BROKEN: navigation ${n} to ${link.path} never showed its heading "${link.name}"`);
      });
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 15_000 });
    if (n % every === 0) await measure(n);
  }
  const first = steps[0];
  const last = steps[steps.length - 1];
  const growth = last.heapKB / first.heapKB;
  console.log(
    `\nheap after forced GC: ${first.heapKB} KB at ${first.navigations}, ${last.heapKB} KB at ${last.navigations}: ` +
      `${growth.toFixed(2)}x (${(((last.heapKB - first.heapKB) * 1024) / Math.max(1, last.navigations - first.navigations)).toFixed(0)} bytes per title)`,
  );
  if (first.objectsKB !== undefined && last.objectsKB !== undefined)
    console.log(
      `of it, JS objects: ${first.objectsKB} KB to ${last.objectsKB} KB (${(last.objectsKB / first.objectsKB).toFixed(2)}x); ` +
        `compiled code: ${first.codeKB} KB to ${last.codeKB} KB`,
    );
  if (values.json)
    writeFileSync(values.json, `${JSON.stringify({ at: new Date().toISOString(), env, steps, growth }, null, 2)}\n`);
}

/** @param {import('playwright-core').Page} page */
async function interactive(page) {
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 15_000,
  });
}

/**
 * A card link on the page to a title not opened yet; else Back to the page
 * before, or on to its genre's next page; else home, scrolled
 * until one shows; else hops through titles already opened (their "more like
 * this" rows lead further), each hop a navigation of its own, not counted.
 * @param {import('playwright-core').Page} page
 * @param {Set<string>} seen
 * @returns {Promise<{ href: string, path: string, name: string } | null>}
 */
async function unseenCard(page, seen) {
  const find = () =>
    page.evaluate(
      (opened) => {
        for (const a of document.querySelectorAll('a.card__link')) {
          const link = /** @type {HTMLAnchorElement} */ (a);
          const name = link.closest('li.card')?.querySelector('.card__name')?.textContent?.trim();
          if (name && !opened.includes(link.href)) return { href: link.href, path: link.pathname, name };
        }
        return null;
      },
      [...seen],
    );
  const here = await find();
  if (here) return here;
  // Back to the page the title was opened from (a genre page, most often), or on to
  // that genre's next 30: as a visitor browses a list.
  const next = page.locator('a.pager__link[rel="next"]');
  for (let step = 0; step < 2; step += 1) {
    const from = await page.evaluate(() => location.pathname);
    if (step === 0) await page.goBack();
    else if ((await next.count()) > 0) await next.first().click();
    else break;
    await page.waitForFunction((p) => location.pathname !== p, from, { timeout: 15_000 });
    // (Home keeps its rows below the fold busy until they scroll into view: not waited for.)
    await page.waitForFunction(
      () => !document.querySelector('.title-page [aria-busy="true"], .genre-page [aria-busy="true"]'),
      null,
      { timeout: 15_000 },
    );
    hops += 1;
    const found = await find();
    if (found) return found;
  }
  await page.locator('a[href="/"]').first().click();
  await page.waitForFunction(() => location.pathname === '/' && !!document.querySelector('.home'));
  for (let i = 0; i < 30; i += 1) {
    const found = await find();
    if (found) return found;
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(150);
  }
  for (let hop = 0; hop < 60; hop += 1) {
    // A genre's next 30, a list's own page (a genre's best 30) or a title's genre
    // reach further than "more like this", whose first positions home already shows.
    const next = page.locator('a.pager__link[rel="next"]');
    const lists = page.locator('a.row__link, a.title__genre');
    const links =
      (await next.count()) > 0
        ? next
        : (await lists.count()) > 0 && Math.random() < 0.7
          ? lists
          : page.locator('a.card__link');
    const count = await links.count();
    if (count === 0) return null;
    const link = links.nth(Math.floor(Math.random() * count));
    const path = await link.evaluate((a) => /** @type {HTMLAnchorElement} */ (a).pathname);
    await link.click();
    await page.waitForFunction((p) => location.pathname === p, path, { timeout: 15_000 });
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 15_000 });
    hops += 1;
    const found = await find();
    if (found) return found;
  }
  return null;
}
