// @ts-check
// JSON that is safe inside an HTML <script> element: a title containing
// `</script>` or `<!--` must not end the element or open a comment, and
// U+2028/U+2029 must not break older JavaScript parsers.

/** @type {Record<string, string>} */
const ESCAPES = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * @param {unknown} value
 * @returns {string}
 */
export function serializeJsonForHtml(value) {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => ESCAPES[ch]);
}
