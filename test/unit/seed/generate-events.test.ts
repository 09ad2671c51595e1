import { decodeTime } from 'ulid';
import { describe, expect, it } from 'vitest';
import { generateSeedEvents } from '../../../infra/local/seed/generate-events.ts';
import { EVENT_TYPES, TERRAIN_TYPES, type EventType, type TerrainType } from '#shared/event-vocabulary';
import { EventSchema, type RaceEvent } from '#shared/schemas/event';
import { STATE_CODES } from '#shared/us-states';
import { insideState, zipBelongsTo } from './state-geography.ts';

const TODAY = '2025-06-10';
const SEED = 7;
const events = generateSeedEvents({ count: 2000, today: TODAY, seed: SEED });

/** Which terrains make sense for each type of race: the product's own consistency rule, stated here. */
const TERRAINS_BY_TYPE: Readonly<Record<EventType, readonly TerrainType[]>> = {
  road_race: ['road'],
  trail_race: ['trail', 'mountain', 'mixed'],
  triathlon: ['road', 'beach', 'mixed'],
  duathlon: ['road', 'mixed'],
  obstacle_race: ['mixed', 'trail', 'mountain'],
  cycling: ['road', 'mixed', 'trail', 'mountain'],
  ultra_marathon: ['trail', 'mountain', 'mixed', 'road'],
  fun_run: ['road', 'mixed', 'trail', 'beach'],
  other: TERRAIN_TYPES,
};

