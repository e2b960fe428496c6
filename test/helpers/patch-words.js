// @ts-check
// What a patch would give away if a tool's output said it: the paths of the
// files it changes (and their names), and the identifiers of the code on the
// lines it adds or removes, comments and string literals left out (their
// words are prose, not code). Found from the patch itself, so a new or remade
// patch is covered without a list to keep.

/** The language's own words: in every patch, and no clue to any. */
const KEYWORDS = new Set(
  `await async break case catch class const continue debugger default delete do else export extends false finally
  for from function if import in instanceof let new null of return static super switch this throw true try typeof
  undefined var void while with yield as`.split(/\s+/),
);

/**
 * One line of code without its comments and string literals.
 * @param {string} line
 */
export function codeOf(line) {
  const trimmed = line.trim();
  // A line of a JSDoc or block comment (one closed on its own line is read past, below).
  if (trimmed.startsWith('*') || (trimmed.startsWith('/*') && !trimmed.includes('*/'))) return '';
  let code = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '/' && line[i + 1] === '/') break;
    if (c === '/' && line[i + 1] === '*') {
      const end = line.indexOf('*/', i + 2);
      if (end === -1) break;
      i = end + 1;
      code += ' ';
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < line.length && line[j] !== c) j += line[j] === '\\' ? 2 : 1;
      i = j;
      code += ' ';
    } else code += c;
  }
  return code;
}

/**
 * @param {string} patch a unified diff
 * @returns {{ files: string[], identifiers: string[] }}
 */
export function patchWords(patch) {
  const files = new Set();
  const identifiers = new Set();
  for (const line of patch.split('\n')) {
    const header = /^(?:\+\+\+|---) [ab]\/(.+)$/.exec(line);
    if (header) files.add(header[1]);
    else if (/^[+-]/.test(line) && !/^(\+\+\+|---) /.test(line))
      for (const [word] of codeOf(line.slice(1)).matchAll(/[A-Za-z_$][\w$]*/g))
        if (!KEYWORDS.has(word)) identifiers.add(word);
  }
  return { files: [...files], identifiers: [...identifiers].sort() };
}

/**
 * What of a patch's words a text says: a file's path or name anywhere, an
 * identifier as a whole word (case as written: `get` is not `GET`).
 * @param {string} text
 * @param {{ files: string[], identifiers: string[] }} words
 * @returns {string[]} the words found
 */
export function wordsIn(text, { files, identifiers }) {
  const found = [];
  for (const file of files) {
    if (text.includes(file)) found.push(file);
    const name = file.split('/').pop() ?? file;
    if (name !== file && text.includes(name)) found.push(name);
  }
  for (const word of identifiers)
    if (new RegExp(`(?<![\\w$])${word.replace(/\$/g, '\\$')}(?![\\w$])`).test(text)) found.push(word);
  return found;
}

/**
 * What of a patch's words a README's text before its spoiler line gives
 * away: a file's path or name anywhere; an identifier shaped as code
 * (`keysOf`, `JSON`, `setImmediate`) anywhere; one that is also an English
 * word (`copy`, `connection`) only where the text writes it as code, in
 * backticks or a fenced block: the story may say "a connection", never
 * `connection`.
 * @param {string} text Markdown
 * @param {{ files: string[], identifiers: string[] }} words
 * @returns {string[]} the words found
 */
export function spoilersIn(text, { files, identifiers }) {
  // Fenced blocks are code; so are inline spans, each on one line.
  const fenced = [...text.matchAll(/^```.*\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  const inline = [...text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  // A tool's option (`--atf-rows`) is the tool's word, not the code's.
  const spans = [...fenced, ...inline].join('\n').replace(/--[\w-]+/g, ' ');
  const codeShaped = identifiers.filter((word) => /[A-Z_$\d]/.test(word));
  // Words of three letters or fewer (`to`, `at`, `app`) say nothing of where a pitfall is.
  const plain = identifiers.filter((word) => !codeShaped.includes(word) && word.length > 3);
  return [...wordsIn(text, { files, identifiers: codeShaped }), ...wordsIn(spans, { files: [], identifiers: plain })];
}
