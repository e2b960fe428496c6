// @ts-check
// Docs name files of the repository; a file that moved leaves them pointing at nothing. Every path
// a README or a guide names (one of the top-level folders, down to a file with its extension) must
// exist, unless git ignores it (a tool's output under perf/results/, a state file it writes).
// CHANGELOG.md is left alone: it records what the paths were then.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** A path as docs write one: a top-level folder, then down to a file name with its extension. */
const PATH =
  /(?<![\w/.-])((?:server|client|shared|views|perf|test|docs|deploy)\/[\w./-]*\w\.(?:js|jsx|md|hbs|json|css|patch|sh|sql))\b/g;

/** @param {string} dir @returns {string[]} the Markdown files under dir, relative to the root */
const markdownUnder = (dir) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(dir, f));

/** @param {string} file */
const ignoredByGit = (file) => {
  try {
    execFileSync('git', ['check-ignore', '-q', file], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
};

test('every repository path a doc names exists', () => {
  const docs = ['README.md', ...markdownUnder('docs'), ...markdownUnder('perf').filter((f) => !f.includes('results'))];
  /** @type {string[]} */
  const missing = [];
  for (const doc of docs) {
    // An exercise's README may name a file its own patch makes (the pitfall's, there once unfixed).
    const patch = /^perf\/exercises\/\d\d-[^/]+\/README\.md$/.test(doc)
      ? readFileSync(path.join(ROOT, path.dirname(doc), 'unfixed.patch'), 'utf8')
      : '';
    for (const [, named] of readFileSync(path.join(ROOT, doc), 'utf8').matchAll(PATH)) {
      // `NN` stands for an exercise's number in the workshop's docs.
      if (/\bNN\b/.test(named) || existsSync(path.join(ROOT, named)) || ignoredByGit(named)) continue;
      if (patch.includes(`+++ b/${named}\n`)) continue;
      missing.push(`${doc}: ${named}`);
    }
  }
  assert.deepEqual(missing, [], 'docs that name a file that is not there: name where it is now');
});
