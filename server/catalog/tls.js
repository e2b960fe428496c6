// @ts-check
// CATALOG_TLS=1: HTTPS with a certificate made at start-up, so the app's
// upstream pool can be measured with TLS handshakes (and session reuse)
// without anyone managing certificate files.
import { isIP } from 'node:net';
import { generate } from 'selfsigned';

/**
 * @param {string} host the address the catalog listens on, added to the names
 * @returns {Promise<{ key: string, cert: string }>}
 */
export async function createSelfSignedCertificate(host) {
  /** @type {{ type: 2 | 7, value?: string, ip?: string }[]} */
  const altNames = [
    { type: 2, value: 'localhost' },
    { type: 7, ip: '127.0.0.1' },
    { type: 7, ip: '::1' },
  ];
  if (isIP(host)) altNames.push({ type: 7, ip: host });
  else if (host !== 'localhost') altNames.push({ type: 2, value: host });

  const pems = await generate([{ name: 'commonName', value: 'marquee-catalog' }], {
    keyType: 'ec', // P-256: generated in milliseconds, where RSA 2048 takes a noticeable pause
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    extensions: [{ name: 'subjectAltName', altNames }],
  });
  return { key: pems.private, cert: pems.cert };
}
