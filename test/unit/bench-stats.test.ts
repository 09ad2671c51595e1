import { describe, expect, it } from 'vitest';
import { documentFrequencies, median, percentile, recall, relativeChange, wordsOf } from '../bench/stats.ts';

describe('bench percentiles', () => {
  it('uses the nearest rank, so every percentile is a measured sample', () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(samples, 50)).toBe(5);
    expect(percentile(samples, 95)).toBe(10);
    expect(percentile(samples, 90)).toBe(9);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentile(samples, 100)).toBe(10);
    expect(median([3, 1, 2])).toBe(2);
  });

  it('puts p95 of 50 samples on the 48th smallest', () => {
    const samples = Array.from({ length: 50 }, (_, index) => 50 - index);
    expect(percentile(samples, 95)).toBe(48);
  });

  it('rejects an empty sample set and an out-of-range percentile', () => {
    expect(() => percentile([], 50)).toThrow(/no samples/);
    expect(() => percentile([1], 101)).toThrow(/0\.\.100/);
  });
});

describe('bench recall', () => {
  it('is the share of the baseline the candidate returned, listing what it missed', () => {
    const result = recall(['a', 'b', 'c', 'd'], ['b', 'x', 'a', 'd']);
    expect(result).toEqual({ found: 3, expected: 4, ratio: 0.75, missing: ['c'] });
  });

  it('is complete when the baseline is empty', () => {
    expect(recall([], ['a']).ratio).toBe(1);
  });

  it('counts a duplicated baseline id once', () => {
    expect(recall(['a', 'a', 'b'], ['a']).ratio).toBe(0.5);
  });
});

describe('bench helpers', () => {
  it('measures relative change', () => {
    expect(relativeChange(10, 12)).toBeCloseTo(0.2);
    expect(relativeChange(0, 0)).toBe(0);
    expect(relativeChange(0, 1)).toBe(Number.POSITIVE_INFINITY);
  });

  it('splits words accent-insensitively and counts each once per text', () => {
    expect(wordsOf('Café Trail 50K, trail!')).toEqual(['cafe', 'trail', '50k', 'trail']);
    const counts = documentFrequencies(['Trail 50K trail', 'Boston Trail', 'Boston Marathon']);
    expect(counts.get('trail')).toBe(2);
    expect(counts.get('boston')).toBe(2);
    expect(counts.get('50k')).toBe(1);
  });
});
