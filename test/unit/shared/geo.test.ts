import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellOf,
  coverCells,
  distanceToBoxMiles,
  distanceToCellMiles,
  farthestInBoxMiles,
  GEO_LEVELS,
  haversineMiles,
  levelFor,
  NEAR_ORDER_DEPTH,
  NEAR_ORDER_LEVEL,
  nearOrderBox,
  nearOrderPathOf,
  type LatLng,
} from '#shared/geo';
import { DEFAULT_RADIUS, nearFromPosition, parseNear, RADIUS_OPTIONS } from '#shared/near';

const boulder = { latitude: 40.015, longitude: -105.2705 };
const denver = { latitude: 39.7392, longitude: -104.9903 };

describe('haversine distance', () => {
  it('measures known distances between cities', () => {
    // Boulder to Denver is about 24.5 miles as the crow flies; New York to Los Angeles about 2,445.
    expect(haversineMiles(boulder, denver)).toBeCloseTo(24.5, 0);
    expect(haversineMiles({ latitude: 40.7128, longitude: -74.006 }, { latitude: 34.0522, longitude: -118.2437 })).toBeGreaterThan(2440);
    expect(haversineMiles({ latitude: 40.7128, longitude: -74.006 }, { latitude: 34.0522, longitude: -118.2437 })).toBeLessThan(2452);
  });

  it('is zero at the same point and symmetric', () => {
    expect(haversineMiles(boulder, boulder)).toBe(0);
    expect(haversineMiles(boulder, denver)).toBeCloseTo(haversineMiles(denver, boulder), 10);
  });

  it('gives a degree of latitude as about 69 miles anywhere', () => {
    expect(haversineMiles({ latitude: 10, longitude: 50 }, { latitude: 11, longitude: 50 })).toBeCloseTo(69.09, 1);
    expect(haversineMiles({ latitude: 60, longitude: -150 }, { latitude: 61, longitude: -150 })).toBeCloseTo(69.09, 1);
  });
});

describe('grid levels', () => {
  it('reads cells of a quarter, half, one and two degrees for 10, 25, 50 and 100 miles', () => {
    expect(RADIUS_OPTIONS.map((radius) => levelFor(radius).step)).toEqual([0.25, 0.5, 1, 2]);
    expect(() => levelFor(101)).toThrow();
  });

  it('names the cell a point is in', () => {
    const level = GEO_LEVELS[0]!;
    // (40.015 + 90) / 0.25 = 520.06; (-105.2705 + 180) / 0.25 = 298.9
    expect(cellOf(boulder, level)).toBe('520.298');
    expect(cellOf({ latitude: 40, longitude: -105 }, level)).toBe('520.300');
  });
});

/** Every cell of the level near the center whose nearest point is within the radius, by brute force over a box. */
function bruteCover(center: LatLng, radius: number, step: number): string[] {
  const cells: string[] = [];
  const level = { id: 'x', step, maxRadiusMiles: radius };
  const rows = Math.round(180 / step);
  const columns = Math.round(360 / step);
  const centerRow = Math.floor((center.latitude + 90) / step);
  const centerColumn = Math.floor((center.longitude + 180) / step);
  const span = Math.ceil(radius / 69 / step / Math.cos((Math.min(89, Math.abs(center.latitude) + radius / 69 + step) * Math.PI) / 180)) + 2;
  for (let row = centerRow - span; row <= centerRow + span; row += 1) {
    if (row < 0 || row >= rows) continue;
    for (let offset = -span; offset <= span; offset += 1) {
      const column = (((centerColumn + offset) % columns) + columns) % columns;
      // Sample the cell densely: is any point of it within the radius?
      let inside = false;
      for (let i = 0; i <= 12 && !inside; i += 1) {
        for (let j = 0; j <= 12 && !inside; j += 1) {
          const point = { latitude: row * step - 90 + (step * i) / 12, longitude: column * step - 180 + (step * j) / 12 };
          if (haversineMiles(center, point) <= radius) inside = true;
        }
      }
      if (inside) cells.push(`${row}.${column}`);
      else expect(distanceToCellMiles(center, row, column, level)).toBeGreaterThan(radius - 0.5);
    }
  }
  return [...new Set(cells)];
}

describe('cover of a circle', () => {
  it('covers a circle of every radius around Boulder with a handful of cells', () => {
    for (const radius of RADIUS_OPTIONS) {
      const cells = coverCells(boulder, radius, levelFor(radius));
      expect(cells.length, `${radius} mi`).toBeGreaterThanOrEqual(4);
      expect(cells.length, `${radius} mi`).toBeLessThanOrEqual(9);
    }
    const cells = coverCells(boulder, 25, levelFor(25));
    expect(cells).toContain(cellOf(boulder, levelFor(25)));
    expect(cells).toContain(cellOf(denver, levelFor(25)));
  });

  it('holds the cell of every point within the radius (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 70, noNaN: true }),
        fc.double({ min: -179.9, max: 179.9, noNaN: true }),
        fc.constantFrom(...RADIUS_OPTIONS),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (latitude, longitude, radius, fraction, bearing) => {
          const center = { latitude, longitude };
          // A point at `fraction` of the radius in direction `bearing` (spherical destination formula).
          const angle = (radius * fraction) / 3958.8;
          const lat1 = (latitude * Math.PI) / 180;
          const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing));
          const lng2 = (longitude * Math.PI) / 180 + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
          const point = { latitude: (lat2 * 180) / Math.PI, longitude: ((((lng2 * 180) / Math.PI + 540) % 360) - 180) };
          if (haversineMiles(center, point) > radius) return;
          const level = levelFor(radius);
          expect(coverCells(center, radius, level)).toContain(cellOf(point, level));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['Boulder', boulder],
    ['Anchorage', { latitude: 61.218, longitude: -149.9 }],
    ['Key West', { latitude: 24.555, longitude: -81.78 }],
    ['on a cell corner', { latitude: 40, longitude: -105 }],
  ])('equals the cells a brute-force check finds near %s, at every radius', (_name, center) => {
    for (const radius of RADIUS_OPTIONS) {
      const level = levelFor(radius);
      expect(coverCells(center, radius, level).sort()).toEqual(bruteCover(center, radius, level.step).sort());
    }
  });

  it('wraps across the antimeridian (the Aleutians)', () => {
    const adak = { latitude: 51.88, longitude: 179.95 };
    const cells = coverCells(adak, 25, levelFor(25));
    expect(cells).toContain(cellOf({ latitude: 51.88, longitude: -179.9 }, levelFor(25)));
    expect(cells).toContain(cellOf(adak, levelFor(25)));
  });
});