const DAY_MS = 86_400_000;
const daysFromToday = (date: string) => (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${TODAY}T00:00:00Z`)) / DAY_MS;
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const feesOf = (list: RaceEvent[]) => list.flatMap((event) => (event.registrationFee === undefined ? [] : [event.registrationFee]));
const share = (predicate: (event: RaceEvent) => boolean) => events.filter(predicate).length / events.length;

describe('generateSeedEvents', () => {
  it('produces the requested number of events, each valid by the event schema', () => {
    expect(events).toHaveLength(2000);
    for (const event of events) expect(() => EventSchema.parse(event), event.title).not.toThrow();
  });

  it('covers every state, event type and terrain from 500 events on', () => {
    for (const catalogue of [events, generateSeedEvents({ count: 500, today: TODAY, seed: 99 })]) {
      expect(new Set(catalogue.map((event) => event.state))).toEqual(new Set(STATE_CODES));
      expect(new Set(catalogue.map((event) => event.eventType))).toEqual(new Set(EVENT_TYPES));
      expect(new Set(catalogue.map((event) => event.terrainType))).toEqual(new Set(TERRAIN_TYPES));
    }
  });

  it('dates every event from today to about 18 months ahead, mostly on weekends', () => {
    const offsets = events.map((event) => daysFromToday(event.eventDate));
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(550);
    expect(Math.max(...offsets)).toBeGreaterThan(450);
    expect(share((event) => [0, 6].includes(weekday(event.eventDate)))).toBeGreaterThan(0.8);
  });

  it('closes registration before the event and not before today', () => {
    const withDeadline = events.filter((event) => event.registrationEndDate !== undefined);
    expect(withDeadline.length).toBeGreaterThan(events.length / 4);
    for (const event of withDeadline) {
      expect(event.registrationEndDate! < event.eventDate, event.title).toBe(true);
      expect(event.registrationEndDate! >= TODAY, event.title).toBe(true);
    }
  });

  it('gives the same events for the same seed and different ones for another seed', () => {
    expect(generateSeedEvents({ count: 2000, today: TODAY, seed: SEED })).toEqual(events);
    const other = generateSeedEvents({ count: 2000, today: TODAY, seed: SEED + 1 });
    expect(other.map((event) => event.title)).not.toEqual(events.map((event) => event.title));
    expect(other.map((event) => event.id)).not.toEqual(events.map((event) => event.id));
  });

  it('gives unique ULIDs whose time part is the creation time, before today', () => {
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    for (const event of events) {
      expect(event.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(decodeTime(event.id)).toBe(Date.parse(event.createdAt));
      expect(event.createdAt < `${TODAY}T00:00:00.000Z`).toBe(true);
      expect(event.updatedAt >= event.createdAt).toBe(true);
    }
  });

  it('keeps terrain consistent with the type of race', () => {
    const mismatched = events.filter((event) => !TERRAINS_BY_TYPE[event.eventType].includes(event.terrainType));
    expect(mismatched.map((event) => `${event.title}: ${event.eventType} on ${event.terrainType}`)).toEqual([]);
  });

  it('titles events with few repeats', () => {
    const titles = events.map((event) => event.title);
    expect(titles.length - new Set(titles).size).toBeLessThan(titles.length * 0.05);
  });

  it('names holiday races for the day they run on', () => {
    const trots = events.filter((event) => event.title.includes('Turkey Trot'));
    expect(trots.length).toBeGreaterThan(0);
    for (const trot of trots) {
      const date = new Date(`${trot.eventDate}T00:00:00Z`);
      expect(date.getUTCMonth(), trot.title).toBe(10);
      expect(date.getUTCDay(), trot.title).toBe(4);
      expect(date.getUTCDate(), trot.title).toBeGreaterThanOrEqual(22);
    }
  });

  it('holds triathlons in cold-winter states only in the open-water season', () => {
    const coldStates = ['AK', 'ME', 'MI', 'MN', 'MT', 'ND', 'NH', 'NY', 'SD', 'VT', 'WI', 'WY'];
    const coldTriathlons = events.filter((event) => event.eventType === 'triathlon' && coldStates.includes(event.state));
    expect(coldTriathlons.length).toBeGreaterThan(5);
    for (const event of coldTriathlons) expect(Number(event.eventDate.slice(5, 7)), event.title).toBeGreaterThanOrEqual(5);
    for (const event of coldTriathlons) expect(Number(event.eventDate.slice(5, 7)), event.title).toBeLessThanOrEqual(9);
  });

  it('prices races plausibly: never negative, longer races dearer, some free fun runs', () => {
    expect(feesOf(events).every((fee) => fee >= 0)).toBe(true);
    const fiveK = feesOf(events.filter((event) => event.eventType === 'road_race' && event.distances.join() === '5K'));
    const marathons = feesOf(events.filter((event) => event.eventType === 'road_race' && event.distances.includes('Marathon')));
    expect(fiveK.length).toBeGreaterThan(10);
    expect(marathons.length).toBeGreaterThan(10);
    expect(average(marathons)).toBeGreaterThan(average(fiveK) * 2);
    expect(Math.max(...fiveK)).toBeLessThanOrEqual(50);
    const ironDistance = feesOf(events.filter((event) => event.distances.at(-1) === 'Full Iron (140.6)'));
    expect(ironDistance.every((fee) => fee >= 700)).toBe(true);
    expect(events.some((event) => event.eventType === 'fun_run' && event.registrationFee === 0)).toBe(true);
  });

  it('places every event inside its state with a ZIP code of that state', () => {
    const outside = events.filter((event) => !insideState(event.state, event.latitude!, event.longitude!));
    expect(outside.map((event) => `${event.title} (${event.city}, ${event.state})`)).toEqual([]);
    const wrongZip = events.filter((event) => !zipBelongsTo(event.state, event.zipCode!));
    expect(wrongZip.map((event) => `${event.city}, ${event.state} ${event.zipCode}`)).toEqual([]);
    expect(events.every((event) => event.country === 'US')).toBe(true);
  });

  it('lists a distance for every event and shows triathlons and cycling in their own units', () => {
    expect(events.every((event) => event.distances.length > 0)).toBe(true);
    const triathlonDistances = new Set(events.filter((event) => event.eventType === 'triathlon').flatMap((event) => event.distances));
    expect(triathlonDistances.has('Sprint')).toBe(true);
    expect(triathlonDistances.has('Olympic')).toBe(true);
    expect(events.some((event) => event.eventType === 'cycling' && event.distances.some((label) => label.endsWith('Miles')))).toBe(true);
  });

  it('mixes verified, featured and incomplete events as a real catalogue has', () => {
    expect(share((event) => event.verified)).toBeGreaterThan(0.85);
    expect(share((event) => event.verified)).toBeLessThan(0.95);
    expect(events.filter((event) => event.featured).every((event) => event.verified)).toBe(true);
    expect(share((event) => event.featured)).toBeGreaterThan(0.01);
    expect(share((event) => event.description === undefined)).toBeGreaterThan(0.02);
    // Offline: no remote images that could never load.
    expect(events.every((event) => event.imageUrl === undefined)).toBe(true);
    expect(events.every((event) => event.source === 'seed')).toBe(true);
    // Absent means absent: no keys holding undefined, as stored items have none.
    expect(events.every((event) => Object.values(event).every((value) => value !== undefined))).toBe(true);
  });

  it('writes descriptions of one to three sentences that vary', () => {
    const descriptions = events.flatMap((event) => (event.description ? [event.description] : []));
    for (const description of descriptions) {
      // Abbreviations and initials ('St. Patrick', '5:30 a.m.', 'U.S. National') end in a period mid-sentence.
      const sentences = description.replace(/\b([A-Z]|Ste?|Jr|a\.m|p\.m)\./g, '$1').split(/(?<=[.!?])\s+/);
      expect(sentences.length, description).toBeGreaterThanOrEqual(1);
      expect(sentences.length, description).toBeLessThanOrEqual(3);
    }
    expect(new Set(descriptions).size).toBeGreaterThan(descriptions.length * 0.5);
  });

  it('links only to reserved example domains', () => {
    const urls = events.flatMap((event) => [event.registrationUrl, event.websiteUrl, event.imageUrl].filter((url) => url !== undefined));
    expect(urls.length).toBeGreaterThan(events.length);
    for (const url of urls) expect(new URL(url).hostname).toMatch(/(^|\.)example\.(com|org)$/);
  });

  it('includes events in cities whose names carry accents', () => {
    expect(events.some((event) => event.city !== event.city.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))).toBe(true);
  });

  it('returns nothing for a count of zero and rejects a malformed date', () => {
    expect(generateSeedEvents({ count: 0, today: TODAY, seed: SEED })).toEqual([]);
    expect(() => generateSeedEvents({ count: 10, today: '2025-02-30', seed: SEED })).toThrow(/calendar date/);
  });
});
