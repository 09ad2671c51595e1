/** The admins' recent-edits list words each changed value: objects as a reader would say them, not "[object Object]". */
import { describe, expect, it } from 'vitest';
import { changeValueText } from '../../../web/src/admin/event-reviews/change-values.ts';

describe('a change record value in words', () => {
  it('says price tiers with every deadline and its year', () => {
    const tiers = [
      { fee: 65, until: '2027-03-01' },
      { fee: 80 },
    ];
    expect(changeValueText('priceTiers', tiers, 'mi')).toBe('$65 until Mar 1, 2027, then $80');
  });

  it("says a course's length and climb in the reader's units", () => {
    const course = { distanceMeters: 42_195, gainMeters: 350, lossMeters: 340 };
    expect(changeValueText('course', course, 'km')).toBe('42.2 km, 350 m climb');
    expect(changeValueText('course', course, 'mi')).toBe('26.2 mi, 1,148 ft climb');
  });

  it('counts images and quotes their descriptions', () => {
    expect(changeValueText('images', [{ id: 'a', alt: 'Start line' }, { id: 'b', alt: '' }], 'mi')).toBe('2 images: “Start line”, no description');
    expect(changeValueText('images', [{ id: 'a', alt: '' }], 'mi')).toBe('1 image: no description');
  });

  it('says empty for a cleared value, and plain values as they are', () => {
    for (const empty of [null, undefined, '', []]) expect(changeValueText('images', empty, 'mi')).toBe('(empty)');
    expect(changeValueText('tags', ['charity', 'trail'], 'mi')).toBe('charity, trail');
    expect(changeValueText('title', 'Ridge Run', 'mi')).toBe('Ridge Run');
  });
});
