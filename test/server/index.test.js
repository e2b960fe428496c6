// @ts-check
// The real entry point, from its source (server/index.js through tsx, as
// `npm run dev` runs it) and as `npm start` runs it (the production bundle
// dist/server.js, plain node): it starts the catalog as its own child process
// (here over TLS, its self-signed certificate pinned, never trusted blindly),
// serves the home page and /model.json from it, and stops the catalog when it stops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { buildServer } from '../../server/build.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const ENTRIES = [
  {
    name: 'server/index.js (source, through tsx)',
    args: async () => ['--import', 'tsx', 'server/index.js'],
    env: 'test',
  },
  {
    name: 'dist/server.js (the production bundle, plain node)',
    args: async () => ['--enable-source-maps', path.relative(ROOT, await buildServer())],
    env: 'production',
  },
];

for (const entry of ENTRIES) {
  test(`${entry.name} serves / and /model.json from the catalog it starts, and stops that catalog on SIGTERM`, async () => {
    const app = spawn(process.execPath, await entry.args(), {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: entry.env,
        LOG_LEVEL: 'silent',
        WORKERS: '1',
        PORT: '0',
        HOST: '127.0.0.1',
        CATALOG_URL: '',
        CATALOG_TLS: '1',
        // Production waits 5 s for a load balancer before it stops; test/server/drain.test.js covers the drain.
        DRAIN_DELAY_MS: '0',
        // Not about visitor data: the catalog keeps it in memory, never in the repo's data/.
        VISITOR_STORE: 'memory',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => app.once('exit', (code, signal) => resolve({ code, signal })));
    let output = '';
    app.stderr?.on('data', (chunk) => (output += chunk));
    try {
      const { url, catalogUrl } = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not listening within 30 s:\n${output}`)), 30_000);
        app.stdout?.on('data', (chunk) => {
          output += chunk;
          const found = /listening on (http:\/\/[\d.]+:\d+) \(catalog (https:\/\/[\d.]+:\d+)/.exec(output);
          if (found) {
            clearTimeout(timer);
            resolve({ url: found[1], catalogUrl: found[2] });
          }
        });
        app.once('exit', (code) => reject(new Error(`${entry.name} exited (code ${code}):\n${output}`)));
      });

      const paths = JSON.stringify([['lists', { from: 0, to: 2 }, 'name']]);
      const response = await fetch(`${url}/model.json?method=get&paths=${encodeURIComponent(paths)}`);
      assert.equal(response.status, 200, 'the app must reach its TLS catalog through the pinned certificate');
      const { jsonGraph } = await response.json();
      for (const i of [0, 1, 2]) assert.equal(typeof jsonGraph.lists[i].name, 'string', `lists[${i}].name`);
      const home = await fetch(url);
      assert.equal(home.status, 200);
      const html = await home.text();
      for (const i of [0, 1, 2])
        assert.ok(html.includes(jsonGraph.lists[i].name), `row ${i} (${jsonGraph.lists[i].name}) rendered`);

      app.kill('SIGTERM');
      assert.deepEqual(await exited, { code: 0, signal: null }, 'SIGTERM is a clean stop');
      // Our own client (certificate checks off: this only asks whether anything still listens).
      const probe = new Agent({ connect: { rejectUnauthorized: false } });
      await assert.rejects(
        request(`${catalogUrl}/health`, { dispatcher: probe }),
        /ECONNREFUSED/,
        'the catalog child must stop with the app',
      );
      await probe.close();
    } finally {
      if (app.exitCode === null && app.signalCode === null) app.kill('SIGKILL');
    }
  });
}
