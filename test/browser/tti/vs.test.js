// @ts-check
// perf:tti --vs URL: two pages measured alternately in one run, each with its
// own table, and the ratio of their medians. Two small pages of the test's own,
// one with a long task on load, so the ratio has something real to show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BUSY_MS = 400;

test(
  "perf:tti --vs measures both pages alternately and prints B / A; --trace finds B's long task",
  { timeout: 180_000 },
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'marquee-tti-vs-'));
    const page = createServer((req, res) => {
      // /busy blocks its main thread once, after its first paint: a long task the quiet page lacks.
      const script =
        req.url === '/busy'
          ? `<script>addEventListener('load', () => setTimeout(() => { const end = performance.now() + ${BUSY_MS}; while (performance.now() < end); }, 300));</script>`
          : '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>vs</title><h1>A page</h1>${script}`);
    });
    page.listen(0, '127.0.0.1');
    await once(page, 'listening');
    const { port } = /** @type {import('node:net').AddressInfo} */ (page.address());
    const json = path.join(dir, 'vs.json');
    try {
      const { code, stdout, stderr } = await new Promise((resolve) => {
        execFile(
          process.execPath,
          [
            ...['--import', 'tsx', 'perf/tti/index.js', '--url', `http://127.0.0.1:${port}/quiet`],
            ...['--vs', `http://127.0.0.1:${port}/busy`, '--runs', '1', '--profile', 'none', '--json', json],
            '--trace',
          ],
          { cwd: ROOT, timeout: 170_000 },
          (error, out, err) => resolve({ code: error ? (error.code ?? 'killed') : 0, stdout: out, stderr: err }),
        );
      });
      assert.equal(code, 0, `perf:tti failed\n${stdout}\n${stderr}`);
      assert.match(stderr, /run 1\/1 A: /);
      assert.match(stderr, /run 1\/1 B: /);
      assert.match(stdout, /B: http:\/\/127\.0\.0\.1:\d+\/busy/);
      assert.match(stdout, /ratio B \/ A of the medians: /);
      const result = JSON.parse(readFileSync(json, 'utf8'));
      assert.equal(result.runs.length, 1);
      assert.equal(result.vs.runs.length, 1);
      assert.ok(
        result.vs.summary.tbt.median >= BUSY_MS - 50 - 60,
        `B's long task counts as blocking time (${result.vs.summary.tbt.median} ms)`,
      );
      // Not 0: since lab TTI counts rendering (LoAF), a busy machine's first frame can run past 50 ms
      // on the quiet page too (11.5 ms of blocking seen in a CI-like run), still far below B's task.
      assert.ok(
        result.summary.tbt.median < 50,
        `the quiet page blocks next to nothing (${result.summary.tbt.median} ms)`,
      );

      // --trace on pages that do not mark hydration: each side's window ends at its lab TTI.
      const [a] = result.traceWindows.A;
      const [b] = result.traceWindows.B;
      for (const side of [a, b]) {
        assert.equal(side.ok, true, `the trace is the measured load: ${side.problems}`);
        assert.equal(side.tti.source, 'lab TTI (in page)');
      }
      assert.match(a.file, /vs-traces[/\\]run-1A\.json$/);
      // Either may have other long tasks, the injected measurement's evaluation
      // first (on a loaded machine as long as B's own: a CI run found that one
      // first), so the timer's task is looked for by what ran it.
      const timerTaskOf = (/** @type {{ durationMs: number, work: string | null }[]} */ tasks) =>
        tasks.find((t) => t.durationMs >= BUSY_MS - 50 && t.work === 'TimerFire');
      assert.equal(timerTaskOf(a.longTasks), undefined, 'the quiet page runs no timer that long');
      assert.ok(
        timerTaskOf(b.longTasks),
        `B's trace holds its long task, attributed to the timer that ran it: ${JSON.stringify(b.longTasks)}`,
      );
      assert.match(
        stdout,
        /run 1: TTI \d+ ms \(lab TTI \(in page\)\): \d+ requests before it .*long tasks: .*\d+ ms \(\d+ ms TimerFire \/busy\)/,
      );
    } finally {
      page.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
