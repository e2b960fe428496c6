// @ts-check
// Film names arrive messy: some are JSON numbers ("1776", "2012"), some put the
// article last ("Secret, The"), and the foreign ones were saved as Latin-1 and
// read back as Mac Roman ("AstÈrix" for "Astérix"). These helpers repair that
// and say whether they changed anything, so the loader can count fixes.

// The upper half (0x80-0xFF) of Mac Roman, in byte order.
const MAC_ROMAN_HIGH =
  'ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü' +
  '†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø' +
  '¿¡¬√ƒ≈∆«»…\u00a0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ' +
  '‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ';

// Windows-1252 for bytes 0x80-0x9F (0xA0-0xFF are the same code points as the
// byte); spelled out because a Node built with small-icu has no such TextDecoder.
const CP1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** @type {ReadonlyMap<string, string>} mojibake character → intended character */
const MAC_ROMAN_TO_CP1252 = new Map(
  [...MAC_ROMAN_HIGH].map((char, index) => {
    const byte = 0x80 + index;
    return [char, byte < 0xa0 ? CP1252_80_9F[index] : String.fromCharCode(byte)];
  }),
);

// An accented capital right after a small letter ("AstÈrix") does not occur in
// real names, so it marks a file whose text went through the wrong code page.
const MOJIBAKE_MARK = /[a-z][À-ÖØ-Þ]/;

/**
 * Whether a data file's names carry Mac Roman mojibake. Decided once per file,
 * not per name, so a correctly encoded "Pokémon" elsewhere is never "repaired".
 * @param {readonly string[]} names
 * @param {number} [minimumMarked] how many marked names make the file suspect
 */
export function looksMacRomanMojibake(names, minimumMarked = 3) {
  let marked = 0;
  for (const name of names) {
    if (MOJIBAKE_MARK.test(name) && ++marked >= minimumMarked) return true;
  }
  return false;
}

/**
 * Undoes Latin-1-read-as-Mac-Roman; leaves the text alone when any character
 * is outside Mac Roman ("Alien³" stays as it is).
 * @param {string} text
 */
export function repairMacRoman(text) {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let repaired = '';
  for (const char of text) {
    if (char <= '\x7e') repaired += char;
    else if (MAC_ROMAN_TO_CP1252.has(char)) repaired += MAC_ROMAN_TO_CP1252.get(char);
    else return text;
  }
  return repaired;
}

/**
 * @param {unknown} raw the "Title" field as found in the file
 * @param {{ repairMojibake: boolean }} options
 * @returns {{ name: string, fixed: boolean } | null} null when there is no usable name
 */
export function cleanTitleName(raw, { repairMojibake }) {
  let fixed = false;
  let name;
  if (typeof raw === 'string') name = raw;
  else if (typeof raw === 'number' && Number.isFinite(raw)) {
    name = String(raw);
    fixed = true;
  } else return null;

  name = name.replace(/\s+/g, ' ').trim();
  if (name === '') return null;

  if (repairMojibake) {
    const repaired = repairMacRoman(name);
    if (repaired !== name) [name, fixed] = [repaired, true];
  }

  const inverted = /^(.+), (The|A|An)$/.exec(name);
  if (inverted) [name, fixed] = [`${inverted[2]} ${inverted[1]}`, true];

  return { name, fixed };
}

/**
 * A free-text field (director, genre, MPAA rating): trimmed, or null.
 * @param {unknown} raw
 * @param {{ repairMojibake: boolean }} options
 */
export function cleanText(raw, { repairMojibake }) {
  if (typeof raw !== 'string') return null;
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  return repairMojibake ? repairMacRoman(text) : text;
}
