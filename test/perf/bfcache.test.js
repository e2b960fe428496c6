// @ts-check
// perf:bfcache reads Lighthouse's report (issue 27): a bf-cache score of 1 is
// a PASS, 0 a FAIL with Lighthouse's reasons, and a run that audited another
// page, errored or could not score the audit is no result at all. The
// Lighthouse runs themselves take about 35 s a page here: too long for CI,
// so `npm run perf:bfcache` is run by hand (docs/delivery.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readReport } from '../../perf/bfcache/report.js';

const URL_ASKED = 'http://127.0.0.1:3000/genre/drama';

/** @param {Record<string, unknown>} audit @param {Record<string, unknown>} [top] */
const report = (audit, top = {}) => ({
  lighthouseVersion: '13.5.0',
  finalDisplayedUrl: URL_ASKED,
  audits: { 'bf-cache': { scoreDisplayMode: 'binary', ...audit } },
  ...top,
});

test('a score of 1 passes; 0 fails with the reasons Lighthouse listed', () => {
  assert.deepEqual(readReport(report({ score: 1 }), URL_ASKED), {
    ok: true,
    pass: true,
    reasons: [],
    version: '13.5.0',
  });
  const failed = readReport(
    report({
      score: 0,
      details: {
        items: [
          {
            reason: 'Pages whose main resource has cache-control:no-store cannot enter back/forward cache.',
            failureType: 'Not actionable',
            protocolReason: 'MainResourceHasCacheControlNoStore',
          },
        ],
      },
    }),
    URL_ASKED,
  );
  assert.equal(failed.ok && failed.pass, false);
  assert.deepEqual(failed.ok && failed.reasons.map((r) => r.protocolReason), ['MainResourceHasCacheControlNoStore']);
});

test('a run that did not audit the page asked for is no result, and says why', () => {
  for (const [lhr, why] of /** @type {[object, RegExp][]} */ ([
    [report({ score: 1 }, { finalDisplayedUrl: 'http://127.0.0.1:3000/' }), /audited http:\/\/127.0.0.1:3000\/, not/],
    [report({ score: 1 }, { runtimeError: { code: 'NO_FCP', message: 'no paint' } }), /NO_FCP/],
    [
      report({ score: null, scoreDisplayMode: 'error', errorMessage: 'gatherer failed' }),
      /no bf-cache score.*gatherer failed/,
    ],
    [{ finalDisplayedUrl: URL_ASKED, audits: {} }, /no bf-cache score/],
  ])) {
    const result = readReport(lhr, URL_ASKED);
    assert.equal(result.ok, false);
    assert.match(result.error ?? '', why);
  }
});
