/**
 * The one retry delay: exponential from `baseMs`, capped at `maxMs`, with jitter by default so that
 * requests that lost the same race do not collide again on the same beat.
 */
export interface BackoffOptions {
  readonly baseMs?: number;
  readonly maxMs?: number;
  /** Spread each delay over its upper half (0.5x to 1x); off for work with no competitor (a batch's leftovers). */
  readonly jitter?: boolean;
}

/** The delay before retry number `attempt` (0 for the first retry), in ms. */
export function backoffDelay(attempt: number, { baseMs = 20, maxMs = 400, jitter = true }: BackoffOptions = {}): number {
  const ms = Math.min(maxMs, baseMs * 2 ** attempt);
  return jitter ? ms * (0.5 + Math.random() / 2) : ms;
}

/** Waits the delay of retry number `attempt`. */
export function backoff(attempt: number, options?: BackoffOptions): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, options)));
}
