// @ts-check
// npm run perf:tti end to end: builds and starts Marquee, drives Chromium
// twice, writes the JSON and the chart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNode } from '../../helpers/run-node.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

test(
  'perf:tti --runs 2 --profile none --json FILE --trace measures Marquee, writes the summary and traces, and sums up the TTI window',
  { timeout: 180_000 },
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'marquee-tti-'));
    const json = path.join(dir, 'tti.json');
    try {
      const { code, stdout, stderr } = await runNode(
        [...['--import', 'tsx', 'perf/tti/index.js', '--runs', '2', '--profile', 'none', '--json', json], '--trace'],
        // VISITOR_STORE=memory: nothing written to the repo's data/.
        { env: { ...process.env, NODE_ENV: 'production', VISITOR_STORE: 'memory' } },
      );
      assert.equal(code, 0, `perf:tti failed\n${stderr}`);
      assert.match(stdout, /App TTI\s+2\/2/, 'the table lists App TTI for both runs');

      const result = JSON.parse(readFileSync(json, 'utf8'));
      assert.equal(result.runs.length, 2);
      assert.equal(result.profile.name, 'none');
      for (const key of ['appTTI', 'labTTI', 'tbt', 'fcp', 'lcp', 'cls', 'ttfb']) {
        const d = result.summary[key];
        assert.ok(d, `summary.${key} is missing`);
        for (const stat of ['min', 'median', 'p90', 'max'])
          assert.equal(typeof d[stat], 'number', `summary.${key}.${stat}`);
        assert.ok(d.min <= d.median && d.median <= d.max, `summary.${key} is ordered`);
      }
      assert.ok(result.summary.appTTI.median > result.summary.ttfb.median, 'App TTI comes after the first byte');
      for (const run of result.runs) {
        assert.ok(run.jsBytes > run.jsGzipBytes && run.jsGzipBytes > 0, 'JS bytes raw and gzip');
        assert.ok(run.htmlBytes > 1000 && run.requests > 2);
      }
      assert.ok(existsSync(path.join(dir, 'tti.svg')), 'the chart is written next to the JSON');
      const entry = JSON.parse(readFileSync(path.join(ROOT, 'dist/client/manifest.json'), 'utf8')).entry;
      for (const run of [1, 2]) {
        // Beside --json: FILE-traces/ (tti.json → tti-traces/).
        const trace = JSON.parse(readFileSync(path.join(dir, 'tti-traces', `run-${run}.json`), 'utf8'));
        const events = Array.isArray(trace) ? trace : trace.traceEvents;
        assert.ok(
          events.some(
            (/** @type {any} */ e) =>
              e.name === 'navigationStart' &&
              new URL(e.args?.data?.documentLoaderURL || 'about:blank').pathname === '/',
          ),
          `run ${run}'s trace holds the page's navigation`,
        );
        assert.ok(
          events.some((/** @type {{ name?: string }} */ e) => e.name === 'marquee:interactive'),
          `run ${run}'s trace holds the hydration mark`,
        );
        const window = result.traceWindows.runs.find((/** @type {{ run: number }} */ w) => w.run === run);
        assert.equal(window.ok, true, `run ${run}'s trace is the measured load: ${window.problems}`);
        assert.ok(
          window.requests.some((/** @type {{ path: string }} */ r) => r.path === entry),
          `run ${run}: the entry script ${entry} is among the requests before TTI`,
        );
        assert.match(stdout, new RegExp(`run ${run}: TTI \\d+ ms \\(marquee:interactive\\): \\d+ requests before it`));
      }
      assert.ok(stdout.includes(`Script     ${entry}`), 'the median run lists the entry script among its requests');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
