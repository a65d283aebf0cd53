/**
 * A bounded poll for tests that wait for something to happen (a mail arriving, a queue draining) instead
 * of sleeping a fixed time. No test-framework imports: usable from Vitest (Node or workerd) and Playwright.
 */
export type WaitForOptions = {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Pause between checks (default 100 ms). */
  intervalMs?: number;
  /** What did not happen; the error says so, with the time waited. */
  message?: string;
};

/**
 * Calls `check` until it returns something truthy and returns that value. `check` may be async; if it throws,
 * the error propagates at once (a broken check is not retried). Fails after `timeoutMs` with `message`.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 100, message = "condition was not met" }: WaitForOptions = {},
): Promise<NonNullable<T>> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    const waited = Date.now() - start;
    if (waited >= timeoutMs) throw new Error(`Timed out after ${waited} ms: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, timeoutMs - waited)));
  }
}
