import { describe, expect, it } from 'vitest';
import { isUsCountry, normalizeCity, normalizeState, normalizeUsAddress, normalizeZip } from '#imports/normalize/address';

describe('US addresses of imported races', () => {
  it('keeps ZIP leading zeros, restores them on numbers and cuts ZIP+4', () => {
    expect(normalizeZip('02116')).toBe('02116');
    expect(normalizeZip(2116)).toBe('02116');
    expect(normalizeZip('2116')).toBe('02116');
    expect(normalizeZip('02116-1234')).toBe('02116');
    expect(normalizeZip(' 80302 - 1234 ')).toBe('80302');
    expect(normalizeZip(501)).toBe('00501');
  });

  it('gives no ZIP for values that are not US ZIP codes', () => {
    expect(normalizeZip('M5V 3L9')).toBeUndefined();
    expect(normalizeZip('')).toBeUndefined();
    expect(normalizeZip(null)).toBeUndefined();
    expect(normalizeZip(123456)).toBeUndefined();
    expect(normalizeZip(21.5)).toBeUndefined();
    expect(normalizeZip('00000')).toBeUndefined();
  });

  it('reads state codes and full state names', () => {
    expect(normalizeState('CO')).toBe('CO');
    expect(normalizeState('tx')).toBe('TX');
    expect(normalizeState('New Mexico')).toBe('NM');
    expect(normalizeState('new  york')).toBe('NY');
    expect(normalizeState('District of Columbia')).toBe('DC');
    expect(normalizeState('Washington, D.C.')).toBe('DC');
    expect(normalizeState('Washington')).toBe('WA');
    expect(normalizeState('ON')).toBeUndefined();
    expect(normalizeState('Atlantis')).toBeUndefined();
  });

  it('tidies city names without changing names written in mixed case', () => {
    expect(normalizeCity('  AUSTIN ')).toBe('Austin');
    expect(normalizeCity('salt lake city')).toBe('Salt Lake City');
    expect(normalizeCity("COEUR D'ALENE")).toBe("Coeur D'Alene");
    expect(normalizeCity('McKinney')).toBe('McKinney');
    expect(normalizeCity('Española')).toBe('Española');
    expect(normalizeCity('   ')).toBeUndefined();
  });

  it('takes an absent country as the US and knows its spellings', () => {
    expect(isUsCountry(undefined)).toBe(true);
    expect(isUsCountry('US')).toBe(true);
    expect(isUsCountry('USA')).toBe(true);
    expect(isUsCountry('United States')).toBe(true);
    expect(isUsCountry('CA')).toBe(false);
    expect(isUsCountry('Canada')).toBe(false);
  });

  it('skips other countries and US territories as not-us', () => {
    expect(normalizeUsAddress({ city: 'Toronto', state: 'ON', zip: 'M5V 3L9', country: 'CA' })).toMatchObject({ skipped: 'not-us' });
    expect(normalizeUsAddress({ city: 'San Juan', state: 'PR', zip: '00901', country: 'US' })).toMatchObject({ skipped: 'not-us' });
    expect(normalizeUsAddress({ city: 'Hagåtña', state: 'Guam' })).toMatchObject({ skipped: 'not-us' });
  });

  it('reports a missing city or an unknown state as invalid, naming the field', () => {
    expect(normalizeUsAddress({ city: '', state: 'CO' })).toEqual({ skipped: 'invalid', message: 'city: is required' });
    expect(normalizeUsAddress({ city: 'Springfield', state: 'Freedonia' })).toEqual({
      skipped: 'invalid',
      message: 'state: "Freedonia" is not a US state',
    });
    expect(normalizeUsAddress({ city: 'Springfield' })).toEqual({ skipped: 'invalid', message: 'state: is required' });
  });

  it('builds a US address', () => {
    expect(normalizeUsAddress({ city: 'BOSTON', state: 'Massachusetts', zip: 2116, country: 'US' })).toEqual({
      address: { city: 'Boston', state: 'MA', zipCode: '02116', country: 'US' },
    });
    expect(normalizeUsAddress({ city: 'Boulder', state: 'CO', zip: '' })).toEqual({ address: { city: 'Boulder', state: 'CO', country: 'US' } });
  });
});

describe('races in Canada without a country', () => {
  it('are not-us, not invalid', () => {
    expect(normalizeUsAddress({ city: 'Vancouver', state: 'BC' })).toEqual({ skipped: 'not-us', message: 'BC is a Canadian province' });
  });
});
