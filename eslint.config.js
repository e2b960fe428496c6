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
 * Static imports, `export … from`, `import()` and JSDoc `import('…')` types:
 * a relative path is resolved and refused when it crosses the edge. Bare
 * specifiers (npm packages, node:) are fine on both sides.
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
    /** @param {string} specifier */
    const crosses = (specifier) => {
      if (!/^(\.{1,2}\/|\/|file:)/.test(specifier)) return false;
      const target = specifier.startsWith('file:')
        ? new URL(specifier).pathname
        : path.resolve(path.dirname(file), specifier);
      return catalogSide ? !inCatalog(target) && !inside(SHARED_DIR, target) : inCatalog(target);
    };
    /** @param {import('estree').Node} node @param {unknown} specifier */
    const check = (node, specifier) => {
      if (typeof specifier === 'string' && crosses(specifier))
        context.report({ node, messageId: 'crossing', data: { specifier, why: EDGE_WHY } });
    };
    /** @param {{ source?: import('estree').Node | null }} node */
    const checkSource = (node) => {
      if (node.source?.type === 'Literal') check(node.source, node.source.value);
    };
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: checkSource,
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          for (const match of comment.value.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
            if (crosses(match[1])) {
              context.report({ loc: comment.loc, messageId: 'crossing', data: { specifier: match[1], why: EDGE_WHY } });
            }
          }
        }
      },
    };
  },
};

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
    // Both sides of the catalog's edge; tests and perf tools (test/**, perf/**)
    // may reach into the catalog, and server/catalog-process.js starts it by
    // path (a child process, not an import).
    files: ['server/**/*.{js,jsx}', 'client/**/*.{js,jsx}', 'shared/**/*.{js,jsx}'],
    plugins: { marquee: { rules: { 'catalog-edge': catalogEdge } } },
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
