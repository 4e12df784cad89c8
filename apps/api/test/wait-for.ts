/**
 * Polls until `probe` answers something other than undefined (a job finished, a mail arrived, a row changed) and
 * answers it; fails after `timeoutMs`. For effects of background work that no request returns.
 */
export async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  { timeoutMs = 20_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
