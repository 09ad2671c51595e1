/**
 * The place directory's items (lambdas/data/place.ts) built from the real zip table, and the geo and
 * featured postings of an event (search-index.ts).
 */
import { describe, expect, it } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import { cellOf, GEO_LEVELS } from '#shared/geo';
import { foldCityName, placeDirectoryItems } from '#data/place';
import { FEATURED_PARTITION, postingKeysOf, postingsOf, statDeltas } from '#data/search-index';
import { zipPoints } from '#imports/normalize/place-directory';

/** DynamoDB's item size, closely enough: names and string values in UTF-8, a few bytes per number and map entry. */
function itemBytes(value: unknown, name = ''): number {
  const own = Buffer.byteLength(name);
  if (typeof value === 'string') return own + Buffer.byteLength(value);
  if (typeof value === 'number') return own + 8;
  if (value && typeof value === 'object') return own + 3 + Object.entries(value).reduce((sum, [key, inner]) => sum + 1 + itemBytes(inner, key), 0);
  return own + 1;
}

describe('place directory', () => {
  const points = zipPoints();
  const items = placeDirectoryItems(points, '2026-01-01T00:00:00.000Z');

  it('holds every US ZIP code of the table in one item per 3-digit prefix', () => {
    expect(points.length).toBeGreaterThan(40_000);
    const zipItems = items.filter((item) => String(item.PK).startsWith('PLACE#ZIP#'));
    const stored = zipItems.reduce((sum, item) => sum + Object.keys(item.zips as object).length, 0);
    expect(stored).toBe(points.length);
    expect(zipItems.length).toBeLessThan(1000);
  });

  it('keeps a ZIP item within 4 KB (half a read unit) and a city item within 8 KB (one)', () => {
    const sizes = (prefix: string) => items.filter((item) => String(item.PK).startsWith(prefix)).map((item) => itemBytes(item));
    expect(Math.max(...sizes('PLACE#ZIP#'))).toBeLessThanOrEqual(4096);
    expect(Math.max(...sizes('PLACE#CITY#'))).toBeLessThanOrEqual(8192);
  });

  it("writes a ZIP's centroid, state and city, and a city as the mean of its ZIPs", () => {
    const boulderZips = items.find((item) => item.PK === 'PLACE#ZIP#803')!.zips as Record<string, string>;
    expect(boulderZips['02']).toMatch(/^40\.\d+,-105\.\d+,CO,Boulder$/);
    const cities = items.find((item) => item.PK === 'PLACE#CITY#CO#b')!.cities as Record<string, string>;
    const [latitude, longitude, name] = cities.boulder!.split(',');
    expect(name).toBe('Boulder');
    expect(Number(latitude)).toBeCloseTo(40.02, 0);
    expect(Number(longitude)).toBeCloseTo(-105.27, 0);
  });

  it('folds city names as search does, with saint, mount and fort written short', () => {
    expect(foldCityName('Cañon City')).toBe('canon city');
    expect(foldCityName('Saint Louis')).toBe('st louis');
    expect(foldCityName('St. Louis')).toBe('st louis');
    expect(foldCityName('Mount Pleasant')).toBe('mt pleasant');
    expect(foldCityName("Coeur d'Alene")).toBe('coeur d alene');
  });

  it('ends with the version item, so a directory cut short is written again', () => {
    expect(items.at(-1)).toMatchObject({ PK: 'PLACE#DIRECTORY', SK: 'VERSION', version: 1, zips: points.length });
  });
});

const event: RaceEvent = {
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  title: 'Flatirons Fun Run',
  eventDate: '2027-05-01',
  eventType: 'road_race',
  terrainType: 'road',
  locationName: 'Chautauqua Park',
  city: 'Boulder',
  state: 'CO',
  country: 'US',
  latitude: 40.0,
  longitude: -105.28,
  distances: ['5K'],
  tags: [],
  featured: true,
  verified: true,
  source: 'manual',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('geo and featured postings', () => {
  it("puts an event with coordinates in its cell of every grid level, with the coordinates on the posting", () => {
    const geo = postingsOf(event).filter((item) => String(item.PK).startsWith('IDX#GEO#'));
    expect(geo.map((item) => item.PK)).toEqual(GEO_LEVELS.map((level) => `IDX#GEO#${level.id}#${cellOf({ latitude: 40, longitude: -105.28 }, level)}`));
    for (const item of geo) expect(item).toMatchObject({ SK: '2027-05-01#01JABCDEFGHJKMNPQRSTVWXYZ0', latitude: 40, longitude: -105.28, title: 'Flatirons Fun Run' });
  });

  it('gives an event without coordinates, or an unverified one, no geo posting', () => {
    const { latitude: _lat, longitude: _lng, ...placeless } = event;
    expect(postingKeysOf(placeless).some((key) => key.PK.startsWith('IDX#GEO#'))).toBe(false);
    expect(postingKeysOf({ ...event, verified: false })).toEqual([]);
  });

  it('lists featured verified events in the featured partition only while featured', () => {
    expect(postingKeysOf(event).map((key) => key.PK)).toContain(FEATURED_PARTITION);
    expect(postingKeysOf({ ...event, featured: false }).map((key) => key.PK)).not.toContain(FEATURED_PARTITION);
  });

  it('counts neither geo cells nor the featured partition among the planner hints', () => {
    const partitions = [...statDeltas(undefined, event).keys()];
    expect(partitions.some((partition) => partition.startsWith('IDX#GEO#') || partition === FEATURED_PARTITION)).toBe(false);
  });
});
