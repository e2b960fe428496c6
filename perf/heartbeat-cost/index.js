// @ts-check
// npm run perf:heartbeat-cost -- [--seconds 10] [--rounds 3]
// What the page head's frame heartbeat (client/measure/heartbeat-snippet.js)
// costs while it runs: in headless Chromium, an idle page with and without it
// (alternated, --rounds each), main-thread task time and script time per
// second from CDP Performance.getMetrics; and its size in the page, raw and gzip.
// The heartbeat runs only where there are no Long Tasks (Firefox, Safari);
// here both APIs are hidden from the page so that it does.
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../../test/helpers/browser.js';
import { HEARTBEAT_SNIPPET } from '../../client/measure/heartbeat-snippet.js';
import { hideLongTaskApis } from './hide-long-tasks.js';
import { runTool } from '../lib/run-tool.js';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, rounds: { type: 'string', default: '3' } },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
if (!(seconds >= 1 && seconds <= 120) || !(Number.isInteger(rounds) && rounds >= 1 && rounds <= 20)) {
  console.error('perf:heartbeat-cost: --seconds 1..120, --rounds 1..20');
  process.exit(2);
}

// A still page: nothing of its own runs, so what the heartbeat costs is all there is.
const PAGE = `<!doctype html><meta charset="utf-8"><title>idle</title><p>An idle page.</p>`;

await runTool('perf:heartbeat-cost', async (onStop) => {
  const tag = `<script>${HEARTBEAT_SNIPPET}</script>`;
  console.log(
    `heartbeat in the page: ${Buffer.byteLength(tag)} B raw, ${gzipSync(tag).length} B gzip alone ` +
      '(in the page, gzip with the rest of the HTML costs less)',
  );
  const browser = await launchBrowser();
  onStop(() => browser.close());
  /** @type {Record<'off' | 'on', { taskMsPerS: number, scriptMsPerS: number }[]>} */
  const results = { off: [], on: [] };
  for (let round = 1; round <= rounds; round += 1) {
    for (const side of round % 2 ? /** @type {const} */ (['off', 'on']) : /** @type {const} */ (['on', 'off'])) {
      const page = await browser.newPage();
      await page.addInitScript(hideLongTaskApis);
      await page.route('http://idle.test/', (route) =>
        route.fulfill({ contentType: 'text/html', body: side === 'on' ? tag + PAGE : PAGE }),
      );
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      await page.goto('http://idle.test/');
      await page.waitForTimeout(500); // past the first paint
      const read = async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
      };
      const before = await read();
      const running = await page.evaluate('Boolean(window.__marqueeHeartbeat)');
      if (running !== (side === 'on')) throw new Error(`the heartbeat should be ${side} and is not`);
      await page.waitForTimeout(seconds * 1000);
      const after = await read();
      const elapsed = after.Timestamp - before.Timestamp;
      results[side].push({
        taskMsPerS: ((after.TaskDuration - before.TaskDuration) * 1000) / elapsed,
        scriptMsPerS: ((after.ScriptDuration - before.ScriptDuration) * 1000) / elapsed,
      });
      await page.close();
    }
  }
  const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const side of /** @type {const} */ (['off', 'on'])) {
    const task = median(results[side].map((r) => r.taskMsPerS));
    const script = median(results[side].map((r) => r.scriptMsPerS));
    console.log(
      `heartbeat ${side.padEnd(3)}: main-thread tasks ${task.toFixed(2)} ms/s, script ${script.toFixed(2)} ms/s ` +
        `(median of ${rounds} × ${seconds} s, idle page, headless Chromium)`,
    );
  }
});
