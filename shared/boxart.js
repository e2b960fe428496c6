// @ts-check
// A deterministic poster for a title, drawn from its id alone: no image store,
// no network, the same bytes every time (so it caches well), and a fixed 2:3
// viewBox matching the card's <img width height> (no layout shift).

export const BOXART_WIDTH = 160;
export const BOXART_HEIGHT = 240;

/**
 * FNV-1a, 32-bit: tiny, fast and stable across platforms and Node versions.
 * @param {string} text
 * @returns {number} an unsigned 32-bit hash
 */
export function hashString(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Three shapes, picked by the hash; all stay inside the viewBox.
 * @type {((hash: number, color: string) => string)[]}
 */
const SHAPES = [
  (h, color) =>
    `<circle cx="${40 + (h % 80)}" cy="${70 + ((h >>> 8) % 60)}" r="${28 + ((h >>> 16) % 24)}" fill="${color}"/>`,
  (h, color) => {
    const x = 30 + (h % 60);
    const y = 50 + ((h >>> 8) % 60);
    return `<rect x="${x}" y="${y}" width="${60 + ((h >>> 16) % 30)}" height="${60 + ((h >>> 20) % 40)}" rx="6" fill="${color}"/>`;
  },
  (h, color) => {
    const top = 30 + (h % 40);
    return `<polygon points="80,${top} ${130 - ((h >>> 8) % 20)},${top + 110} ${30 + ((h >>> 16) % 20)},${top + 110}" fill="${color}"/>`;
  },
];

/**
 * The SVG document for `/art/<id>.svg`. Only the id decides the picture, and
 * the id itself never appears in it.
 * @param {string} id a title id
 * @returns {string} a standalone SVG document
 */
export function boxartSvg(id) {
  const key = String(id);
  const hash = hashString(key);
  const hue = hash % 360;
  const hue2 = (hue + 40 + ((hash >>> 9) % 140)) % 360;
  const shapeHue = (hue + 180) % 360;
  const shape = SHAPES[(hash >>> 24) % SHAPES.length](hashString(`${key}#shape`), `hsl(${shapeHue} 70% 60% / 0.85)`);
  const gradientId = `g${hash.toString(36)}`;
  // No text in the art: the card prints the title's name beside it, and an id
  // slug across a poster reads as debug output. The <img> has alt="".
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${BOXART_WIDTH} ${BOXART_HEIGHT}" ` +
    `width="${BOXART_WIDTH}" height="${BOXART_HEIGHT}" aria-hidden="true">` +
    `<defs><linearGradient id="${gradientId}" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 55% 32%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2} 60% 12%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="${BOXART_WIDTH}" height="${BOXART_HEIGHT}" fill="url(#${gradientId})"/>` +
    shape +
    `</svg>`
  );
}
