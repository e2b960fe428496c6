// @ts-check
// What lets perf:tti --browser measure a page that does not measure itself,
// without a browser: the CSP hash the WebKit proxy adds, where it puts the
// script, the proxy itself (CSP, redirects, an untrusted certificate), and the
// probe that resolves redirects and names an untrusted certificate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allowInlineScript, scriptHashSource } from '../../../perf/tti/engines/csp.js';
import { insertFirstInHead, startInjectingProxy } from '../../../perf/tti/engines/inject-proxy.js';
import { probePage } from '../../../perf/tti/engines/probe-page.js';
import { CSP, startPlantedTaskSite } from '../../helpers/planted-task-site.js';

const HASH = scriptHashSource('window.x = 1;');

test('scriptHashSource is the CSP sha256 source of the exact text', () => {
  // echo -n 'window.x = 1;' | openssl dgst -sha256 -binary | base64
  assert.equal(HASH, "'sha256-U1BU0BfAhaBREBgsEDDctSYokOF3U7hQUIj6mrtukfw='");
});

test('allowInlineScript adds the hash where the policy forbids inline script, and only there', () => {
  const cases = [
    ["default-src 'self'", `default-src 'self' ${HASH}`],
    ["default-src 'self'; script-src 'self'", `default-src 'self'; script-src 'self' ${HASH}`],
    ["script-src 'none'", `script-src ${HASH}`],
    ["script-src 'self'; script-src-elem 'self'", `script-src 'self' ${HASH}; script-src-elem 'self' ${HASH}`],
    ["script-src 'nonce-abc' 'unsafe-inline'", `script-src 'nonce-abc' 'unsafe-inline' ${HASH}`],
    ["script-src 'strict-dynamic' 'nonce-abc'", `script-src 'strict-dynamic' 'nonce-abc' ${HASH}`],
  ];
  for (const [policy, expected] of cases)
    assert.deepEqual(allowInlineScript(policy, HASH), { policy: expected, changed: true }, policy);
  // Already allowed: a hash beside a bare 'unsafe-inline' would forbid the page's own inline scripts.
  for (const policy of [
    "script-src 'self' 'unsafe-inline'",
    "img-src 'self'",
    "style-src 'self'; frame-ancestors 'none'",
  ])
    assert.deepEqual(allowInlineScript(policy, HASH), { policy, changed: false }, policy);
});

test('insertFirstInHead puts the script before everything else in the head', () => {
  assert.equal(
    insertFirstInHead('<!doctype html><html><head lang="en"><meta charset="utf-8"><script src=a.js></script>', 'x'),
    '<!doctype html><html><head lang="en"><script>x</script><meta charset="utf-8"><script src=a.js></script>',
  );
  assert.equal(insertFirstInHead('<!DOCTYPE html><p>no head', 'x'), '<!DOCTYPE html><script>x</script><p>no head');
  assert.equal(insertFirstInHead('<html><body>', 'x'), '<html><script>x</script><body>');
  assert.equal(insertFirstInHead('<p>bare', 'x'), '<script>x</script><p>bare');
});

test("the injecting proxy: the script first in the head, its hash in the page's CSP, redirects kept behind it", async () => {
  const site = await startPlantedTaskSite();
  const proxy = await startInjectingProxy(site.url, {
    script: 'window.__x = "</script>";',
    acceptUntrustedCertificate: false,
  });
  try {
    const res = await fetch(`${proxy.url}/task`);
    const html = await res.text();
    const inserted = 'window.__x = "<\\/script>";';
    assert.ok(html.includes(`<head><script>${inserted}</script><meta charset="utf-8">`), html.slice(0, 200));
    assert.equal(res.headers.get('content-security-policy'), `${CSP} ${scriptHashSource(inserted)}`);
    assert.deepEqual(proxy.served, { pages: 1, cspAllowed: 1 });
    const js = await fetch(`${proxy.url}/task.js`);
    assert.match(await js.text(), /planted task/, 'a script passes through untouched');
    const redirect = await fetch(`${proxy.url}/go-task`, { redirect: 'manual' });
    assert.equal(redirect.status, 302);
    assert.equal(redirect.headers.get('location'), `${proxy.url}/task`, 'the redirect stays behind the proxy');
  } finally {
    await proxy.stop();
    await site.close();
  }
});

test('probePage follows redirects and says so', async () => {
  const site = await startPlantedTaskSite();
  try {
    assert.deepEqual(await probePage(`${site.url}/go-task`), {
      url: `${site.url}/task`,
      redirectedFrom: `${site.url}/go-task`,
      untrustedCertificate: null,
      measuresItself: false,
    });
    await assert.rejects(probePage('http://127.0.0.1:1/'), /cannot fetch http:\/\/127\.0\.0\.1:1\/: \S/);
  } finally {
    await site.close();
  }
});

test('a certificate made on this machine: the probe names it, the proxy fetches through it', async () => {
  const site = await startPlantedTaskSite({ tls: true });
  const proxy = await startInjectingProxy(site.url, { script: 'window.__x = 1;', acceptUntrustedCertificate: true });
  try {
    const probed = await probePage(`${site.url}/go-task`);
    assert.equal(probed.url, `${site.url}/task`);
    assert.match(String(probed.untrustedCertificate), /SELF_SIGNED|UNABLE_TO_VERIFY/);
    const html = await (await fetch(`${proxy.url}/quiet`)).text();
    assert.ok(html.includes('<head><script>window.__x = 1;</script>'), 'the https page, rewritten, over http');
  } finally {
    await proxy.stop();
    await site.close();
  }
});
