// @ts-check
// Reads what `node --test --test-reporter=tap` says about one file: its
// closing counts, and the reason given for each skipped test.

/**
 * @param {string} output the file's whole TAP output
 * @returns {{ tests: number, passed: number, failed: number, skipped: number, skips: string[] }}
 */
export function parseTap(output) {
  /** @param {string} name */
  const count = (name) => Number(output.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  const skips = [...output.matchAll(/^\s*ok \d+ - (.*?) # SKIP ?(.*)$/gm)].map(([, test, why]) =>
    why ? `${test} (${why})` : test,
  );
  return {
    tests: count('tests'),
    passed: count('pass'),
    // A test cancelled (its file ended, or a hook failed) did not pass either.
    failed: count('fail') + count('cancelled'),
    skipped: count('skipped'),
    skips,
  };
}
