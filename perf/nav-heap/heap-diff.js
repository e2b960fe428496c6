// @ts-check
// What grew between two V8 heap snapshots, by constructor: the comparison
// view of DevTools' Memory panel, in a terminal. Objects are grouped by their
// kind and name (an `Object` of JS, a `PerformanceMark` of Blink, `(compiled
// code)`, `(string)`): a group whose count climbs with every navigation is
// what a long visit keeps.
//   node perf/nav-heap/heap-diff.js DIR/nav-50.heapsnapshot DIR/nav-200.heapsnapshot
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** @typedef {{ count: number, bytes: number }} Group */

/**
 * @param {string} json a whole .heapsnapshot file
 * @returns {Map<string, Group>} self sizes and counts per `kind name`
 */
export function heapByConstructor(json) {
  const snapshot = JSON.parse(json);
  const meta = snapshot.snapshot.meta;
  const fields = meta.node_fields;
  const typeNames = meta.node_types[0];
  const stride = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  if (stride === 0 || typeAt < 0 || nameAt < 0 || sizeAt < 0) throw new Error('not a V8 heap snapshot');
  /** @type {Map<string, Group>} */
  const groups = new Map();
  const nodes = snapshot.nodes;
  for (let i = 0; i < nodes.length; i += stride) {
    const type = typeNames[nodes[i + typeAt]];
    // Strings, code and V8's own arrays are told apart by kind only: their names are their contents.
    const key =
      type === 'object' || type === 'native' || type === 'closure'
        ? `${type} ${snapshot.strings[nodes[i + nameAt]]}`.slice(0, 90)
        : `(${type})`;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += nodes[i + sizeAt];
    groups.set(key, group);
  }
  return groups;
}

/**
 * The groups that grew most from `before` to `after`, by bytes.
 * @param {Map<string, Group>} before
 * @param {Map<string, Group>} after
 * @param {number} [top]
 * @returns {{ key: string, count: number, countDelta: number, bytes: number, bytesDelta: number }[]}
 */
export function heapDiff(before, after, top = 15) {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .map((key) => {
      const a = before.get(key) ?? { count: 0, bytes: 0 };
      const b = after.get(key) ?? { count: 0, bytes: 0 };
      return { key, count: b.count, countDelta: b.count - a.count, bytes: b.bytes, bytesDelta: b.bytes - a.bytes };
    })
    .sort((x, y) => y.bytesDelta - x.bytesDelta)
    .slice(0, top);
}

/**
 * The table printed for a diff, one line per group.
 * @param {ReturnType<typeof heapDiff>} rows
 */
export function formatDiff(rows) {
  const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
  return rows
    .map(
      (row) =>
        `  ${row.key.padEnd(60)} ${String(row.count).padStart(7)} (${row.countDelta >= 0 ? '+' : ''}${row.countDelta})` +
        ` ${kb(row.bytes).padStart(8)} KB (${row.bytesDelta >= 0 ? '+' : ''}${kb(row.bytesDelta)} KB)`,
    )
    .join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [before, after] = process.argv.slice(2);
  if (!before || !after) {
    console.error('usage: node perf/nav-heap/heap-diff.js BEFORE.heapsnapshot AFTER.heapsnapshot');
    process.exit(2);
  }
  const rows = heapDiff(
    heapByConstructor(readFileSync(before, 'utf8')),
    heapByConstructor(readFileSync(after, 'utf8')),
    25,
  );
  console.log(`what grew from ${before} to ${after} (count and self size at the second; change):\n${formatDiff(rows)}`);
}