describe('near values', () => {
  it('reads ZIP codes, ZIP+4, points and cities with a state code or name', () => {
    expect(parseNear('80302')).toEqual({ kind: 'zip', zip: '80302' });
    expect(parseNear(' 80302-1234 ')).toEqual({ kind: 'zip', zip: '80302' });
    expect(parseNear('40.015,-105.27')).toEqual({ kind: 'point', latitude: 40.015, longitude: -105.27 });
    expect(parseNear('40.015, -105.27')).toEqual({ kind: 'point', latitude: 40.015, longitude: -105.27 });
    expect(parseNear('Boulder, CO')).toEqual({ kind: 'city', city: 'Boulder', state: 'CO' });
    expect(parseNear('Cañon City, colorado')).toEqual({ kind: 'city', city: 'Cañon City', state: 'CO' });
    expect(parseNear('Washington, District of Columbia')).toEqual({ kind: 'city', city: 'Washington', state: 'DC' });
  });

  it('refuses what is none of them', () => {
    for (const bad of ['', '8030', '803021', 'Boulder', 'Boulder, XX', '95,200', '91,-181', ', CO', '12, CO', 'abc,def']) {
      expect(parseNear(bad), bad).toBeUndefined();
    }
  });

  it('rounds a browser position to about a kilometre', () => {
    expect(nearFromPosition(40.014986, -105.270546)).toBe('40.01,-105.27');
    expect(parseNear(nearFromPosition(40.014986, -105.270546))).toEqual({ kind: 'point', latitude: 40.01, longitude: -105.27 });
  });

  it('defaults to 25 miles', () => {
    expect(DEFAULT_RADIUS).toBe(25);
  });
});

describe('the nearest-first quadtree', () => {
  const point = fc.record({ latitude: fc.double({ min: -80, max: 80, noNaN: true }), longitude: fc.double({ min: -180, max: 179.999, noNaN: true }) });

  it('puts a point in its one-degree cell, and every box along its path holds it (property)', () => {
    fc.assert(
      fc.property(point, fc.nat(NEAR_ORDER_DEPTH), (at, depth) => {
        const { cell, path } = nearOrderPathOf(at);
        expect(cell).toBe(cellOf(at, NEAR_ORDER_LEVEL));
        expect(path).toMatch(new RegExp(`^[0-3]{${NEAR_ORDER_DEPTH}}$`));
        const box = nearOrderBox(cell, path.slice(0, depth));
        expect(at.latitude).toBeGreaterThanOrEqual(box.south - 1e-9);
        expect(at.latitude).toBeLessThanOrEqual(box.north + 1e-9);
        expect(at.longitude).toBeGreaterThanOrEqual(box.west - 1e-9);
        expect(at.longitude).toBeLessThanOrEqual(box.east + 1e-9);
        expect(box.north - box.south).toBeCloseTo(1 / 2 ** depth, 12);
      }),
    );
  });

  it('orders quarters south-west, south-east, north-west, north-east', () => {
    const box = nearOrderBox('130.105', '');
    expect(box).toEqual({ south: 40, north: 41, west: -75, east: -74 });
    expect(nearOrderBox('130.105', '3')).toEqual({ south: 40.5, north: 41, west: -74.5, east: -74 });
    expect(nearOrderPathOf({ latitude: 40.9, longitude: -74.1 }).path[0]).toBe('3');
    expect(nearOrderPathOf({ latitude: 40.1, longitude: -74.1 }).path[0]).toBe('1');
  });

  it('bounds the distance to any point of a box by its nearest and farthest, for points a search can reach (property)', () => {
    const offset = fc.record({ dLat: fc.double({ min: -3, max: 3, noNaN: true }), dLng: fc.double({ min: -4, max: 4, noNaN: true }) });
    fc.assert(
      fc.property(point, offset, fc.integer({ min: 0, max: 8 }), (center, { dLat, dLng }, depth) => {
        const at = { latitude: Math.max(-85, Math.min(85, center.latitude + dLat)), longitude: ((center.longitude + dLng + 540) % 360) - 180 };
        const { cell, path } = nearOrderPathOf(at);
        const box = nearOrderBox(cell, path.slice(0, depth));
        const miles = haversineMiles(center, at);
        expect(distanceToBoxMiles(center, box)).toBeLessThanOrEqual(miles + 1e-6);
        expect(farthestInBoxMiles(center, box)).toBeGreaterThanOrEqual(miles - 1e-6);
      }),
    );
  });
});
