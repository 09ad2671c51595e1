/**
 * A value kept for a few seconds per Lambda container: the first caller loads it, callers within `ttlMs`
 * share that load (also while it is in flight), and a failed load is not kept, so the next caller tries again.
 * For settings read on many requests that may be a few seconds stale (the system configuration).
 */
export interface TtlCache<T> {
  get(): Promise<T>;
  /** Forgets the value, so the next get loads it (after this container changed it itself). */
  clear(): void;
}

export function ttlCache<T>(load: () => Promise<T>, ttlMs: number, now: () => number = () => Date.now()): TtlCache<T> {
  let entry: { readonly value: Promise<T>; readonly loadedAt: number } | undefined;
  return {
    get() {
      const at = now();
      if (entry && at - entry.loadedAt < ttlMs) return entry.value;
      const value = load();
      const current = { value, loadedAt: at };
      entry = current;
      value.catch(() => {
        if (entry === current) entry = undefined;
      });
      return value;
    },
    clear() {
      entry = undefined;
    },
  };
}
