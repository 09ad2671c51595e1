/**
 * Polls until `check` answers something: for what happens in the stack's own process after a request returns
 * (the notification queue and its sender), where a test can only watch the outcome.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
