/**
 * How event writes move their organization (organization-events.ts OrganizationMoves, organization.ts
 * readers): only public events with an organization count; a change moves exactly the counters and word
 * postings that differ; several events merge; the review aggregate follows the events' ratings; and the card
 * reads the counters back (upcoming and past by day, specialties, location, words, rating).
 */
import { describe, expect, it } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import { OrganizationMoves } from '#data/organization-events';
import { eventCountsOf, organizationCardOf, organizationWordsOf, placeAndKindWords, ratingOf } from '#data/organization';

const ORG = '01J0RGAN1ZAT10N0000000000A';
const event = (fields: Partial<RaceEvent> = {}): RaceEvent => ({
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  title: 'Harbor 10K',
  eventDate: '2027-05-01',
  eventType: 'road_race',
  terrainType: 'road',
  locationName: 'Pier',
  city: 'Bar Harbor',
  state: 'ME',
  country: 'US',
  distances: ['10K'],
  tags: [],
  featured: false,
  verified: true,
  source: 'organizer',
  organizationId: ORG,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});
const record = (map: Map<string, Map<string, number>>, id = ORG) => Object.fromEntries([...(map.get(id) ?? [])].filter(([, delta]) => delta !== 0));

describe('organization moves of event writes', () => {
  it('counts a public event of an organization: total, its day, kind and place, and the terms of its place and kind', () => {
    const moves = new OrganizationMoves().add(undefined, event());
    expect(record(moves.counters)).toEqual({ publicEvents: 1, 'day#2027-05-01': 1, 'type#road_race': 1, 'place#Bar Harbor|ME': 1 });
    expect(placeAndKindWords(event())).toEqual(['bar', 'harbor', 'me', 'maine', 'road', 'race']);
    expect(Object.keys(record(moves.terms)).sort()).toEqual(['bar', 'har', 'harbor', 'mai', 'me', 'rac', 'roa'].sort());
    expect(moves.organizationIds()).toEqual([ORG]);
  });

  it('ignores events without an organization or not public, and counts one going public or private', () => {
    expect(new OrganizationMoves().add(undefined, event({ organizationId: undefined })).organizationIds()).toEqual([]);
    expect(new OrganizationMoves().add(undefined, event({ verified: false })).organizationIds()).toEqual([]);
    expect(record(new OrganizationMoves().add(event({ verified: false }), event()).counters)).toMatchObject({ publicEvents: 1 });
    expect(record(new OrganizationMoves().add(event(), event({ verified: false })).counters)).toMatchObject({ publicEvents: -1, 'type#road_race': -1 });
  });

  it('moves only what a change changes, and nothing for an edit the directory does not see', () => {
    expect(new OrganizationMoves().add(event(), event({ title: 'Renamed 10K', description: 'New' })).organizationIds()).toEqual([]);
    const moved = new OrganizationMoves().add(event(), event({ eventDate: '2027-06-01', city: 'Ellsworth' }));
    expect(record(moved.counters)).toEqual({ 'day#2027-05-01': -1, 'day#2027-06-01': 1, 'place#Bar Harbor|ME': -1, 'place#Ellsworth|ME': 1 });
    expect(record(moved.terms)).toEqual({ bar: -1, har: -1, harbor: -1, ell: 1, ellswo: 1 });
    // Moving to another organization moves both.
    const other = '01J0RGAN1ZAT10N0000000000B';
    const relinked = new OrganizationMoves().add(event(), event({ organizationId: other }));
    expect(relinked.organizationIds().sort()).toEqual([ORG, other].sort());
    expect(record(relinked.counters, other)).toMatchObject({ publicEvents: 1 });
  });

  it('merges the moves of several events, so a group writes each item once', () => {
    const moves = new OrganizationMoves().add(undefined, event()).add(undefined, event({ id: '01JABCDEFGHJKMNPQRSTVWXYZ1', eventType: 'trail_race' }));
    expect(record(moves.counters)).toMatchObject({ publicEvents: 2, 'place#Bar Harbor|ME': 2, 'type#road_race': 1, 'type#trail_race': 1 });
    expect(record(moves.terms)).toMatchObject({ bar: 2, rac: 2, roa: 1, tra: 1 });
  });

  it('adds the reviews of its events to the review aggregate, exactly in tenths of a star', () => {
    const rated = (average: number, count: number) => ({ ...event(), rating: { average, count } }) as RaceEvent;
    expect(record(new OrganizationMoves().add(undefined, rated(4.3, 3)).reviews)).toEqual({ count: 3, sum: 12.9 });
    expect(record(new OrganizationMoves().add(rated(4.3, 3), rated(4.5, 4)).reviews)).toEqual({ count: 1, sum: 5.1 });
    expect(record(new OrganizationMoves().add(rated(4.3, 3), { ...rated(4.3, 3), verified: false } as RaceEvent).reviews)).toEqual({ count: -3, sum: -12.9 });
  });
});

describe('an organization read back from its counters', () => {
  const item = {
    PK: `ORG#${ORG}`,
    SK: 'ORG',
    id: ORG,
    name: 'Downeast Runners',
    verified: true,
    websiteUrl: 'https://example.org',
    publicEvents: 4,
    'day#2026-01-10': 1,
    'day#2027-05-01': 2,
    'day#2027-06-01': 1,
    'day#2027-07-01': 0,
    'type#road_race': 3,
    'type#duathlon': 1,
    'type#trail_race': 0,
    'place#Bar Harbor|ME': 3,
    'place#Portland|OR': 1,
  };

  it('counts upcoming from today and past before it, and lists kinds and the main place', () => {
    expect(eventCountsOf(item, '2027-05-01')).toEqual({ upcoming: 3, past: 1 });
    const card = organizationCardOf(item, { count: 3, sum: 13 }, undefined, '2027-01-01');
    expect(card).toEqual({
      id: ORG,
      name: 'Downeast Runners',
      verified: true,
      location: { city: 'Bar Harbor', state: 'ME' },
      eventCount: 4,
      upcomingEventCount: 3,
      pastEventCount: 1,
      specialties: ['road_race', 'duathlon'],
      rating: { average: 4.3, count: 3 },
      websiteUrl: 'https://example.org',
    });
  });

  it('is found by the words of its name, its places and its kinds, not by those of kinds or places it no longer has', () => {
    const words = organizationWordsOf(item);
    expect(words).toEqual(expect.arrayContaining(['downeast', 'runners', 'bar', 'harbor', 'me', 'maine', 'portland', 'or', 'oregon', 'road', 'race', 'duathlon']));
    expect(words).not.toContain('trail');
  });

  it('has no rating without reviews', () => {
    expect(ratingOf(undefined)).toBeNull();
    expect(ratingOf({ count: 0, sum: 0 })).toBeNull();
    expect(ratingOf({ count: 2, sum: 9 })).toEqual({ average: 4.5, count: 2 });
  });
});
