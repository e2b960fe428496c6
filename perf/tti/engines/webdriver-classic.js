// @ts-check
// The few classic WebDriver commands perf:tti needs of WebKitWebDriver
// (https://w3c.github.io/webdriver/), as plain HTTP: new session, window size,
// navigate, execute script, key presses, a click, delete session. Not webdriverio: its
// optional peer puppeteer-core (<= 24) conflicts with Lighthouse's (25), and
// its driver management would look for downloads this machine does not need.

/**
 * @param {string} base the driver's URL, e.g. http://127.0.0.1:4444
 * @param {Record<string, unknown>} capabilities alwaysMatch capabilities
 */
export async function newSession(base, capabilities) {
  const created = await command(base, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } });
  const id = /** @type {string} */ (created.sessionId);
  const path = `/session/${id}`;
  return {
    capabilities: /** @type {Record<string, any>} */ (created.capabilities),
    /** @param {number} width @param {number} height */
    setWindowSize: (width, height) => command(base, 'POST', `${path}/window/rect`, { width, height }),
    /** Navigates and returns once the page has loaded (the session's default page load strategy: normal). */
    url: (/** @type {string} */ url) => command(base, 'POST', `${path}/url`, { url }),
    /** @param {string} script a function body: `return …;` */
    execute: (script) => command(base, 'POST', `${path}/execute/sync`, { script, args: [] }),
    /** Presses and releases one key (a WebDriver key such as ArrowRight) on the focused element. */
    async pressKey(/** @type {string} */ key) {
      const value = KEYS[key] ?? key;
      await command(base, 'POST', `${path}/actions`, {
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value },
              { type: 'keyUp', value },
            ],
          },
        ],
      });
    },
    /** Clicks the first element the CSS selector finds, as a pointer would. */
    async click(/** @type {string} */ selector) {
      const element = await command(base, 'POST', `${path}/element`, { using: 'css selector', value: selector });
      const id = element[ELEMENT_KEY] ?? Object.values(element)[0];
      await command(base, 'POST', `${path}/element/${id}/click`, {});
    },
    close: () => command(base, 'DELETE', path),
  };
}

/** The key under which WebDriver returns an element reference. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecc';

/** WebDriver's code points for the keys perf:tti presses. */
const KEYS = /** @type {Record<string, string>} */ ({ ArrowRight: '\uE014', ArrowDown: '\uE015' });

/**
 * @param {string} base
 * @param {'GET' | 'POST' | 'DELETE'} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>} the response's `value`
 */
async function command(base, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = /** @type {{ value: any }} */ (await res.json());
  if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${value?.error ?? res.status}: ${value?.message ?? ''}`);
  return value;
}
