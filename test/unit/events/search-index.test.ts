import { describe, expect, it } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import { DISTANCE_WORDS, KIND_WORDS, eventWords, matchesKind, searchTextOf } from '#shared/search-text';
import { generateSeedEvents } from '../../../infra/local/seed/generate-events.ts';
import {
  DESCRIPTION_PREVIEW_LENGTH,
  distancePartition,
  feeKey,
  indexKindsChangedSince,
  isPricePartition,
  NO_FEE_KEY,
  PRICE_PARTITION,
  priceKey,
  repriceDays,
  repricePartition,
  statePricePartition,
  distancePricePartition,
  typePricePartition,
  INDEX_KINDS,
  kindPartition,
  postingKeysOf,
  postingsOf,
  previewOf,
  SEARCH_INDEX_CHANGES,
  SEARCH_INDEX_VERSION,
  SEARCH_POSTING_KINDS,
  searchPostingKind,
  stateKindPartition,
  statDeltas,
  summaryFromItem,
  typeDriverPartition,
} from '#data/search-index';

const event: RaceEvent = {
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  title: 'Cañon City Trail 50K',
  description: 'Long, hot and beautiful. '.repeat(20),
  eventDate: '2027-05-01',
  eventType: 'trail_race',
  terrainType: 'mountain',
  locationName: 'Royal Gorge Park',
  city: 'Cañon City',
  state: 'CO',
  country: 'US',
  distances: ['25K', '50K'],
  tags: [],
  featured: false,
  verified: true,
  source: 'manual',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('search postings of an event', () => {
  it('has one posting per distinct word term, terrain and distance category, sorted by date then id (by price first in the price partitions)', () => {
    const keys = postingKeysOf(event).map((key) => key.PK);
    expect(keys).toEqual(
      expect.arrayContaining(['IDX#T#can', 'IDX#T#cit', 'IDX#T#tra', 'IDX#T#50k', 'IDX#T#co', 'IDX#T#col', 'IDX#T#roy', 'IDX#T#rac', 'IDX#TERRAIN#mountain', 'IDX#DIST#ultra', 'IDX#DIST#other']),
    );
    expect(new Set(keys).size).toBe(keys.length);
    const [priced, dated] = [postingKeysOf(event).filter((key) => isPricePartition(key.PK)), postingKeysOf(event).filter((key) => !isPricePartition(key.PK))];
    expect(dated.every((key) => key.SK === '2027-05-01#01JABCDEFGHJKMNPQRSTVWXYZ0')).toBe(true);
    // No fee given: after every price.
    // Everyone's, its state's, each distance category's and its type's: the price order's drivers.
    const pricedIn = [PRICE_PARTITION, statePricePartition('CO'), distancePricePartition('other'), distancePricePartition('ultra'), typePricePartition('trail_race')];
    expect(priced).toEqual(pricedIn.map((PK) => ({ PK, SK: `${NO_FEE_KEY}#2027-05-01#01JABCDEFGHJKMNPQRSTVWXYZ0` })));
  });

  it('keys the price partitions by cents, zero-padded, so free races come first and no price last', () => {
    expect([feeKey(0), feeKey(42.5), feeKey(45), feeKey(1200), feeKey(undefined), feeKey(-1)]).toEqual(['00000000', '00004250', '00004500', '00120000', NO_FEE_KEY, NO_FEE_KEY]);
    const keys = [undefined, 1200, 0, 45, 9.99].map((registrationFee) => priceKey({ ...event, registrationFee }));
    expect([...keys].sort()).toEqual([0, 9.99, 45, 1200, undefined].map((registrationFee) => priceKey({ ...event, registrationFee })));
    // Ties by date, then id.
    expect(priceKey({ ...event, registrationFee: 45, eventDate: '2027-04-30' }) < priceKey({ ...event, registrationFee: 45 })).toBe(true);
  });

  it('has a reprice posting for each day a tier ends (the day after its last day), none for the last tier or one fee', () => {
    const tiered = { ...event, registrationFee: 65, priceTiers: [{ fee: 65, until: '2027-02-28' }, { fee: 80, until: '2027-04-15' }, { fee: 95, until: '2027-04-30' }] };
    expect(repriceDays(tiered)).toEqual(['2027-03-01', '2027-04-16']);
    expect(repriceDays(event)).toEqual([]);
    const reprices = postingsOf(tiered).filter((posting) => searchPostingKind(posting.PK as string) === 'reprice');
    expect(reprices).toEqual(['2027-03-01', '2027-04-16'].map((day) => ({ PK: repricePartition(day), SK: '2027-05-01#01JABCDEFGHJKMNPQRSTVWXYZ0', entity: 'posting', id: event.id })));
    expect(postingKeysOf(tiered).filter((key) => isPricePartition(key.PK)).map((key) => key.SK)).toEqual(Array(5).fill('00006500#2027-05-01#01JABCDEFGHJKMNPQRSTVWXYZ0'));
  });

  it('carries the card with a short description and the folded search text', () => {
    const [posting] = postingsOf(event);
    expect(posting).toMatchObject({ title: event.title, city: 'Cañon City', state: 'CO', eventType: 'trail_race' });
    expect(String(posting?.description).length).toBeLessThanOrEqual(DESCRIPTION_PREVIEW_LENGTH + 1);
    expect(posting?.searchText).toContain(' canon');
    expect(posting?.searchText).toContain(' colorado');
    expect(summaryFromItem(posting as Record<string, unknown>)).not.toHaveProperty('searchText');
  });

  it('gives cards their distances longest first, so a marathon with a half headlines "Marathon"', () => {
    const card = (distances: string[]) => summaryFromItem({ ...postingsOf(event)[0], distances }).distances;
    expect(card(['Half Marathon', 'Marathon'])).toEqual(['Marathon', 'Half Marathon']);
    expect(card(['5K', '50K', '10 Mile'])).toEqual(['50K', '10 Mile', '5K']);
    expect(card(['100 Miler', '50K'])).toEqual(['100 Miler', '50K']);
    expect(card(['Sprint Triathlon', 'Olympic Triathlon'])).toEqual(['Olympic Triathlon', 'Sprint Triathlon']);
    // Labels without a known length keep their order, after the ones with one.
    expect(card(['Kids Fun Run', '10K'])).toEqual(['10K', 'Kids Fun Run']);
    expect(card(['Kids Fun Run', 'Family Walk'])).toEqual(['Kids Fun Run', 'Family Walk']);
  });

  it('has none while the event is unverified', () => {
    expect(postingsOf({ ...event, verified: false })).toEqual([]);
  });

  it("puts the event in its state's partitions of its type and of each of its distance categories, which no count tracks", () => {
    const partitions = postingKeysOf(event).map((key) => key.PK);
    expect(partitions.filter((partition) => partition.startsWith('IDX#STATE#'))).toEqual([
      stateKindPartition('CO', { type: 'trail_race' }),
      stateKindPartition('CO', { distance: 'other' }),
      stateKindPartition('CO', { distance: 'ultra' }),
    ]);
    expect(stateKindPartition('CO', { distance: 'ultra' })).toBe('IDX#STATE#CO#DIST#ultra');
    expect([...statDeltas(undefined, event).keys()].filter((partition) => partition.startsWith('IDX#STATE#'))).toEqual([]);
  });

  it('finds every event of a type in the term partition of the type label', () => {
    expect(typeDriverPartition('trail_race')).toBe('IDX#T#tra');
    expect(typeDriverPartition('other')).toBe('IDX#T#oth');
    expect(postingKeysOf(event).map((key) => key.PK)).toContain(typeDriverPartition(event.eventType));
  });
});

describe('partitions of the words a query turns into filters', () => {
  const catalogue = generateSeedEvents({ count: 2000, today: '2026-11-23', seed: 7 }).filter((item) => item.verified);

  it.each(Object.keys(KIND_WORDS))('hold every event of the kind %s', (word) => {
    const kind = KIND_WORDS[word]!;
    // Matched as search does: the type, the terrain, or the kind's word whole in the event's words.
    const matching = catalogue.filter((item) => matchesKind({ ...item, searchText: searchTextOf(eventWords(item)) }, kind));
    expect(matching.length).toBeGreaterThan(0);
    const partition = kindPartition(kind);
    expect(matching.filter((item) => !postingKeysOf(item).some((key) => key.PK === partition))).toEqual([]);
  });

  it('read a trail race on a mountain and a road race on trails from the same partition as the terrain trail', () => {
    expect(kindPartition(KIND_WORDS.trail!)).toBe('IDX#T#tra');
    expect(postingKeysOf(event).map((key) => key.PK)).toContain(kindPartition(KIND_WORDS.trail!));
    const roadOnTrails = { ...event, eventType: 'road_race' as const, terrainType: 'trail' as const, title: 'Summit 10K', distances: ['10K'] };
    expect(postingKeysOf(roadOnTrails).map((key) => key.PK)).toContain(kindPartition(KIND_WORDS.trail!));
    expect(kindPartition(KIND_WORDS.triathlon!)).toBe('IDX#T#triath');
  });

  it('put every ultra marathon in the ultra distance partition, whatever its labels', () => {
    const backyard = { ...event, eventType: 'ultra_marathon' as const, distances: ['Last One Standing'] };
    expect(postingKeysOf(backyard).map((key) => key.PK)).toContain(distancePartition(DISTANCE_WORDS.ultra!));
  });
});

describe('description preview', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(previewOf('Short.')).toBe('Short.');
    expect(previewOf(undefined)).toBeUndefined();
    const cut = previewOf('word '.repeat(100)) as string;
    expect(cut.endsWith('word…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(DESCRIPTION_PREVIEW_LENGTH + 1);
  });
});

