import { describe, expect, it } from 'vitest';
import { isLastPage, resultCountText } from '../../web/src/features/events/api/result-count.ts';

describe('the search page count text', () => {
  it('states the number only when the end is known', () => {
    expect(resultCountText({ shown: 0, complete: true })).toBe('0 events');
    expect(resultCountText({ shown: 1, complete: true })).toBe('1 event');
    expect(resultCountText({ shown: 1800, complete: true })).toBe('1800 events');
  });

  it('reads as a lower bound while more may exist, the same for every page size', () => {
    expect(resultCountText({ shown: 50, complete: false })).toBe('50+ events');
    expect(resultCountText({ shown: 37, complete: false })).toBe('37+ events');
    expect(resultCountText({ shown: 1, complete: false })).toBe('1+ events');
  });

  it("takes the server's complete flag, or the missing cursor from an older server", () => {
    expect(isLastPage({ complete: true })).toBe(true);
    expect(isLastPage({ nextCursor: 'c2', complete: false })).toBe(false);
    expect(isLastPage({ nextCursor: 'c2' })).toBe(false);
    expect(isLastPage({})).toBe(true);
  });
});
