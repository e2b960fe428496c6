// @ts-check
// The frame of a perf tool's run: what it starts is stopped however the run
// ends: done, failed (one line on stderr and exit code 1, not a stack trace)
// or interrupted (Ctrl-C: exit code 130; the apps run in their own process
// groups and would outlive the tool).

/**
 * @param {string} tool e.g. 'perf:load', the start of the error line
 * @param {(onStop: (stop: () => Promise<unknown>) => void) => Promise<void>} main
 *   onStop: registers what stops something main started (the last one is stopped first)
 */
export async function runTool(tool, main) {
  /** @type {(() => Promise<unknown>)[]} */
  const stops = [];
  const stopAll = () =>
    Promise.allSettled(
      stops
        .splice(0)
        .reverse()
        .map((stop) => stop()),
    );
  process.once('SIGINT', () => stopAll().then(() => process.exit(130)));
  try {
    await main((stop) => stops.push(stop));
  } catch (error) {
    console.error(`${tool}: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await stopAll();
  }
}
