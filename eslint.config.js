// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';

// The catalog (server/catalog/) is a separate service, the first thing a
// starter replaces with their own API (docs/decisions/008). Neither side
// imports the other; what both need (id rules, error classes) lives in shared/.
const CATALOG_DIR = path.join(import.meta.dirname, 'server/catalog');
const SHARED_DIR = path.join(import.meta.dirname, 'shared');
const EDGE_WHY = 'the catalog is a separate service: talk to it over HTTP, share what both need through shared/';

/** @param {string} dir @param {string} file */
const inside = (dir, file) => {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};
/** @param {string} file */
const inCatalog = (file) => inside(CATALOG_DIR, file);

/**
 * Calls `check` with every module a file names: static imports, `export … from`,
 * `import()` and JSDoc `import('…')` types.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {(node: import('estree').Node | null, loc: import('estree').SourceLocation | null | undefined, specifier: string) => void} check
 * @returns {import('eslint').Rule.RuleListener}
 */
function visitImports(context, check) {
  /** @param {{ source?: import('estree').Node | null }} node */
  const checkSource = (node) => {
    if (node.source?.type === 'Literal' && typeof node.source.value === 'string')
      check(node.source, undefined, node.source.value);
  };
  return {
    ImportDeclaration: checkSource,
    ExportNamedDeclaration: checkSource,
    ExportAllDeclaration: checkSource,
    ImportExpression: checkSource,
    Program() {
      for (const comment of context.sourceCode.getAllComments()) {
        for (const match of comment.value.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g))
          check(null, comment.loc, match[1]);
      }
    },
  };
}

/**
 * A relative specifier, resolved from the importing file; null for a bare one
 * (npm packages, node:), which no rule here is about.
 * @param {string} file @param {string} specifier
 */
const resolveRelative = (file, specifier) => {
  if (!/^(\.{1,2}\/|\/|file:)/.test(specifier)) return null;
  return specifier.startsWith('file:') ? new URL(specifier).pathname : path.resolve(path.dirname(file), specifier);
};

/**
 * @param {import('eslint').Rule.RuleContext} context
 * @param {import('estree').Node | null} node
 * @param {import('estree').SourceLocation | null | undefined} loc
 * @param {string} messageId
 * @param {Record<string, string>} data
 */
const report = (context, node, loc, messageId, data) =>
  node ? context.report({ node, messageId, data }) : context.report({ loc: /** @type {any} */ (loc), messageId, data });

/**
 * A relative path is resolved and refused when it crosses the catalog's edge.
 * Bare specifiers (npm packages, node:) are fine on both sides.
 * @type {import('eslint').Rule.RuleModule}
 */
const catalogEdge = {
  meta: {
    type: 'problem',
    docs: { description: 'keep the catalog service and the app from importing each other' },
    schema: [],
    messages: { crossing: "'{{specifier}}' crosses the catalog's edge: {{why}}." },
  },
  create(context) {
    const file = context.filename;
    const catalogSide = inCatalog(file);
    return visitImports(context, (node, loc, specifier) => {
      const target = resolveRelative(file, specifier);
      if (target === null) return;
      const crosses = catalogSide ? !inCatalog(target) && !inside(SHARED_DIR, target) : inCatalog(target);
      if (crosses) report(context, node, loc, 'crossing', { specifier, why: EDGE_WHY });
    });
  },
};

// The layers, top to bottom: each imports only from itself and the layers
// below. The tools start the fleet (perf above deploy), the fleet starts the
// server, the server serves the client's build, and shared/ is what the server
// and the browser both run. Tests may import anything; nothing imports a test.
const LAYERS = ['perf', 'deploy', 'server', 'client', 'shared'];

/** @param {string} file @returns {string | null} its top folder, if it is a layer or test/ */
const topFolder = (file) => {
  const [top] = path.relative(import.meta.dirname, file).split(path.sep);
  return LAYERS.includes(top) || top === 'test' ? top : null;
};

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'imports run one way: perf -> deploy -> server -> client -> shared; nothing imports test/' },
    schema: [],
    messages: {
      upward:
        "'{{specifier}}' runs up the layers ({{from}}/ imports {{to}}/): imports run perf -> deploy -> server -> client -> shared; move what both need below both.",
      test: "'{{specifier}}' imports a test file: only tests import from test/; move what both need out of it.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = topFolder(file);
    // Tests may import anything; files outside the layers (this config) are in none.
    if (from === null || from === 'test') return {};
    return visitImports(context, (node, loc, specifier) => {
      const target = resolveRelative(file, specifier);
      const to = target === null ? null : topFolder(target);
      if (to === null || to === from) return;
      if (to === 'test') report(context, node, loc, 'test', { specifier });
      else if (LAYERS.indexOf(to) < LAYERS.indexOf(from)) report(context, node, loc, 'upward', { specifier, from, to });
    });
  },
};

/** Marquee's own rules. */
const marquee = { rules: { 'catalog-edge': catalogEdge, layers } };

export default [
  { ignores: ['dist/', 'node_modules/', 'perf/results/', 'coverage/', 'notes/'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,jsx}'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.node },
    },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['client/**/*.{js,jsx}', 'shared/**/*.{js,jsx}', 'perf/tti/lighthouse/react-floor/entry.jsx'],
    // The client's build scripts run in Node, not in the page.
    ignores: ['client/build/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Every layer; test/ may import anything (the rule lets it).
    files: ['**/*.{js,jsx}'],
    plugins: { marquee },
    rules: { 'marquee/layers': 'error' },
  },
  {
    // Both sides of the catalog's edge; tests and perf tools (test/**, perf/**)
    // may reach into the catalog, and server/catalog-process.js starts it by
    // path (a child process, not an import).
    files: ['server/**/*.{js,jsx}', 'client/**/*.{js,jsx}', 'shared/**/*.{js,jsx}'],
    plugins: { marquee },
    rules: { 'marquee/catalog-edge': 'error' },
  },
  {
    // A focused test must never land: it silently skips the rest of the suite.
    files: ['test/**/*.js'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'Remove .only before committing.' },
      ],
    },
  },
];
