import { describe, expect, it } from 'vitest';
import { normalizedMatchKey, titleKey } from '#imports/normalize/match-key';

const at = (title: string, city = 'Boston', eventDate = '2026-05-03', state = 'MA') => normalizedMatchKey({ title, city, eventDate, state });

describe('the key that finds the same race from another source', () => {
  it('ignores case, accents, punctuation, articles, annual, ordinals and years', () => {
    const key = at('Boston Harbor Half Marathon');
    expect(at('The 12th Annual Boston Harbor Half-Marathon')).toBe(key);
    expect(at('BOSTON HARBOR HALF MARATHON 2026')).toBe(key);
    expect(at('Boston Harbor Half Marathon, presented by Acme Bank')).toBe(key);
    expect(at('Third Annual Boston Harbor Half Marathon!')).toBe(key);
    expect(titleKey('Cañon City Classic')).toBe(titleKey('Canon City Classic'));
  });

  it('reads & as and, and St./Saint alike in cities', () => {
    expect(at('Run & Brew 5K')).toBe(at('Run and Brew 5K'));
    expect(at('River 10K', 'St. George', '2026-05-03', 'UT')).toBe(at('River 10K', 'Saint George', '2026-05-03', 'UT'));
  });

  it('tells different races, days, cities and states apart', () => {
    const key = at('Boston Harbor Half Marathon');
    expect(at('Boston Harbor 10K')).not.toBe(key);
    expect(at('Boston Harbor Half Marathon', 'Boston', '2026-05-04')).not.toBe(key);
    expect(at('Boston Harbor Half Marathon', 'Cambridge')).not.toBe(key);
    expect(at('Boston Harbor Half Marathon', 'Boston', '2026-05-03', 'GA')).not.toBe(key);
  });
});
