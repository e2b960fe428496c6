// @ts-check
// A node:test reporter for `--check`: one JSON line per failed test (its name,
// the assertion's message and values, or the error that is not an assertion),
// and one for the totals, which lib/behaviour.js words for a student. The
// usual reporters print stack traces a student has no use for.
//   node --test --test-reporter=./perf/exercises/lib/test-reporter.js FILE

/**
 * @param {AsyncIterable<{ type: string, data: any }>} source
 */
export default async function* checkReporter(source) {
  let passed = 0;
  let failed = 0;
  for await (const { type, data } of source) {
    if (type === 'test:pass' && !data.details?.type) passed += 1;
    if (type !== 'test:fail') continue;
    // A suite fails with its tests: the tests say what, the suite would only repeat it.
    if (data.details?.type === 'suite') continue;
    failed += 1;
    const error = data.details?.error;
    const cause = error?.cause ?? error;
    yield `${JSON.stringify({
      test: data.name,
      assertion: cause?.code === 'ERR_ASSERTION',
      // Node's own words ("Expected values to be strictly equal") say less than the values do.
      generated: Boolean(cause?.generatedMessage),
      message: String(cause?.message ?? error?.message ?? 'failed'),
      actual: cause?.code === 'ERR_ASSERTION' ? brief(cause.actual) : undefined,
      expected: cause?.code === 'ERR_ASSERTION' ? brief(cause.expected) : undefined,
      // Where the error came from, for one that is not an assertion: its first frame in the project.
      at: cause?.code === 'ERR_ASSERTION' ? undefined : firstFrame(cause?.stack),
    })}\n`;
  }
  yield `${JSON.stringify({ passed, failed })}\n`;
}

/** @param {unknown} value */
function brief(value) {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text && text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** @param {string | undefined} stack */
function firstFrame(stack) {
  const frame = stack
    ?.split('\n')
    .slice(1)
    .find((line) => /\/(server|shared|client|views)\//.test(line) && !line.includes('node_modules'));
  return frame
    ?.trim()
    .replace(/^at /, '')
    .replace(/^.*\((.*)\)$/, '$1')
    .replace(/^file:\/\/.*?\/(?=(server|shared|client|views)\/)/, '');
}
