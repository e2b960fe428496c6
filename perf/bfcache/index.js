// @ts-check
// npm run perf:bfcache -- [--url URL] [--env 'K=v ...'] [--page PATH ...] [--json FILE]
// Lighthouse's bf-cache audit on the pages a visitor comes Back to: `/`, a
// title page and a genre page (issue 27: pages answer `private, no-cache`,
// not `no-store`, and nothing on them blocks the back/forward cache). Each
// page is fetched first: a page that is not a 200 with cards is broken, and a
// broken page is no PASS. `--page /perf` (served `no-store`) shows a FAIL. Prints PASS or FAIL per page with Lighthouse's
// reasons and exits 1 on any FAIL or run that did not audit its page.
import { writeFileSync } from 'node:fs';
import { startOneMarquee } from '../lib/targets.js';
import { checkPage } from '../lib/page-check.js';
import { runTool } from '../lib/run-tool.js';
import { readOptions } from './options.js';
import { auditBfCache } from './audit.js';

const options = readOptions(process.argv.slice(2));
await runTool('perf:bfcache', main);

/** @param {(stop: () => Promise<unknown>) => void} onStop */
async function main(onStop) {
  const target = await startOneMarquee({ url: options.url, env: options.env, onStart: onStop });
  const title = await firstLink(target.url, '/', 'title');
  const genre = await firstLink(target.url, title, 'genre');
  const paths = ['/', title, genre, ...options.extra];
  console.log(`perf:bfcache: Lighthouse's bf-cache audit on ${target.url} (${paths.join(', ')})`);
  /** @type {{ path: string, pass: boolean, reasons: import('./report.js').Reason[] }[]} */
  const results = [];
  let version = '';
  for (const path of paths) {
    const url = new URL(path, target.url).href;
    const page = await checkPage(url);
    // Marquee's own pages show cards; a --page of another kind (e.g. /perf) need only be HTML.
    const needsCards = !options.extra.includes(path);
    if (page.status !== 200 || !page.html || (needsCards && page.cards === 0))
      throw new Error(`${path} is broken (status ${page.status}, ${page.cards} cards): no audit of a broken page`);
    const result = await auditBfCache(url);
    if (!result.ok) throw new Error(`${path}: ${result.error}`);
    version = result.version;
    results.push({ path, pass: result.pass, reasons: result.reasons });
    console.log(`  ${result.pass ? 'PASS' : 'FAIL'}  ${path}`);
    for (const r of result.reasons)
      console.log(`        ${r.failureType}: ${r.reason}${r.protocolReason ? ` (${r.protocolReason})` : ''}`);
  }
  const failed = results.filter((r) => !r.pass).length;
  console.log(`Lighthouse ${version}: ${results.length - failed} of ${results.length} pages pass`);
  if (options.json) writeFileSync(options.json, JSON.stringify({ url: target.url, version, results }, null, 2));
  if (failed > 0) process.exitCode = 1;
}

/**
 * The first link of a kind on a page (`/title/…` or `/genre/…`), from its HTML as served.
 * @param {string} base
 * @param {string} path
 * @param {'title' | 'genre'} kind
 */
async function firstLink(base, path, kind) {
  const html = await (await fetch(new URL(path, base))).text();
  const found = html.match(new RegExp(`href="(/${kind}/[^"/]+)"`));
  if (!found) throw new Error(`${path} links to no /${kind}/ page`);
  return found[1];
}
