import { describe, expect, it } from 'vitest';
import { isOpenOn, lowestOpenFee, parseFee } from '#imports/normalize/fee';

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
});
