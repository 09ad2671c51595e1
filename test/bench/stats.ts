/**
 * Pure arithmetic of the benchmark: percentiles of latency samples and recall against a baseline. Kept apart
 * from the runner so unit tests can pin the definitions (test/unit/bench-stats.test.ts).
 */

/**
 * The p-th percentile (0..100) by the nearest-rank method: the smallest sample with at least p% of the
 * samples at or below it. Nearest rank never invents a latency nobody measured, unlike interpolation.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('percentile of no samples');
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile must be within 0..100, got ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

export interface Recall {
  /** Baseline ids the candidate also returned. */
  readonly found: number;
  /** Size of the baseline set. */
  readonly expected: number;
  /** found / expected; 1 when the baseline is empty (nothing to miss). */
  readonly ratio: number;
  /** Baseline ids the candidate did not return, in baseline order. */
  readonly missing: readonly string[];
}

/** How much of the baseline's result set the candidate found: |baseline ∩ candidate| / |baseline|. */
export function recall(baseline: readonly string[], candidate: Iterable<string>): Recall {
  const returned = new Set(candidate);
  const expected = new Set(baseline);
  const missing = [...expected].filter((id) => !returned.has(id));
  const found = expected.size - missing.length;
  return { found, expected: expected.size, ratio: expected.size === 0 ? 1 : found / expected.size, missing };
}

/** Relative change from `from` to `to` (0.2 = 20% more); 0 when both are 0. */
export function relativeChange(from: number, to: number): number {
  if (from === 0) return to === 0 ? 0 : Number.POSITIVE_INFINITY;
  return (to - from) / from;
}

/** Words of a text as the benchmark counts them to pick common and rare words: lower-case letters and digits. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** In how many texts each word appears (once per text). */
export function documentFrequencies(texts: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(wordsOf(text))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}
