/**
 * How a bench script ends: its exit code from `main`, its clean-up always (also on Ctrl-C), and a one-line
 * message instead of a stack when it fails.
 */
export async function runMain(
  name: string,
  main: () => Promise<number>,
  cleanup: () => Promise<void>,
): Promise<never> {
  process.once('SIGINT', () => {
    console.error('\ninterrupted: cleaning up');
    void cleanup().finally(() => process.exit(130));
  });
  let exitCode = 1;
  try {
    exitCode = await main();
  } catch (error) {
    console.error(`${name} failed:`, error instanceof Error ? error.message : error);
  } finally {
    await cleanup();
  }
  process.exit(exitCode);
}
