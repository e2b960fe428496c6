// @ts-check
// Beacons as client/measure/beacon.js sends them, for server-side tests.

/**
 * A valid beacon; `overrides` replace top-level fields.
 * @param {Record<string, unknown>} [overrides]
 */
export function validBeacon(overrides = {}) {
  return {
    route: '/',
    navigationType: 'navigate',
    effectiveType: '4g',
    labTTIStatus: 'found',
    labTTIMethod: 'longtask',
    engine: 'blink',
    metrics: {
      appTTI: 420.5,
      labTTI: 510,
      tbt: 12,
      fcp: 180.2,
      lcp: 240.7,
      ttfb: 35.1,
      cls: 0.012,
      inp: 24,
      memory: 9_400_000,
    },
    keyInput: [16.4, 22.1],
    server: { upstream: 12.3, render: 4.1, template: 0.4, total: 18.2 },
    ...overrides,
  };
}

/**
 * A valid beacon whose INP comes with attribution (client/measure/inp-attribution.js):
 * a pointer interaction with a card's My List toggle, phases adding up to INP.
 * @param {{ target?: string, type?: string, inp?: number, phases?: [number, number, number] }} [options]
 * @param {Record<string, unknown>} [overrides] replace top-level fields
 */
export function attributedBeacon(
  { target = 'mylist--card', type = 'pointer', inp = 24, phases = [6, 12, 6] } = {},
  overrides = {},
) {
  const beacon = validBeacon();
  const [inpInputDelay, inpProcessing, inpPresentation] = phases;
  return {
    ...beacon,
    inpTarget: target,
    inpType: type,
    metrics: { ...beacon.metrics, inp, inpInputDelay, inpProcessing, inpPresentation },
    ...overrides,
  };
}

/**
 * POSTs a beacon the way navigator.sendBeacon(url, string) does (text/plain).
 * @param {string} baseUrl
 * @param {unknown} body an object (sent as JSON) or a raw string
 * @param {Record<string, string>} [headers]
 */
export function postBeacon(baseUrl, body, headers = {}) {
  return fetch(`${baseUrl}/perf/beacon`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * What the server aggregated so far (GET /perf/summary.json).
 * @param {string} baseUrl
 */
export async function perfSummary(baseUrl) {
  const res = await fetch(`${baseUrl}/perf/summary.json`);
  if (res.status !== 200) throw new Error(`GET /perf/summary.json answered ${res.status}`);
  return res.json();
}
