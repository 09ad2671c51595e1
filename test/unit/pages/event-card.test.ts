/**
 * What a race's preview card says (lambdas/pages/cards): the day, the place, the distances and the price of the
 * day, its status first, a name Inter can draw, and an address fingerprint that changes with exactly these.
 */
import { describe, expect, it } from 'vitest';
import { cardLines, cardVersion, type CardFacts } from '../../../lambdas/pages/cards/card-facts.ts';
import { drawableTitle } from '../../../lambdas/pages/cards/event-card.ts';

const race: CardFacts = { title: 'Bolder Boulder', eventDate: '2027-05-31', city: 'Boulder', state: 'CO', distances: ['10K', '5K'], registrationFee: 80 };
const TODAY = '2026-11-29';

describe('a preview card', () => {
  it('says the day, the place, the distances and the price of the day', () => {
    expect(cardLines(race, TODAY)).toEqual({ when: 'Monday, May 31, 2027', where: 'Boulder, CO', what: '10K · 5K  —  $80' });
    const tiered = { ...race, priceTiers: [{ fee: 65, until: '2027-03-01' }, { fee: 95 }] };
    expect(cardLines(tiered, TODAY).what).toBe('10K · 5K  —  $65');
    expect(cardLines(tiered, '2027-03-02').what).toBe('10K · 5K  —  $95');
    expect(cardLines({ ...race, registrationFee: 0 }, TODAY).what).toBe('10K · 5K  —  Free');
    expect(cardLines({ ...race, distances: [], registrationFee: undefined }, TODAY)).not.toHaveProperty('what');
  });

  it('says first that a race is not simply going ahead', () => {
    expect(cardLines(race, TODAY).note).toBeUndefined();
    expect(cardLines({ ...race, status: 'cancelled' }, TODAY).note).toBe('Cancelled');
    expect(cardLines({ ...race, status: 'rescheduled', previousEventDate: '2027-05-24' }, TODAY).note).toBe('Rescheduled from Mon, May 24, 2027');
  });

  it('draws a name without the emoji Inter has no glyph for, unless the name is nothing else', () => {
    expect(drawableTitle('🏃‍♀️ Turkey Trot 🦃 5K')).toBe('Turkey Trot 5K');
    expect(drawableTitle('Łódź Półmaraton')).toBe('Łódź Półmaraton');
    expect(drawableTitle('🏃🏽')).toBe('🏃🏽');
  });

  it('changes its address when what it draws changes, and only then', () => {
    const version = cardVersion(race, TODAY);
    expect(version).toMatch(/^[\w-]{10}$/);
    expect(cardVersion({ ...race }, '2026-12-01')).toBe(version);
    for (const changed of [{ title: 'Bolder Boulder 10K' }, { eventDate: '2027-06-01' }, { registrationFee: 85 }, { status: 'cancelled' as const }, { city: 'Denver' }]) {
      expect(cardVersion({ ...race, ...changed }, TODAY), JSON.stringify(changed)).not.toBe(version);
    }
    // A price tier ending changes the price of the day, and so the card.
    const tiered = { ...race, priceTiers: [{ fee: 65, until: '2027-03-01' }, { fee: 95 }] };
    expect(cardVersion(tiered, '2027-03-02')).not.toBe(cardVersion(tiered, '2027-03-01'));
  });
});
