// @ts-check
// A copy of the project as a developer sees it (tracked and new files of the
// working tree, not the ignored ones), node_modules shared by a symlink: the
// reference fix that --check measures a student's tree against is made in
// one, and test/exercises/patches.test.js runs each exercise in one.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Without git (a copy of a copy, a tarball): what .gitignore leaves out, by path from the root. */
const NOT_PROJECT = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  'notes',
  'perf/results',
  'perf/exercises/.hints.json',
  'perf/exercises/.last-check.json',
]);

/**
 * @param {string} [root] the project to list
 * @returns {string[]} its files, relative to root
 */
export function projectFiles(root = ROOT) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) return walk(root, '');
  return listed.stdout.split('\0').filter((file) => file && existsSync(path.join(root, file)));
}

/**
 * @param {string} root
 * @param {string} dir relative to root
 * @returns {string[]}
 */
function walk(root, dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (NOT_PROJECT.has(file) || entry.name.endsWith('.log') || entry.name === '.DS_Store') return [];
    if (entry.isDirectory()) return walk(root, file);
    return entry.isFile() ? [file] : [];
  });
}

/**
 * Copies the project into `dir`. node_modules is linked; of dist/, only the
 * client build is linked (the pages read its manifest), so the copy builds
 * its own server bundle without overwriting ours.
 * @param {string} dir
 * @param {{ root?: string, files?: string[] }} [options] files: projectFiles(root), listed once for many copies
 * @returns {string} dir
 */
export function copyProject(dir, { root = ROOT, files = projectFiles(root) } = {}) {
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(dir, file));
  }
  if (existsSync(path.join(root, 'node_modules')))
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  if (existsSync(path.join(root, 'dist/client'))) {
    mkdirSync(path.join(dir, 'dist'), { recursive: true });
    symlinkSync(path.join(root, 'dist/client'), path.join(dir, 'dist/client'));
  }
  return dir;
}
