// @ts-check
// The flame-graph recipe: profile the app while it is under load and draw
// where its CPU went, the way Netflix found Express walking a route table
// that a periodic refresh kept growing ("Node.js in Flames", 2014).
//   npm run perf:flame -- [--path /] [--duration 10] [--concurrency 20]
//     [--upstream-latency 0] [--upstream-jitter 0] [--env 'K=v ...'] [--top 15]
// Runs the app with `node --cpu-prof`, keeps the samples taken during the
// load, writes an interactive flame graph and prints the top frames by self time.
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readOptions } from './options.js';
import { runTool } from '../lib/run-tool.js';
import { planCpus } from '../lib/cpus.js';
import { startCatalog, startApp, ensureClientBuild } from '../../deploy/lib/processes.js';
import { runCannon } from '../lib/cannon.js';
import { readProfile, selfMicros, callTree, topSelf, selfByKind, busyStretches } from './cpuprofile.js';
import { flameGraphHtml } from './html.js';
import { sourceMapper } from './source-map.js';

const { values, env, duration, concurrency } = readOptions(process.argv.slice(2));
const cpus = planCpus();
const profileDir = mkdtempSync(path.join(tmpdir(), 'marquee-cpuprof-'));
const outDir = values.out ?? path.join('perf', 'results', `flame-${new Date().toISOString().replace(/[:.]/g, '-')}`);

await runTool('perf:flame', async (onStop) => {
  await ensureClientBuild();
  const catalog = await startCatalog({
    latencyMs: Number(values['upstream-latency']),
    jitterMs: Number(values['upstream-jitter']),
    cpus: cpus.generator,
  });
  onStop(catalog.stop);
  let window;
  try {
    const app = await startApp({
      catalogUrl: catalog.url,
      env,
      cpus: cpus.app,
      nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profileDir],
    });
    onStop(app.stop);
    try {
      const url = new URL(String(values.path), app.url).href;
      console.log(`perf:flame ${values.path}: warming up, then ${duration} s at c=${concurrency} (${cpus.note})`);
      await runCannon({ url, connections: 10, duration: 3, cpus: cpus.generator });
      const from = Number(process.hrtime.bigint() / 1000n);
      const run = await runCannon({ url, connections: concurrency, duration, cpus: cpus.generator });
      window = {
        from,
        to: Number(process.hrtime.bigint() / 1000n),
        rps: run.requests / run.durationS,
        errors: run.errors + run.non2xx,
      };
    } finally {
      // A clean exit is what makes node write the profile.
      await app.stop();
    }
  } finally {
    await catalog.stop();
  }

  // The main thread's profile is the big one (loader threads write small ones too).
  const profiles = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
  if (profiles.length === 0) throw new Error(`no .cpuprofile in ${profileDir}: did the app exit cleanly?`);
  const biggest = profiles.map((f) => path.join(profileDir, f)).sort((a, b) => statSync(b).size - statSync(a).size)[0];
  const profile = readProfile(biggest);
  const tree = callTree(profile, selfMicros(profile, window.from, window.to), sourceMapper());
  const top = topSelf(tree, Number(values.top));

  mkdirSync(outDir, { recursive: true });
  const html = path.join(outDir, 'flame.html');
  const subtitle = `${values.path} at c=${concurrency} for ${duration} s: ${Math.round(window.rps)} req/s, ${window.errors} errors; ${Math.round(top.cpuMs)} ms of CPU sampled. ${cpus.note}.`;
  writeFileSync(html, flameGraphHtml(tree, { title: `Marquee flame graph: GET ${values.path}`, subtitle }));
  writeFileSync(path.join(outDir, 'profile.cpuprofile'), JSON.stringify(profile));
  writeFileSync(path.join(outDir, 'window.json'), JSON.stringify({ fromUs: window.from, toUs: window.to }));

  console.log(`\n${subtitle}\n\ntop frames by self time:`);
  for (const [i, frame] of top.frames.entries()) {
    console.log(
      `${String(i + 1).padStart(3)}. ${(frame.share * 100).toFixed(1).padStart(5)}%  ${String(frame.self).padStart(8)} ms  ${frame.name}  ${frame.file}`,
    );
  }
  console.log(
    `\nself time by kind of code: ${selfByKind(tree)
      .slice(0, 10)
      .map((k) => `${k.kind} ${(k.share * 100).toFixed(1)}%`)
      .join(', ')}`,
  );
  const busy = busyStretches(profile, window.from, window.to);
  /** @type {Record<string, string>} */
  const ENTRY_NAMES = {
    processTicksAndRejections: 'microtasks (promise continuations)',
    parserOnHeadersComplete: 'incoming requests (HTTP parser)',
    callbackTrampoline: 'immediates and I/O callbacks',
    listOnTimeout: 'timers',
  };
  console.log(
    `longest busy stretches (the event loop answered nothing else): ${busy.longest.join(', ')} ms; ${busy.longCount} over 50 ms` +
      (busy.longCount > 0
        ? `, running ${busy.entries.map((e) => `${ENTRY_NAMES[e.name] ?? e.name} ${(e.share * 100).toFixed(0)}%`).join(', ')}`
        : ''),
  );
  console.log(
    `\nwrote ${html} (open it in a browser) and ${path.join(outDir, 'profile.cpuprofile')} (Chrome DevTools > Performance > Load profile)`,
  );
});
