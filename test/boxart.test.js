// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boxartSvg, hashString, escapeXml, BOXART_WIDTH, BOXART_HEIGHT } from '../shared/boxart.js';

test('boxartSvg is deterministic: the same id always draws the same bytes', () => {
  assert.equal(boxartSvg('alien-1979'), boxartSvg('alien-1979'));
  // Pinned, so a change of drawing (which busts every cached poster) is deliberate.
  assert.equal(hashString('alien-1979'), hashString('alien-1979'));
  assert.equal(hashString(''), 0x811c9dc5);
  assert.equal(hashString('a'), 0xe40c292c, 'FNV-1a of "a"');
});

test('different ids draw different posters', () => {
  const ids = ['alien-1979', 'aliens-1986', 'heat-1995', 'the-land-girls-1998', 'a', 'b'];
  const drawings = new Set(ids.map(boxartSvg));
  assert.equal(drawings.size, ids.length);
  const gradients = new Set(ids.map((id) => /stop-color="([^"]+)"/.exec(boxartSvg(id))?.[1]));
  assert.ok(gradients.size >= ids.length - 1, 'hues vary with the id');
});

test('a 2:3 SVG document with a fixed viewBox, matching the card image size', () => {
  const svg = boxartSvg('heat-1995');
  assert.equal(BOXART_WIDTH / BOXART_HEIGHT, 2 / 3);
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 160 240" width="160" height="240"/);
  assert.match(svg, /<\/svg>$/);
  assert.match(svg, /<linearGradient /);
  assert.match(svg, /<(circle|rect x|polygon) /, 'one simple shape');
  // Every opened element is closed (a cheap well-formedness check without a parser).
  const opened = svg.match(/<[a-zA-Z][^>]*[^/]>/g)?.length ?? 0;
  const closed = svg.match(/<\/[a-zA-Z]+>/g)?.length ?? 0;
  assert.equal(opened, closed);
});

test('hostile ids are escaped before they reach the document', () => {
  const hostile = '"><script>alert(1)</script><x a=\'';
  const svg = boxartSvg(hostile);
  assert.doesNotMatch(svg, /<script/);
  assert.doesNotMatch(svg, /'/);
  const label = /aria-label="([^"]*)"/.exec(svg)?.[1] ?? '';
  assert.match(label, /^&#34;&#62;&#60;script/, 'the whole id stays inside its attribute');
  assert.match(svg, /aria-label="[^"<>]*"><defs>/, 'no attribute break-out');
  assert.match(svg, /&#60;script&#62;/);
  assert.equal(escapeXml(`<a href="x">&'`), '&#60;a href=&#34;x&#34;&#62;&#38;&#39;');
});

test('long ids are cut to fit the poster', () => {
  const svg = boxartSvg('a-very-long-title-id-that-goes-on-and-on-2001');
  assert.match(svg, />a-very-long-title-id-th&#8230;<\/text>/);
  assert.match(boxartSvg('short-1999'), />short-1999<\/text>/);
});
