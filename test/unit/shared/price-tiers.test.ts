import { describe, expect, it } from 'vitest';
import { priceTiersProblem } from '#shared/price-tier-checks';
import { describeFee, describePriceTiers, tiersFrom } from '#shared/price-tier-words';
import { feeOn, tierOn } from '#shared/price-tiers';
import { OrganizerEventFieldsSchema, OrganizerEventPatchSchema } from '#shared/schemas/organizer-event';

const tiers = [
  { fee: 65, until: '2027-03-01' },
  { fee: 80, until: '2027-04-15' },
  { fee: 95 },
];

describe('prices with deadlines', () => {
  it('sells the first tier through its last day, then the next, and the last one when every deadline has passed', () => {
    expect(tierOn(tiers, '2027-01-10')?.fee).toBe(65);
    expect(tierOn(tiers, '2027-03-01')?.fee).toBe(65);
    expect(tierOn(tiers, '2027-03-02')?.fee).toBe(80);
    expect(tierOn(tiers, '2027-05-01')?.fee).toBe(95);
    const ended = [{ fee: 40, until: '2027-01-01' }, { fee: 50, until: '2027-02-01' }];
    expect(tierOn(ended, '2027-03-01')?.fee).toBe(50);
  });

  it("gives an event's fee on a day from its tiers, or its one fee without them", () => {
    expect(feeOn({ registrationFee: 65, priceTiers: tiers }, '2027-03-10')).toBe(80);
    expect(feeOn({ registrationFee: 30 }, '2027-03-10')).toBe(30);
    expect(feeOn({}, '2027-03-10')).toBeUndefined();
  });

  it('says the prices still ahead in words, the year only when it is not this one', () => {
    expect(describePriceTiers(tiers, '2027-01-10')).toBe('$65 until Mar 1, then $80 until Apr 15, then $95');
    expect(describePriceTiers(tiers, '2027-03-02')).toBe('$80 until Apr 15, then $95');
    expect(describePriceTiers(tiers, '2026-12-01')).toBe('$65 until Mar 1, 2027, then $80 until Apr 15, 2027, then $95');
    expect(describePriceTiers([{ fee: 0, until: '2027-02-01' }, { fee: 42.5, until: '2027-03-01' }], '2027-01-01')).toBe('Free until Feb 1, then $42.50 until Mar 1');
    // Every deadline passed: the last price stands, without a deadline that is over.
    expect(describePriceTiers([{ fee: 40, until: '2027-01-01' }, { fee: 50, until: '2027-02-01' }], '2027-03-01')).toBe('$50');
    expect(tiersFrom(tiers, '2027-04-16')).toEqual([{ fee: 95 }]);
    expect(describePriceTiers(undefined, '2027-01-01')).toBeUndefined();
    // The page and its preview: the tiers when there are some, else the one fee.
    expect(describeFee({ registrationFee: 65, priceTiers: tiers }, '2027-03-02')).toBe('$80 until Apr 15, then $95');
    expect(describeFee({ registrationFee: 0 }, '2027-03-02')).toBe('Free');
    expect(describeFee({}, '2027-03-02')).toBeUndefined();
  });

  it('refuses tiers out of order, without a deadline before the last, or after the race', () => {
    expect(priceTiersProblem(tiers, '2027-05-01')).toBeUndefined();
    expect(priceTiersProblem([{ fee: 65 }, { fee: 80 }], undefined)).toBe('Give the last day of every price but the last');
    expect(priceTiersProblem([{ fee: 65, until: '2027-03-01' }, { fee: 80, until: '2027-03-01' }], undefined)).toBe('Each price must end after the one before it');
    expect(priceTiersProblem(tiers, '2027-04-01')).toBe('A price cannot be sold after the event date');
  });

  it("checks an organizer's form and edit: tiers in place of a fee, not beside one", () => {
    const event = {
      title: 'Tiered Trail Half', eventDate: '2027-05-01', eventType: 'trail_race', terrainType: 'trail', locationName: 'Trailhead',
      city: 'Boulder', state: 'CO', distances: ['Half Marathon'],
    };
    expect(OrganizerEventFieldsSchema.safeParse({ ...event, priceTiers: tiers }).success).toBe(true);
    const both = OrganizerEventFieldsSchema.safeParse({ ...event, priceTiers: tiers, registrationFee: 65 });
    expect(both.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['registrationFee', 'Give one fee or prices with deadlines, not both']]);
    const late = OrganizerEventFieldsSchema.safeParse({ ...event, eventDate: '2027-04-01', priceTiers: tiers });
    expect(late.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['priceTiers', 'A price cannot be sold after the event date']]);
    expect(OrganizerEventFieldsSchema.safeParse({ ...event, priceTiers: [{ fee: 65 }] }).error?.issues[0]?.message).toBe('Give at least two prices, or one fee');
    // An edit may clear the tiers and give one fee again.
    expect(OrganizerEventPatchSchema.safeParse({ priceTiers: null, registrationFee: 70 }).success).toBe(true);
  });
});
