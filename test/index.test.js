// @ts-check
// The real entry point (server/index.js) as `npm start` runs it: it starts the
// catalog as its own child process (here over TLS, its self-signed
// certificate pinned, never trusted blindly), serves /model.json from it, and
// stops the catalog when it stops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

test('server/index.js serves /model.json from the catalog it starts, and stops that catalog on SIGTERM', async () => {
  const app = spawn(process.execPath, ['--import', 'tsx', 'server/index.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      WORKERS: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_URL: '',
      CATALOG_TLS: '1',
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
      app.once('exit', (code) => reject(new Error(`server/index.js exited (code ${code}):\n${output}`)));
    });

    const paths = JSON.stringify([['lists', { from: 0, to: 2 }, 'name']]);
    const response = await fetch(`${url}/model.json?method=get&paths=${encodeURIComponent(paths)}`);
    assert.equal(response.status, 200, 'the app must reach its TLS catalog through the pinned certificate');
    const { jsonGraph } = await response.json();
    for (const i of [0, 1, 2]) assert.equal(typeof jsonGraph.lists[i].name, 'string', `lists[${i}].name`);

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
