import { describe, expect, it } from 'vitest';
import { isCancelledName, isPostponedName, visibilitySkip, withoutCancelledMark, withoutStatusMarks } from '#imports/normalize/visibility';

const TODAY = '2026-11-23';

describe('which imported races may be public', () => {
  it('never lists drafts or private races', () => {
    expect(visibilitySkip({ draft: true, private: false, lastDay: '2027-01-01', today: TODAY })).toBe('draft-or-private');
    expect(visibilitySkip({ draft: false, private: true, lastDay: '2027-01-01', today: TODAY })).toBe('draft-or-private');
  });

  it('skips races whose last day is before today, and keeps one ending today', () => {
    expect(visibilitySkip({ draft: false, private: false, lastDay: '2026-11-22', today: TODAY })).toBe('past');
    expect(visibilitySkip({ draft: false, private: false, lastDay: TODAY, today: TODAY })).toBeUndefined();
    expect(visibilitySkip({ draft: false, private: false, lastDay: '2027-05-01', today: TODAY })).toBeUndefined();
  });

  it('recognizes cancellation marks in names and removes them from the title', () => {
    expect(isCancelledName('CANCELLED - Riverfront Rally 5K')).toBe(true);
    expect(isCancelledName('Riverfront Rally 5K (Canceled)')).toBe(true);
    expect(isCancelledName('** RACE CANCELLED ** Harbor 10K')).toBe(true);
    expect(isCancelledName('Riverfront Rally 5K')).toBe(false);
    expect(withoutCancelledMark('CANCELLED - Riverfront Rally 5K')).toBe('Riverfront Rally 5K');
    expect(withoutCancelledMark('Riverfront Rally 5K (Canceled)')).toBe('Riverfront Rally 5K');
    expect(withoutCancelledMark('** RACE CANCELLED ** Harbor 10K')).toBe('Harbor 10K');
  });
});

describe('postponed races', () => {
  it('reads a postponement mark in a name and leaves the title without it or a cancellation mark', () => {
    expect(isPostponedName('POSTPONED - Pikes Peak 10K')).toBe(true);
    expect(isPostponedName('Harbor Half (Postponed)')).toBe(true);
    expect(isPostponedName('Postal Route 5K')).toBe(false);
    expect(withoutStatusMarks('** POSTPONED ** Pikes Peak 10K')).toBe('Pikes Peak 10K');
    expect(withoutStatusMarks('CANCELLED - Harbor Half')).toBe('Harbor Half');
  });
});
