// @ts-check
// perf:chaos end to end, briefly: one short scenario (the catalog failing
// half its calls), the table it prints and the JSON it writes. No figure is
// judged (timed assertions on a shared machine only measure the machine),
// only the shape: every column, every figure a number or null.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAOS_COLUMNS } from '../../perf/chaos/table.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** @param {string[]} args */
async function runChaos(args) {
  const child = spawn(process.execPath, ['perf/chaos/index.js', ...args], {
    cwd: ROOT,
    // VISITOR_STORE=memory: the catalog it starts writes nothing to the repo's data/.
    env: { ...process.env, LOG_LEVEL: 'warn', VISITOR_STORE: 'memory' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  return { code, output };
}

test(
  'perf:chaos --scenario errors --duration 2 prints the table and writes the JSON',
  { timeout: 90_000 },
  async () => {
    const json = path.join(mkdtempSync(path.join(tmpdir(), 'marquee-chaos-')), 'chaos.json');
    const { code, output } = await runChaos(['--scenario', 'errors', '--duration', '2', '--json', json]);
    assert.equal(code, 0, `perf:chaos failed:\n${output}`);

    const header = CHAOS_COLUMNS.map(([name]) => name);
    const lines = output.split('\n');
    const at = lines.findIndex((line) => line.startsWith('scenario '));
    assert.ok(at >= 0, `no table in:\n${output}`);
    for (const name of header) assert.ok(lines[at].includes(name), `the table has a "${name}" column`);
    assert.match(lines[at + 2], /^errors\s+\d+\s+\d+/, 'one row for the scenario, its counts');

    const report = JSON.parse(readFileSync(json, 'utf8'));
    assert.deepEqual(Object.keys(report).sort(), ['meta', 'scenarios']);
    assert.equal(report.scenarios.length, 1);
    const [row] = report.scenarios;
    assert.equal(row.scenario, 'errors');
    for (const key of ['sent', 'completed', 'failed', 'refused', 'truncated', 'blank', 'sampled', 'status503'])
      assert.equal(typeof row[key], 'number', `scenarios[0].${key}`);
    for (const key of ['p50', 'p99', 'peakRssMb'])
      assert.ok(row[key] === null || typeof row[key] === 'number', `scenarios[0].${key}`);
    // Where a served page waited: the app's own figures (null where a scrape failed), the generator's lag.
    for (const key of ['appP50Ms', 'appP99Ms', 'upstreamP99Ms', 'peakPoolPending', 'servedPerS', 'cpuBusy'])
      assert.ok(row[key] === null || typeof row[key] === 'number', `scenarios[0].${key}: ${row[key]}`);
    assert.equal(typeof row.generatorLagMs.p99, 'number', "the generator's event-loop lag");
    assert.equal(row.nginx, null, 'no nginx without --fleet');
    assert.ok(row.sent > 0, 'some requests were sent');
    assert.ok(Array.isArray(row.notes));
  },
);

test('perf:chaos refuses an unknown scenario in one line', async () => {
  const { code, output } = await runChaos(['--scenario', 'meteor']);
  assert.equal(code, 1);
  assert.match(output, /^perf:chaos: --scenario must be one of sigterm, errors, .*\(--help lists the options\)\n$/);
});
