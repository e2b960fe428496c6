// @ts-check
// How each knob's raw text becomes a value (server/config/knobs.js), or an
// error that says what is wrong with it. Secrets never print.
import { isIP } from 'node:net';
import { inspect } from 'node:util';

/** A secret's value never reaches a log line or a terminal. */
export function hidden() {
  return '(value not shown)';
}

/** @param {string} raw a URL, maybe with user:password@ */
export function withoutCredentials(raw) {
  return JSON.stringify(raw.replace(/^([^:/?#]*:\/\/)[^/?#]*@/, '$1(credentials not shown)@'));
}

/** @param {string[]} allowed */
export function oneOf(allowed) {
  return (/** @type {string} */ raw) => {
    if (!allowed.includes(raw)) throw new Error(`must be one of ${allowed.filter(Boolean).join(', ')}`);
    return raw;
  };
}

/** @param {number} min @param {number} max */
export function integer(min, max) {
  return (/** @type {string} */ raw) => {
    if (!/^\d+$/.test(raw)) throw new Error('must be a whole number');
    const n = Number(raw);
    if (n < min || n > max) throw new Error(`must be between ${min} and ${max}`);
    return n;
  };
}

/** @param {(raw: string) => unknown} parse an empty value stays null */
export function optional(parse) {
  return (/** @type {string} */ raw) => (raw === '' ? null : parse(raw));
}

/** @param {string} raw */
export function nonEmpty(raw) {
  if (raw === '') throw new Error('must not be empty');
  return raw;
}

/**
 * An origin, maybe with a base path every upstream call goes under
 * (`https://api.example.com/v1` → `GET /v1/lists`). Trailing slashes are
 * dropped: `…/v1/` is `…/v1`, `…:4000/` is the bare origin.
 * @param {string} raw
 * @returns {string | null} origin + base path, never a trailing slash
 */
export function optionalUrl(raw) {
  if (raw === '') return null;
  const url = httpUrl(raw, 'must be an absolute URL');
  // Each call adds its own path and query (/titles?ids=…): a query or
  // fragment here would be dropped or mangled, so refuse it.
  if (url.search || url.hash || /[?#]/.test(raw))
    throw new Error('must be scheme://host:port with an optional base path, and no query string (?…) or fragment (#…)');
  // Credentials in a URL end up in logs and error messages; headers do not.
  if (url.username || url.password)
    throw new Error('must not carry credentials (user:password@): send them with UPSTREAM_HEADERS');
  const basePath = url.pathname.replace(/\/+$/, '');
  if (basePath.includes('//')) throw new Error('must not have an empty path segment (//) in its base path');
  return url.origin + basePath;
}

/** Connection-level and framing headers: the HTTP client owns them, a deployment may not set them. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);
/** RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Outside RFC 9110's field-value characters (tab, space, visible ASCII, obs-text): CR or LF would split the header. */
const BAD_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * `{"x-api-key": "…"}` → a frozen object of lower-case names to values, whose
 * values never print: JSON.stringify and util.inspect (pino, console.log) show
 * `"[redacted]"`. Problems name the header, never its value.
 * @param {string} raw
 * @returns {Readonly<Record<string, string>>}
 */
export function upstreamHeaders(raw) {
  /** @type {Record<string, string>} */
  const headers = Object.create(null); // "__proto__" is a name like any other
  if (raw === '') return redacted(headers);
  const example = 'must be a JSON object of header names to string values, e.g. {"x-api-key":"..."}';
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Not the parser's message: it quotes the text, secrets included.
    throw new Error(`${example}: not valid JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(example);
  const problems = [];
  for (const [name, value] of Object.entries(parsed)) {
    const lower = name.toLowerCase();
    const shown = JSON.stringify(name.slice(0, 100));
    if (!HEADER_NAME.test(name)) problems.push(`${shown} is not a valid header name`);
    else if (RESERVED_HEADERS.has(lower)) problems.push(`${shown} is set by the HTTP client, not by configuration`);
    else if (Object.hasOwn(headers, lower)) problems.push(`${shown} is given twice`);
    else if (typeof value !== 'string') problems.push(`${shown} must have a string value`);
    else if (BAD_HEADER_VALUE.test(value))
      problems.push(
        `${shown} has a character a header value may not hold (a control character such as CR or LF, or one past Latin-1)`,
      );
    else headers[lower] = value;
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
  return redacted(headers);
}

/**
 * The same object (its entries spread into each request as they are), printed
 * without its values.
 * @param {Record<string, string>} headers
 */
function redacted(headers) {
  const shown = () => Object.fromEntries(Object.keys(headers).map((name) => [name, '[redacted]']));
  Object.defineProperty(headers, 'toJSON', { value: shown });
  Object.defineProperty(headers, inspect.custom, { value: shown });
  return Object.freeze(headers);
}

/** @param {string} raw */
export function pemCertificate(raw) {
  if (!raw.includes('-----BEGIN CERTIFICATE-----'))
    throw new Error('must be a PEM certificate (-----BEGIN CERTIFICATE-----)');
  return raw;
}

/** @param {string} raw */
export function secret(raw) {
  if (raw !== '' && raw.length < 32) throw new Error('must be at least 32 characters');
  return raw;
}

/** A poster template with its placeholders filled, to check it as a URL. */
const sampleUrl = (/** @type {string} */ template) => template.replaceAll('{id}', 'x').replaceAll('{width}', '160');

/**
 * A poster URL template (shared/poster.js): {id} and {width}, on an http(s)
 * origin or a path of this site.
 * @param {string} raw
 */
export function posterTemplate(raw) {
  if (!raw.includes('{id}') || !raw.includes('{width}'))
    throw new Error('must contain {id} and {width}, e.g. https://img.example.com/{id}?w={width}');
  if (/[{}]/.test(raw.replaceAll('{id}', '').replaceAll('{width}', '')))
    throw new Error('must have no placeholder but {id} and {width}');
  // A srcset separates its candidates with spaces: one inside a URL would split it.
  if (/\s/.test(raw)) throw new Error('must not contain spaces');
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  let url;
  try {
    url = new URL(sampleUrl(raw));
  } catch {
    throw new Error('must be an absolute http(s) URL or a path starting with /');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('must be http: or https:');
  if (url.username || url.password) throw new Error('must not carry credentials (user:password@)');
  // One origin for the CSP's img-src, whatever the id.
  if (new URL(raw.replaceAll('{id}', 'y').replaceAll('{width}', '320')).origin !== url.origin)
    throw new Error('must keep {id} and {width} out of the host and port');
  return raw;
}

/** @param {string | null} template @returns {string | null} */
export function templateOrigin(template) {
  return template && !template.startsWith('/') ? new URL(sampleUrl(template)).origin : null;
}

/** Named ranges Express's 'trust proxy' understands (proxy-addr). */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * A hop count or a list of proxy addresses, as Express's 'trust proxy' takes
 * them. Never `true`: trusting every address lets any client write its own
 * X-Forwarded-For (its address, so its rate limit) and X-Forwarded-Proto.
 * @param {string} raw
 * @returns {false | number | string[]}
 */
export function trustProxy(raw) {
  if (raw === '') return false;
  if (/^\d+$/.test(raw)) return integer(1, 32)(raw);
  const list = raw.split(',').map((item) => item.trim());
  const bad = list.filter((item) => !PROXY_RANGES.has(item) && !isAddressOrSubnet(item));
  if (bad.length > 0)
    throw new Error(
      `must be a hop count (1) or proxy addresses, subnets or loopback, linklocal, uniquelocal; not ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    );
  return list;
}

/** @param {string} item an IP address, maybe with a /prefix */
function isAddressOrSubnet(item) {
  const [address, prefix, extra] = item.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * The site's origin, compared with a write's Origin header
 * (server/middleware/same-origin-writes.js): scheme, host and port only.
 * @param {string} raw
 */
export function publicOrigin(raw) {
  const url = httpUrl(raw, 'must be an origin such as https://films.example');
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(raw) || url.pathname !== '/')
    throw new Error('must be scheme://host[:port] only, as browsers send it in Origin (no path, query or user)');
  return url.origin;
}

/**
 * A bearer token (RFC 6750 token68 characters), long enough not to be guessed.
 * @param {string} raw
 */
export function metricsToken(raw) {
  if (raw.length < 32) throw new Error('must be at least 32 characters (e.g. openssl rand -hex 32)');
  if (!/^[A-Za-z0-9._~+/-]+=*$/.test(raw)) throw new Error('must be letters, digits and -._~+/ only');
  return raw;
}

/** @param {string} raw */
export function atfRows(raw) {
  if (raw === 'all') return 'all';
  return integer(1, 100)(raw);
}

/**
 * @param {string} raw
 * @param {string} unparsable what the error says the value must be when it is no URL at all
 * @returns {URL} an http: or https: URL
 */
function httpUrl(raw, unparsable) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(unparsable);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('must be http: or https:');
  return url;
}
