import { describe, expect, it } from 'vitest';
import { cheapestDistanceTiers, isOpenOn, lowestOpenFee, parseFee, priceTiersOf } from '#imports/normalize/fee';

const TODAY = '2026-11-23';

describe('the fee shown for an imported race', () => {
  it('reads fees as sources write them', () => {
    expect(parseFee('$45.00')).toBe(45);
    expect(parseFee('45')).toBe(45);
    expect(parseFee(45.5)).toBe(45.5);
    expect(parseFee('$1,045.5')).toBe(1045.5);
    expect(parseFee('$0.00')).toBe(0);
    expect(parseFee('Free')).toBe(0);
    expect(parseFee('45 USD')).toBe(45);
    expect(parseFee('call us')).toBeUndefined();
    expect(parseFee(-5)).toBeUndefined();
    expect(parseFee(undefined)).toBeUndefined();
  });

  it('counts a period as open from its opening day through its closing day', () => {
    expect(isOpenOn({ opens: '11/1/2026 0:00', closes: '11/23/2026 23:59' }, TODAY)).toBe(true);
    expect(isOpenOn({ opens: '11/23/2026 9:00', closes: '12/1/2026 0:00' }, TODAY)).toBe(true);
    expect(isOpenOn({ opens: '11/1/2026 0:00', closes: '11/22/2026 23:59' }, TODAY)).toBe(false);
    expect(isOpenOn({ opens: '11/24/2026 0:00', closes: '12/1/2026 0:00' }, TODAY)).toBe(false);
    expect(isOpenOn({}, TODAY)).toBe(true);
    expect(isOpenOn({ opens: 'soon' }, TODAY)).toBe(false);
  });

  it('is the lowest price open today, not a cheaper closed one or a later one', () => {
    const periods = [
      { opens: '8/1/2026 0:00', closes: '11/22/2026 23:59', fee: '$35.00' },
      { opens: '11/23/2026 0:00', closes: '12/7/2026 23:59', fee: '$45.00' },
      { opens: '12/8/2026 0:00', closes: '1/1/2027 23:59', fee: '$55.00' },
    ];
    expect(lowestOpenFee(periods, TODAY)).toBe(45);
  });

  it('takes the cheapest of several events open at once, and nothing when none is open', () => {
    const periods = [
      { opens: '8/1/2026 0:00', closes: '12/1/2026 23:59', fee: '$95.00' },
      { opens: '8/1/2026 0:00', closes: '12/1/2026 23:59', fee: '$25.00' },
    ];
    expect(lowestOpenFee(periods, TODAY)).toBe(25);
    expect(lowestOpenFee([{ opens: '8/1/2026 0:00', closes: '9/1/2026 0:00', fee: '$20.00' }], TODAY)).toBeUndefined();
    expect(lowestOpenFee([], TODAY)).toBeUndefined();
  });

  it("reads a distance's periods as prices with deadlines: from today's on, one price in a row as one tier, none after the race", () => {
    const periods = [
      { opens: '2026-06-01', closes: '2026-11-01', fee: '$35.00' },
      { opens: '2026-11-02', closes: '2027-01-15', fee: '$45.00' },
      { opens: '2027-01-16', closes: '2027-02-15', fee: '$45.00' },
      { opens: '2027-02-16', closes: '2027-04-30', fee: '$60.00' },
    ];
    expect(priceTiersOf(periods, TODAY, '2027-04-10')).toEqual([
      { fee: 45, until: '2027-02-15' },
      { fee: 60, until: '2027-04-10' },
    ]);
    // One price left, two periods closing the same day, or a fee that cannot be read: no tiers.
    expect(priceTiersOf(periods.slice(0, 3), TODAY, '2027-04-10')).toBeUndefined();
    expect(priceTiersOf([periods[1]!, { ...periods[3]!, closes: '2027-01-15' }], TODAY, '2027-04-10')).toBeUndefined();
    expect(priceTiersOf([periods[1]!, { ...periods[3]!, fee: 'call us' }], TODAY, '2027-04-10')).toBeUndefined();
    // Of several distances, the one the card's "from" price is.
    const marathon = [{ closes: '2027-01-01', fee: 120 }, { closes: '2027-04-01', fee: 140 }];
    const fiveK = [{ closes: '2027-01-01', fee: 35 }, { closes: '2027-04-01', fee: 40 }];
    expect(cheapestDistanceTiers([marathon, fiveK], TODAY, '2027-04-10')).toEqual([{ fee: 35, until: '2027-01-01' }, { fee: 40, until: '2027-04-01' }]);
  });
});
