// @ts-check
// What Lighthouse's report says of the bf-cache audit: a score of 1 passes, 0
// fails with the reasons it lists. A run that did not audit the page asked
// for (an error, another final URL, an audit Lighthouse could not score) is
// no result: it says why instead.

/**
 * @typedef {{ reason: string, failureType: string, protocolReason?: string }} Reason
 * @typedef {{ ok: true, pass: boolean, reasons: Reason[], version: string, error?: undefined }
 *   | { ok: false, error: string }} AuditResult
 */

/**
 * @param {any} lhr Lighthouse's report
 * @param {string} url the page asked for
 * @returns {AuditResult}
 */
export function readReport(lhr, url) {
  if (lhr.runtimeError) return { ok: false, error: `lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}` };
  if (lhr.finalDisplayedUrl !== url)
    return { ok: false, error: `lighthouse audited ${lhr.finalDisplayedUrl}, not ${url}` };
  const audit = lhr.audits?.['bf-cache'];
  if (audit?.scoreDisplayMode !== 'binary' || typeof audit.score !== 'number')
    return { ok: false, error: `no bf-cache score (${audit?.scoreDisplayMode}: ${audit?.errorMessage ?? 'no audit'})` };
  const items = Array.isArray(audit.details?.items) ? audit.details.items : [];
  return {
    ok: true,
    pass: audit.score === 1,
    reasons: items.map((/** @type {any} */ item) => ({
      reason: String(item.reason),
      failureType: String(item.failureType),
      ...(item.protocolReason ? { protocolReason: String(item.protocolReason) } : {}),
    })),
    version: String(lhr.lighthouseVersion),
  };
}