describe('partition count changes', () => {
  it('moves only the partitions an edit enters or leaves', () => {
    const renamed = { ...event, title: 'Cañon City Trail Marathon', distances: ['Marathon'] };
    const deltas = statDeltas(event, renamed);
    expect(deltas.get('IDX#T#mar')).toBe(1);
    expect(deltas.get('IDX#T#50k')).toBe(-1);
    expect(deltas.has('IDX#T#can')).toBe(false);
    expect(deltas.has('STATE#CO')).toBe(false);
  });

  it('takes an unverified event out of every partition, state and all-verified included', () => {
    const deltas = statDeltas(event, { ...event, verified: false });
    expect(deltas.get('STATE#CO')).toBe(-1);
    expect(deltas.get('EVENTS#VERIFIED')).toBe(-1);
    expect([...deltas.values()].every((delta) => delta === -1)).toBe(true);
  });
});

describe('search index layouts', () => {
  it('say what every layout up to this one changed, and nothing beyond it', () => {
    const versions = Object.keys(SEARCH_INDEX_CHANGES).map(Number).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: SEARCH_INDEX_VERSION - 1 }, (_, index) => index + 2));
    for (const kinds of Object.values(SEARCH_INDEX_CHANGES)) for (const kind of kinds) expect(INDEX_KINDS).toContain(kind);
  });

  it('give every posting a kind by its partition', () => {
    const catalogue = generateSeedEvents({ count: 300, today: '2027-01-01', seed: 7 }).map((generated, index) => ({
      ...generated,
      ...(index % 3 === 0 ? { rating: { average: 4.5, count: 2 } } : {}),
      ...(index % 5 === 0 ? { organizationId: '01JABCDEFGHJKMNPQRSTVWXYZ1', tags: ['charity'] } : {}),
      ...(index % 7 === 0 ? { course: { distanceMeters: 10_000, gainMeters: 130, lossMeters: 130 } } : {}),
      ...(index % 11 === 0 ? { priceTiers: [{ fee: 40, until: '2026-12-31' }, { fee: 55 }] } : {}),
    }));
    const kinds = new Set(catalogue.flatMap((generated) => postingKeysOf(generated).map((key) => searchPostingKind(key.PK))));
    expect([...kinds].sort()).toEqual([...SEARCH_POSTING_KINDS].sort());
    expect(searchPostingKind('IDX#TERRAIN#road')).toBe('terrain');
    expect(searchPostingKind('IDX#T#ter')).toBe('term');
    expect(searchPostingKind('IDX#CLOSES#2027-03-01')).toBe('closing');
    expect(searchPostingKind('IDX#STATE#CA#DIST#marathon')).toBe('state-kind');
    expect(searchPostingKind('IDX#ELEV#hilly')).toBe('elevation');
    expect(searchPostingKind('IDX#PRICE')).toBe('price');
    expect(searchPostingKind('IDX#PRICE#STATE#CA')).toBe('price');
    expect(searchPostingKind(distancePricePartition('marathon'))).toBe('price');
    expect(searchPostingKind(typePricePartition('triathlon'))).toBe('price');
    expect(searchPostingKind('IDX#REPRICE#2027-03-01')).toBe('reprice');
    expect(() => searchPostingKind('IDX#SOMETHING#new')).toThrow('No posting kind');
  });

  it('ask of an event what the layouts after its own changed: only the rated, closing, state-kind, elevation, price and nearest-first postings after 6, nothing at this one, everything without a mark', () => {
    expect([...indexKindsChangedSince(6)]).toEqual(['rated', 'closing', 'state-kind', 'elevation', 'price', 'reprice', 'near-order']);
    expect([...indexKindsChangedSince(8)]).toEqual(['state-kind', 'elevation', 'price', 'reprice', 'near-order']);
    expect([...indexKindsChangedSince(10)]).toEqual(['price', 'reprice', 'near-order']);
    expect([...indexKindsChangedSince(11)]).toEqual(['near-order']);
    expect(indexKindsChangedSince(SEARCH_INDEX_VERSION).size).toBe(0);
    expect(indexKindsChangedSince(SEARCH_INDEX_VERSION + 1).size).toBe(0);
    expect(new Set(indexKindsChangedSince(4))).toEqual(new Set([...INDEX_KINDS].filter((kind) => kind !== 'admin')));
    expect(new Set(indexKindsChangedSince(3))).toEqual(new Set(INDEX_KINDS));
    expect(new Set(indexKindsChangedSince(undefined))).toEqual(new Set(INDEX_KINDS));
  });
});
