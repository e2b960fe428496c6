// @ts-check
// perf:page end to end, briefly: it starts its catalog, times each step of a
// home page and prints one positive figure per step. No figure is judged here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const perfPage = (/** @type {string[]} */ args) =>
  run(process.execPath, ['--import', 'tsx', 'perf/page/index.js', ...args], {
    cwd: ROOT,
    // VISITOR_STORE=memory: nothing written to the repo's data/.
    env: { ...process.env, NODE_ENV: 'production', VISITOR_STORE: 'memory' },
    timeout: 60_000,
  });

test('perf:page prints the CPU of each step of a home page and their ratio', async () => {
  const { stdout } = await perfPage([
    '--pages',
    '3',
    '--atf-rows',
    '1',
    '--latency-ms',
    '20',
    '--jitter-ms',
    '0',
    '--runs',
    '2',
  ]);
  for (const step of [
    'data: router.get',
    'React: props + renderToString',
    'renderToPipeableStream',
    'serializeJsonForHtml',
  ]) {
    const line = stdout.split('\n').find((l) => l.includes(step) && l.includes('ms CPU per page'));
    assert.ok(line, `no line for ${step}:\n${stdout}`);
    assert.ok(Number(/([\d.]+) ms CPU per page/.exec(line)?.[1]) > 0, `no positive figure: ${line}`);
  }
  assert.match(stdout, /renderToPipeableStream \/ renderToString: [\d.]+x/);
  assert.match(stdout, /React's HTML: [1-9]\d* bytes; cache JSON: [1-9]\d* bytes/);
  // Each page's upstream requests and rounds, cache on and off, from its Server-Timing trailer.
  for (const cache of ['on', 'off']) {
    const line = stdout
      .split('\n')
      .find((l) => /^\/title\/:id first request, returning\s/.test(l) && l.includes(` ${cache} `));
    assert.ok(line, `no title page line, cache ${cache}:\n${stdout}`);
    const [requests, rounds] = line
      .replace(/^.*?\s(on|off)\s+/, '')
      .split(/\s+/)
      .map(Number);
    assert.ok(requests >= 2 && rounds >= 1, `requests and rounds of a title page: ${line}`);
  }
});

test('perf:page refuses a bad option in one line, exit code 2', async () => {
  await assert.rejects(perfPage(['--pages', 'zero']), (/** @type {any} */ error) => {
    assert.equal(error.code, 2);
    assert.match(error.stderr, /^perf:page: --pages must be a whole number >= 1, got zero/);
    return true;
  });
});
