// @ts-check
// The plain reference page's cards (perf/baseline/plain.js), in two markups:
// - `plain`: a link, an image and two text spans;
// - `marquee`: the markup Marquee's server sends for a card, element for
//   element and attribute for attribute (its info and My List buttons with
//   their aria, the details box, the poster's srcset; past a row's third card
//   a `<picture>` whose source waits for a wide enough screen, a placeholder
//   image and a `<noscript>` copy of the real one), and its rows' section,
//   heading and list with theirs.
// Written anew from the HTML Marquee serves, sharing none of its code: the
// difference between the two markups is what Marquee's features cost React to
// render; what Marquee costs beyond the `marquee` markup is its machinery.
import { createElement as h, useId } from 'react';

/**
 * @typedef {{ id: string, name: string, year?: number, rating?: number | null }} Title
 * @typedef {{ id: string, name: string, ids: string[] }} List
 * @typedef {{ title: Title, row: number, index: number }} CardProps index: the card's place in its row
 * @typedef {{ list: List, titles: Title[], row: number }} RowProps
 */

export const CARD_MARKUPS = /** @type {const} */ (['plain', 'marquee']);

/** @param {CardProps} props */
function PlainCard({ title }) {
  return h(
    'li',
    { className: 'card' },
    h(
      'a',
      { href: `/title/${title.id}` },
      h('img', { src: `/art/${title.id}.160w.v1.webp`, width: 160, height: 240, alt: '' }),
      h('span', null, title.name),
      h('span', null, `${title.year ?? ''} · ${title.rating ?? ''}`),
    ),
  );
}

/** @param {RowProps & { Card: (props: CardProps) => any }} props */
function PlainRow({ list, titles, row, Card }) {
  return h(
    'section',
    null,
    h('h2', null, list.name),
    h(
      'ul',
      null,
      titles.map((title, index) => h(Card, { key: title.id, title, row, index })),
    ),
  );
}

/** Cards a row shows at once on a phone: the rest wait for their place (Marquee's posters past the third). */
const SHOWN_FIRST = 3;
/** The narrowest screen that shows a row's 4th card, and each next card's step, CSS px. */
const FOURTH_CARD_MIN_WIDTH = 541;
const CARD_STEP = 172;
/** Tints a poster shows until it loads. */
const TINTS = 12;

/** @param {string} id */
function tintOf(id) {
  let hash = 0;
  for (let i = 0; i < id.length; i += 1) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return `tint-${hash % TINTS}`;
}

/** "2011 · ★ 7.6", or what of it the title has. @param {Title} title */
function metaOf({ year, rating }) {
  return [year, typeof rating === 'number' ? `★ ${rating.toFixed(1)}` : null]
    .filter((part) => part != null)
    .join(' · ');
}

/** @param {CardProps} props */
function MarqueeCard({ title, row, index }) {
  const detailsId = useId();
  const src = `/art/${title.id}.160w.v1.webp`;
  const srcSet = `/art/${title.id}.320w.v1.webp 2x`;
  const tint = tintOf(title.id);
  // The first row's images load at once, the first of them first; every other row's when near.
  const loading = row === 0 ? {} : { loading: 'lazy' };
  const priority = row === 0 && index === 0 ? { fetchPriority: 'high' } : {};
  const image = { width: 160, height: 240, alt: '', ...priority, ...loading, decoding: 'async' };
  const poster =
    index < SHOWN_FIRST
      ? [h('img', { key: 'img', className: `card__art ${tint}`, src, srcSet, ...image })]
      : [
          h(
            'picture',
            { key: 'picture', className: 'card__art-frame' },
            h('source', {
              media: `(min-width: ${FOURTH_CARD_MIN_WIDTH + CARD_STEP * (index - SHOWN_FIRST)}px)`,
              srcSet: `${src}, /art/${title.id}.320w.v1.webp 2x`,
            }),
            h('img', { className: `card__art ${tint} card__art--later`, ...image }),
          ),
          h('noscript', { key: 'noscript' }, h('img', { className: `card__art ${tint}`, src, srcSet, ...image })),
        ];
  return h(
    'li',
    { className: 'card', 'data-title-id': title.id },
    h(
      'a',
      { className: 'card__link', href: `/title/${title.id}` },
      ...poster,
      h('span', { className: 'card__name' }, title.name),
      h('span', { className: 'card__meta' }, metaOf(title)),
    ),
    h(
      'button',
      {
        type: 'button',
        className: 'card__info',
        'aria-pressed': false,
        'aria-controls': detailsId,
        'aria-label': `Details: ${title.name}`,
      },
      'i',
    ),
    h(
      'button',
      {
        type: 'button',
        className: 'mylist mylist--card',
        'aria-pressed': false,
        'aria-label': `My List: ${title.name}`,
      },
      '+',
    ),
    h('div', { id: detailsId, className: 'card__details', hidden: true }),
  );
}

/** @param {RowProps & { Card: (props: CardProps) => any }} props */
function MarqueeRow({ list, titles, row, Card }) {
  const nameId = `row-${row}-name`;
  return h(
    'section',
    { className: 'row', 'data-row-index': row, 'data-row-state': 'loaded', 'aria-labelledby': nameId },
    h('h2', { className: 'row__name', id: nameId }, list.name),
    h(
      'ul',
      { className: 'row__cards' },
      titles.map((title, index) => h(Card, { key: title.id, title, row, index })),
    ),
  );
}

/**
 * @param {typeof CARD_MARKUPS[number]} markup
 * @returns {(props: { rows: { list: List, titles: Title[] }[] }) => any} the page's main element
 */
export function pageOf(markup) {
  const [Row, Card] = markup === 'marquee' ? [MarqueeRow, MarqueeCard] : [PlainRow, PlainCard];
  return function Page({ rows }) {
    return h(
      'main',
      null,
      rows.map(({ list, titles }, row) => h(Row, { key: list.id, list, titles, row, Card })),
    );
  };
}
