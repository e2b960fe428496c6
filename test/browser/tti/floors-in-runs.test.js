// @ts-check
// perf:tti --floor / --react-floor in the real-Chromium runs: each floor load
// is checked for being what it claims before it counts (a page's own load, or
// a script-free page that runs one, is refused), and the whole path end to end
// on Marquee: both floors loaded in turn with the page, their lab TTI in ms and
// the page's ratios to them printed and written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../../../perf/lib/browser.js';
import { startFloorProxy } from '../../../perf/tti/lighthouse/floor-proxy.js';
import { checkNoScriptFloor, checkReactFloor, watchFloor } from '../../../perf/tti/runs/floors.js';
import { runNode } from '../../helpers/run-node.js';

const PAGE = `<!doctype html><html><head><link rel="modulepreload" href="/a.js"></head>
<body><div id="root"><button onclick="void 0">Hi</button></div>
<script type="module" src="/a.js"></script><script>window.inline = 1</script></body></html>`;

test('a floor load counts only when it is the floor it claims: the page itself is refused by both checks, its no-script floor passes', async () => {
  const site = createServer((req, res) => {
    if (req.url === '/a.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end('window.a = 1;');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (site.address());
  const floor = await startFloorProxy(`http://127.0.0.1:${port}/`);
  // A browser that cannot start leaves no server open behind it (the file would never end).
  const browser = await launchBrowser().catch(async (error) => {
    await floor.stop();
    site.close();
    throw error;
  });
  const evidenceOf = async (/** @type {string} */ url) => {
    const page = await browser.newPage();
    try {
      const read = watchFloor(page);
      await page.goto(url, { waitUntil: 'load' });
      return await read();
    } finally {
      await page.close();
    }
  };
  try {
    const page = await evidenceOf(`http://127.0.0.1:${port}/`);
    assert.deepEqual(page.scriptRequests, [`http://127.0.0.1:${port}/a.js`]);
    assert.equal(page.scriptElements, 2);
    assert.equal(page.inlineHandlers, 1);
    assert.match(
      String(checkNoScriptFloor(page)),
      /not script-free: 1 script\(s\) fetched .*2 <script> element.*1 inline/,
    );
    assert.match(
      String(checkReactFloor(page)),
      /not the React-only floor: no marquee:interactive mark, React does not own #root, none of its bundle .*1 script\(s\) of the page's fetched/,
    );

    // The floor proxy takes scripts and preloads out; the inline handler stays in the HTML, and counts.
    const floorPage = await evidenceOf(`${floor.url}/`);
    assert.deepEqual(floorPage.scriptRequests, []);
    assert.equal(floorPage.scriptElements, 0);
    assert.match(String(checkNoScriptFloor(floorPage)), /1 inline event handler/);
    assert.equal(checkNoScriptFloor({ ...floorPage, inlineHandlers: 0 }), null);
  } finally {
    await browser.close();
    await floor.stop();
    site.close();
  }
});

test('checkReactFloor passes a load that hydrated with its own bundle alone', () => {
  const hydrated = {
    scriptRequests: ['http://127.0.0.1:1/__react-floor/index-X.js', 'http://127.0.0.1:1/__react-floor/chunks/c.js'],
    scriptElements: 1,
    inlineHandlers: 0,
    interactiveMark: true,
    reactRoot: true,
  };
  assert.equal(checkReactFloor(hydrated), null);
  assert.match(String(checkReactFloor({ ...hydrated, reactRoot: false })), /React does not own #root/);
  assert.match(
    String(
      checkReactFloor({
        ...hydrated,
        scriptRequests: [...hydrated.scriptRequests, 'http://127.0.0.1:1/assets/nav.js'],
      }),
    ),
    /1 script\(s\) of the page's fetched \(http:\/\/127\.0\.0\.1:1\/assets\/nav\.js\)/,
  );
});

test(
  'perf:tti --floor --react-floor loads both floors in turn with Marquee, checks each, prints their lab TTI and the ratios',
  { timeout: 420_000 },
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'marquee-tti-floors-'));
    const json = path.join(dir, 'floors.json');
    try {
      const { code, stdout, stderr } = await runNode(
        [
          ...['--import', 'tsx', 'perf/tti/index.js', '--runs', '1', '--profile', 'none', '--json', json],
          ...['--floor', '--react-floor', '--lighthouse-runs', '1'],
        ],
        // VISITOR_STORE=memory: nothing written to the repo's data/.
        { env: { ...process.env, NODE_ENV: 'production', VISITOR_STORE: 'memory' }, timeoutMs: 400_000 },
      );
      assert.equal(code, 0, `perf:tti failed\n${stdout}\n${stderr}`);
      assert.match(stderr, /run 1\/1 floor \(no scripts\): .*checked: ran no script of the page/);
      assert.match(stderr, /run 1\/1 React-only floor: App TTI \d+ ms .*checked: hydrated, with its bundle alone/);
      assert.match(stdout, /The page against its floors, real Chromium/);
      assert.match(stdout, /\n {2}page \/ React-only floor +\d+\.\d\dx/);
      assert.match(stdout, /\n {2}page \/ floor \(no scripts\) +\d+\.\d\dx/);
      const result = JSON.parse(readFileSync(json, 'utf8'));
      const floors = Object.fromEntries(
        result.floorsInRuns.map((/** @type {{ key: string }} */ floor) => [floor.key, floor]),
      );
      for (const key of ['floor', 'reactFloor']) {
        assert.equal(floors[key].counted, 1, `${key}: its load passed the check`);
        assert.deepEqual(floors[key].refused, []);
        assert.ok(floors[key].summary.labTTI.median > 0, `${key}: a lab TTI in ms`);
        assert.equal(floors[key].methods.loaf, 1, `${key}: lab TTI by LoAF, as the page's own`);
        assert.equal(
          floors[key].ratio.labTTI,
          Math.round((result.summary.labTTI.median / floors[key].summary.labTTI.median) * 100) / 100,
        );
      }
      assert.ok(floors.reactFloor.summary.appTTI, 'the React-only floor marked its hydration');
      assert.equal(floors.floor.summary.appTTI, undefined, 'nothing hydrated on the no-script floor');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
