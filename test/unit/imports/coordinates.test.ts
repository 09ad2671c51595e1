import { describe, expect, it } from 'vitest';
import { coordinatesForCity, coordinatesForZip, lookupZip } from '#imports/normalize/coordinates';

describe('coordinates from the packaged ZIP table', () => {
  it('finds a ZIP centroid, leading zero included', () => {
    const boston = coordinatesForZip('02116', 'MA');
    expect(boston?.latitude).toBeCloseTo(42.35, 1);
    expect(boston?.longitude).toBeCloseTo(-71.08, 1);
    expect(coordinatesForZip('80202', 'CO')?.latitude).toBeCloseTo(39.75, 1);
  });

  it('gives nothing for a ZIP in another state, an unknown ZIP or a Canadian code', () => {
    expect(coordinatesForZip('02116', 'CO')).toBeUndefined();
    expect(coordinatesForZip('99999', 'AK')).toBeUndefined();
    expect(lookupZip('M5V')).toBeUndefined();
    expect(lookupZip(undefined)).toBeUndefined();
  });

  it('places a race without a ZIP at its city', () => {
    const boulder = coordinatesForCity('Boulder', 'CO');
    expect(boulder?.latitude).toBeGreaterThan(39.9);
    expect(boulder?.latitude).toBeLessThan(40.2);
    expect(boulder?.longitude).toBeCloseTo(-105.25, 0);
    expect(coordinatesForCity('Atlantis', 'CO')).toBeUndefined();
  });
});
