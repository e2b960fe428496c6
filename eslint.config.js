// @ts-check
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['dist/', 'node_modules/', 'perf/results/', 'coverage/'] },
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
    files: ['client/**/*.{js,jsx}', 'shared/**/*.{js,jsx}'],
    ignores: ['client/build.js'],
    languageOptions: { globals: { ...globals.browser } },
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
