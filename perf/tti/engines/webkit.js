// @ts-check
// WebKit for perf:tti: WebKitGTK's MiniBrowser (the engine behind Safari,
// Debian's webkit2gtk-driver) through WebKitWebDriver over classic WebDriver
// (./webdriver-classic.js), the driver started here. MiniBrowser needs an X display: a private Xvfb, started
// and stopped with the driver. One WebDriver session (a fresh MiniBrowser,
// ephemeral storage) per page load. WebKit has no Long Tasks, no LCP and no
// Event Timing: lab TTI comes from the page's frame heartbeat, and LCP and INP
// stay empty. A page that does not measure itself is loaded through a proxy
// that puts the measurement first in its head (./inject-proxy.js).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { newSession } from './webdriver-classic.js';
import { enginePrograms } from './programs.js';
import { startXvfb } from './xvfb.js';
import { startInjectingProxy } from './inject-proxy.js';
import { GRID_SELECTOR } from '../../../client/measure/key-input.js';
import { LAB_TTI_ENDED, MEASURING, READ_FIGURES } from './page-figures.js';

/**
 * Xvfb and WebKitWebDriver, started together; `session()` opens a fresh
 * MiniBrowser (a WebDriver session), `stop()` ends both.
 * Also used by test/browser/engines.test.js.
 * @param {{ acceptUntrustedCertificate?: boolean }} [plan]
 */
export async function startWebKitDriver({ acceptUntrustedCertificate = false } = {}) {
  const programs = enginePrograms('webkit');
  const xvfb = await startXvfb(programs.Xvfb);
  const port = await freePort();
  const driver = spawn(programs.WebKitWebDriver, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: xvfb.display },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (driver.exitCode === null && driver.signalCode === null) {
      const exited = new Promise((resolve) => driver.once('exit', resolve));
      driver.kill('SIGTERM');
      await exited;
    }
    await xvfb.stop();
  };
  try {
    await driverReady(port, driver);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    session: () =>
      newSession(`http://127.0.0.1:${port}`, {
        'webkitgtk:browserOptions': { binary: programs.MiniBrowser, args: ['--automation'] },
        // Behind the proxy the page is http; its absolute https URLs still meet the certificate.
        ...(acceptUntrustedCertificate ? { acceptInsecureCerts: true } : {}),
      }),
    stop,
  };
}

/**
 * @param {import('./engine.js').LaunchPlan} plan
 * @returns {Promise<import('./engine.js').Engine>}
 */
export async function launchWebKit({ acceptUntrustedCertificate }) {
  const { session, stop } = await startWebKitDriver({ acceptUntrustedCertificate });
  /** @type {Map<string, Awaited<ReturnType<typeof startInjectingProxy>>>} one proxy per page origin, for the engine's life */
  const proxies = new Map();
  /**
   * The URL WebKit loads: the page's own, or the same path through the proxy that injects.
   * @param {string} url
   * @param {string} script
   */
  const throughProxy = async (url, script) => {
    const { origin, pathname, search } = new URL(url);
    let proxy = proxies.get(origin);
    if (!proxy) {
      proxy = await startInjectingProxy(origin, { script, acceptUntrustedCertificate });
      proxies.set(origin, proxy);
    }
    return { proxy, url: `${proxy.url}${pathname}${search}` };
  };
  const first = await session();
  const version = `WebKitGTK ${first.capabilities.browserVersion ?? '?'}`;
  await first.close();

  return {
    name: 'webkit',
    version,
    // Classic WebDriver sets the window size; nothing scales pixels, throttles the CPU or the network.
    emulates: { screen: true, cpu: false, network: false },
    async measure({ url, profile, capMs, inject }) {
      const proxied = inject ? await throughProxy(url, inject) : null;
      const pagesBefore = proxied?.proxy.served.pages ?? 0;
      const browser = await session();
      try {
        await browser.setWindowSize(profile.screen.width, profile.screen.height);
        // A Marquee page runs no script of ours before its own (classic WebDriver): its default cap applies.
        // ?perf=lab: it loads its measurement at idle, not on a visitor's first intent (client/index.jsx).
        const lab = new URL(url);
        lab.searchParams.set('perf', 'lab');
        await browser.url(proxied?.url ?? lab.href);
        // The injected measurement starts with the document: missing at the load event, it never will.
        if (proxied && !(await browser.execute(`return ${MEASURING};`))) {
          const where = String(await browser.execute('return location.href;'));
          throw new Error(
            proxied.proxy.served.pages === pagesBefore
              ? `webkit: the proxy served no HTML for ${url} (now at ${where}): nothing to put the measurement in`
              : `webkit: the measurement the proxy put first in the head never ran (no window.__marqueePerf; ` +
                  `now at ${where}): a Content-Security-Policy the proxy could not extend, or the page left the proxy`,
          );
        }
        const deadline = Date.now() + capMs + 15_000;
        // A slow poll: each check is a task on the page's main thread.
        while (!(await browser.execute(`return ${LAB_TTI_ENDED};`)) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 500));
        if (Date.now() >= deadline) {
          throw new Error(
            (await browser.execute(`return ${MEASURING};`))
              ? `webkit: the lab TTI search did not end within ${capMs + 15_000} ms`
              : 'webkit: the page never started measuring (no window.__marqueePerf)',
          );
        }
        // Three arrow keys on the grid, as perf/lib/page-run.js presses them in Chromium.
        const link = JSON.stringify(`${GRID_SELECTOR} a[href]`);
        if (await browser.execute(`const a = document.querySelector(${link}); a?.focus(); return Boolean(a);`)) {
          for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown']) {
            await browser.pressKey(key);
            await new Promise((resolve) => setTimeout(resolve, 150));
          }
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        return await browser.execute(`return ${READ_FIGURES};`);
      } finally {
        await browser.close();
      }
    },
    async close() {
      for (const proxy of proxies.values()) await proxy.stop();
      proxies.clear(); // close() runs again when the tool stops
      await stop();
    },
  };
}

/** A port the system hands out now, for the driver to listen on. */
function freePort() {
  return new Promise((/** @type {(port: number) => void} */ resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(address.port));
    });
  });
}

/**
 * Waits for the driver's GET /status.
 * @param {number} port
 * @param {import('node:child_process').ChildProcess} driver
 */
async function driverReady(port, driver) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode}) at start`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/status`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port} within 15 s`);
}
