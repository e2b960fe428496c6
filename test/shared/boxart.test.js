// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boxartSvg, hashString, BOXART_WIDTH, BOXART_HEIGHT } from '../../shared/boxart.js';

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

test('no text in the art: the id never reaches the document, hostile or not', () => {
  for (const id of ['the-shawshank-redemption-1994', '"><script>alert(1)</script><x a=\'']) {
    const svg = boxartSvg(id);
    assert.doesNotMatch(svg, /<text|<script|shawshank/, id);
    assert.match(svg, /aria-hidden="true"/, 'decorative: the card names the title');
  }
  assert.ok(boxartSvg('the-shawshank-redemption-1994').length < 600, 'a few hundred bytes per poster');
});
