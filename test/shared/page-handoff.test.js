// @ts-check
// `#marquee-data` has one shape (shared/page-handoff.js), one writer
// (server/render/page-handoff.js) and one reader (client/page-handoff.js):
// what the server writes, the client reads back whole, and no other module
// of the app builds or parses the element.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHandoff } from '../../server/render/page-handoff.js';
import { readHandoff } from '../../client/page-handoff.js';
import { HANDOFF_ELEMENT_ID } from '../../shared/page-handoff.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Reads `json` as the client would find it in the page's element. @param {string | null} json */
function readFrom(json) {
  const saved = globalThis.document;
  /** @type {any} */ (globalThis).document = {
    getElementById: (/** @type {string} */ id) =>
      id === HANDOFF_ELEMENT_ID && json !== null ? { textContent: json } : null,
  };
  try {
    return readHandoff();
  } finally {
    /** @type {any} */ (globalThis).document = saved;
  }
}

test('what the server writes, the client reads back whole', () => {
  const cache = { titlesById: { 'a-2000': { name: 'A </script><!-- \u2028 film' } } };
  const json = writeHandoff({
    cache,
    later: ['/assets/nav.js'],
    route: '/title/:id',
    requestId: 'r-1',
    options: { rows: 3, posters: '/p/{id}.webp' },
    timings: { upstream: 1, render: 2, template: 0.5, total: 4 },
    upstream: { requests: 2, rounds: [] },
  });
  assert.doesNotMatch(json, /<\/script>|<!--|\u2028/, 'safe inside the script element');
  assert.deepEqual(readFrom(json), {
    cache,
    later: ['/assets/nav.js'],
    page: {
      route: '/title/:id',
      requestId: 'r-1',
      options: { rows: 3, posters: '/p/{id}.webp' },
      timings: { upstream: 1, render: 2, template: 0.5, total: 4 },
      upstream: { requests: 2, rounds: [] },
    },
  });
});

test('off a Marquee page, or unreadable: an empty cache and no page, never a throw', () => {
  const empty = { cache: {}, later: [], page: null };
  assert.deepEqual(readFrom(null), empty);
  assert.deepEqual(readFrom('{not json'), empty);
  assert.deepEqual(readFrom('{"cache":{}}'), empty, 'no route: not a page the beacon can label');
});

test('no other module of the app builds or parses #marquee-data', () => {
  /** @type {string[]} */
  const others = [];
  for (const dir of ['client', 'server', 'shared']) {
    for (const file of readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.jsx?$/.test(file)) continue;
      const name = path.join(dir, file);
      if (name === path.join('shared', 'page-handoff.js')) continue;
      // The id as code names it (a string), not as comments mention it (#marquee-data).
      if (/['"`]marquee-data['"`]/.test(readFileSync(path.join(ROOT, name), 'utf8'))) others.push(name);
    }
  }
  assert.deepEqual(
    others,
    [],
    'read #marquee-data with client/page-handoff.js, write it with server/render/page-handoff.js',
  );
});
