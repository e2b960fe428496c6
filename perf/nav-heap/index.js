// @ts-check
/* global document -- page.evaluate and waitForFunction bodies run in the page */
// npm run perf:nav-heap -- [--walk back-and-next|more-like-this|home-and-more] [--navs 500] [--every 50]
//   [--url URL] [--env 'K=v ...'] [--json FILE] [--snapshots DIR]
// What a long session costs in memory: from `/`, client navigations each to a
// title never opened before, with prefetch as configured. The default walk
// clicks a card link on the current page, and when none is new goes Back, on
// to a genre's next page, home, or hops through titles already opened
// (./walk.js); --walk more-like-this clicks only a title page's "more like
// this" cards, and goes home when none is new (./walk-more-like-this.js);
// --walk home-and-more clicks the first new card of any page, and goes home
// through the masthead, scrolling its rows, when none is (./walk-home-and-more.js).
// Every `--every` navigations: forced GC twice (CDP), then the JS heap in use.
// Prints the heap per step and its growth from the first step to the last
// (target: within 1.10x from the 50th navigation to the 200th, issues 19 and
// 27). A navigation that did not show the clicked title's heading, or that
// reloaded the page, is broken: the run says so and exits 1. With
// --snapshots, a heap snapshot at each step too (DevTools' Memory panel
// compares two: what the session kept between them), and the heap split into
// compiled code, JS objects and native objects: a heap that grows in code
// only is the JIT warming up, not the app keeping data.
import { writeFileSync } from 'node:fs';
import { launchBrowser } from '../../test/helpers/browser.js';
import { startOneMarquee } from '../lib/targets.js';
import { readOptions } from './options.js';
import { runTool } from '../lib/run-tool.js';
import { writeSnapshot } from './heap-snapshot.js';
import { formatDiff, heapDiff } from './heap-diff.js';
import { unseenCard } from './walk.js';
import { moreLikeThisCard } from './walk-more-like-this.js';
import { homeAndMoreCard } from './walk-home-and-more.js';

const WALK_TO = { 'back-and-next': unseenCard, 'more-like-this': moreLikeThisCard, 'home-and-more': homeAndMoreCard };
const { values, navs, every, env, walk } = readOptions(process.argv.slice(2));
const nextCard = WALK_TO[walk];

/** Navigations to titles already opened, made only to reach new ones. */
let hops = 0;
await runTool('perf:nav-heap', main);

/** @param {(stop: () => Promise<unknown>) => void} onStop */
async function main(onStop) {
  const target = await startOneMarquee({ url: values.url, env: env, onStart: onStop });
  const browser = await launchBrowser();
  onStop(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1800, height: 1300 } });
  const cdp = await page.context().newCDPSession(page);
  const home = new URL('/', target.url).href;
  await page.goto(home);
  await interactive(page);
  // A reload starts a new time origin: every navigation must keep this one (client-side, no reload).
  const timeOrigin = await page.evaluate(() => performance.timeOrigin);

  /** @type {({ navigations: number, hops: number, heapKB: number } & Partial<import('./heap-snapshot.js').HeapKinds>)[]} */
  const steps = [];
  /** @type {Map<string, import('./heap-diff.js').Group>[]} the first and the last snapshot's groups */
  const groups = [];
  const seen = new Set();
  const measure = async (/** @type {number} */ n) => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = /** @type {{ usedSize: number }} */ (await cdp.send('Runtime.getHeapUsage'));
    const snapshot = values.snapshots ? await writeSnapshot(cdp, values.snapshots, n) : null;
    steps.push({ navigations: n, hops, heapKB: Math.round(usedSize / 1024), ...snapshot?.kinds });
    if (snapshot) groups.splice(Math.min(groups.length, 1), 1, snapshot.groups);
    const split = snapshot
      ? ` · snapshot: code ${snapshot.kinds.codeKB} KB, JS objects ${snapshot.kinds.objectsKB} KB, native ${snapshot.kinds.nativeKB} KB (${snapshot.file})`
      : '';
    console.log(
      `  ${String(n).padStart(5)} navigations: heap ${Math.round(usedSize / 1024)} KB (${hops} hops)${split}`,
    );
  };
  console.log(`perf:nav-heap: ${navs} client navigations to new titles (${walk} walk) on ${target.url} ${values.env}`);
  for (let n = 1; n <= navs; n += 1) {
    const link = await nextCard(page, seen, () => (hops += 1));
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
    if ((await page.evaluate(() => performance.timeOrigin)) !== timeOrigin)
      throw new Error(`BROKEN: navigation ${n} to ${link.path} reloaded the page (not a client-side navigation)`);
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
  if (groups.length === 2)
    console.log(
      `what grew from navigation ${first.navigations} to navigation ${last.navigations}, by constructor (count, self size; change):\n` +
        formatDiff(heapDiff(groups[0], groups[1], 12)),
    );
  if (values.json)
    writeFileSync(
      values.json,
      `${JSON.stringify({ at: new Date().toISOString(), walk, env, steps, growth }, null, 2)}\n`,
    );
}

/** @param {import('playwright-core').Page} page */
async function interactive(page) {
  await page.waitForFunction(() => performance.getEntriesByName('marquee:interactive').length > 0, null, {
    timeout: 15_000,
  });
}
