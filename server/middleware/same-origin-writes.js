// @ts-check
// Refuses writes that a browser makes on behalf of another site (cross-site
// request forgery), and bodies of a type the app's own client never sends.
// Mounted before the visitor cookie (server/app.js), so a refused write
// neither mints a visitor nor sets a cookie.
//
// Why (issue 14, measured): a form on another site posted
// `method=call&callPath=["myList","add"]` to /model.json. SameSite=Lax kept
// the victim's cookie off that POST, so the app minted a new visitor, and its
// Set-Cookie on the navigation replaced the victim's: their list and ratings
// were gone. SameSite does not help against a sibling (another port or
// subdomain is "same-site" and does get the cookie) nor a cookie-less write.
//
// The rule is Go's net/http CrossOriginProtection (Go 1.25, F. Valsorda):
// 1. Sec-Fetch-Site, sent by every current browser (to https and localhost):
//    `same-origin` passes, and `none` (the user typed or bookmarked it: no
//    other site involved); `same-site` and `cross-site` get 403.
// 2. Else Origin (older browsers; plain http to a LAN name gets no Sec-Fetch-*):
//    it must be the site's own origin: PUBLIC_ORIGIN when configured, else
//    the request's host (X-Forwarded-Host only from a proxy Express trusts,
//    TRUST_PROXY). `Origin: null` (sandboxed frames, some redirects) is refused.
// 3. Neither header: not a browser (curl, a server, a test). Allowed: such a
//    client holds no victim's cookie, so it can only write as its own visitor.

/** Methods that never change anything: not checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * @typedef {{ warn: (obj: object, msg: string) => void }} Log
 */

/**
 * @param {{
 *   contentTypes: readonly string[],
 *   publicOrigin?: string | null,
 *   log?: Log,
 * }} options contentTypes: the media types a write may carry (lower case, no
 *   parameters); any other, or none, is 415
 * @returns {import('express').RequestHandler}
 */
export function sameOriginWrites({ contentTypes, publicOrigin = null, log = { warn() {} } }) {
  const accepted = new Set(contentTypes);
  const expected = `send ${contentTypes.join(' or ')}`;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const refusal = crossSiteRefusal(fetchSite, origin, publicOrigin, req.host);
    if (refusal) {
      // A forged write, or a PUBLIC_ORIGIN / proxy set-up that does not match
      // what browsers see: either way the operator wants to know.
      log.warn({ secFetchSite: fetchSite, origin, host: req.host, publicOrigin }, `write refused: ${refusal}`);
      refuse(res, 403, `cross-site write refused (${refusal}): set and call only from this site's own pages`);
      return;
    }
    // Forms can send three types without a CORS preflight; the client sends
    // one of them. text/plain and multipart/form-data are what a forged
    // request would use to slip a body past a JSON-only check.
    const type = String(req.get('content-type') ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (!accepted.has(type)) {
      refuse(res, 415, expected);
      return;
    }
    next();
  };
}

/**
 * @param {string | undefined} fetchSite Sec-Fetch-Site
 * @param {string | undefined} origin Origin
 * @param {string | null} publicOrigin PUBLIC_ORIGIN
 * @param {string | undefined} host req.host (Host, or X-Forwarded-Host from a trusted proxy)
 * @returns {string | null} why the write is refused, or null
 */
export function crossSiteRefusal(fetchSite, origin, publicOrigin, host) {
  if (fetchSite !== undefined) {
    return fetchSite === 'same-origin' || fetchSite === 'none' ? null : `Sec-Fetch-Site: ${fetchSite.slice(0, 20)}`;
  }
  if (origin === undefined) return null;
  if (origin === 'null') return 'Origin: null';
  let from;
  try {
    from = new URL(origin);
  } catch {
    return 'Origin is not an origin';
  }
  if (publicOrigin) return from.origin === publicOrigin ? null : 'Origin is not PUBLIC_ORIGIN';
  // Host only, without the scheme (as Go does): behind a TLS-terminating proxy
  // the app cannot tell http from https unless it trusts the proxy.
  return from.host === sameForm(host, from.protocol) ? null : 'Origin is not this host';
}

/**
 * The request's host as URL would write it for `protocol` (lower case, no
 * default port), or null when it is not a host at all.
 * @param {string | undefined} host
 * @param {string} protocol
 */
function sameForm(host, protocol) {
  if (!host) return null;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

/** @param {import('express').Response} res @param {number} status @param {string} error */
function refuse(res, status, error) {
  res.status(status).set('cache-control', 'no-store').json({ error });
}
