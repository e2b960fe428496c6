// @ts-check
// What perf:tti --browser learns of a page before it loads it in any engine:
// where its redirects end (every engine then loads that URL, so each measures
// the same document), whether its https certificate is one this machine does
// not trust (one made here: the engines are told to accept it, and the run
// says so), and whether it measures itself (a Marquee page).
import { Agent, fetch } from 'undici';

/** TLS errors of a certificate the machine does not trust, as opposed to a server that is not there. */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
]);

/**
 * @typedef {{
 *   url: string,
 *   redirectedFrom: string | null,
 *   untrustedCertificate: string | null,
 *   measuresItself: boolean,
 * }} ProbedPage
 *   url: where the page's redirects end; untrustedCertificate: the TLS error a
 *   trusting client got (null: trusted, or http)
 */

/**
 * @param {string} url
 * @returns {Promise<ProbedPage>}
 * @throws {Error} saying why when the page cannot be fetched at all
 */
export async function probePage(url) {
  let untrustedCertificate = null;
  let res;
  let html;
  try {
    res = await get(url);
    html = await res.text();
  } catch (error) {
    const code = tlsCode(error);
    if (!code || !UNTRUSTED.has(code)) throw new Error(`cannot fetch ${url}: ${describe(error)}`, { cause: error });
    untrustedCertificate = code;
    const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
    try {
      res = await get(url, dispatcher);
      html = await res.text();
    } catch (again) {
      throw new Error(`cannot fetch ${url} even accepting its certificate (${code}): ${describe(again)}`, {
        cause: again,
      });
    } finally {
      await dispatcher.close();
    }
  }
  return {
    url: res.url,
    redirectedFrom: res.url !== url && res.redirected ? url : null,
    untrustedCertificate,
    measuresItself: html.includes('id="marquee-data"'),
  };
}

/**
 * @param {string} url
 * @param {import('undici').Dispatcher} [dispatcher]
 */
function get(url, dispatcher) {
  return fetch(url, { headers: { accept: 'text/html' }, redirect: 'follow', dispatcher });
}

/** @param {unknown} error */
function tlsCode(error) {
  const cause = /** @type {any} */ (error)?.cause;
  return typeof cause?.code === 'string' ? cause.code : null;
}

/** @param {unknown} error */
function describe(error) {
  const cause = /** @type {any} */ (error)?.cause;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}
