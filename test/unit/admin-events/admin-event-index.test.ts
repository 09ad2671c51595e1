import { describe, expect, it } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import { AdminEventsQuerySchema } from '#shared/schemas/admin-events';
import { adminIndexItemsOf, adminIndexKeysOf, adminRowFromItem, adminTermsOf } from '#data/admin-event-index';
import { adminFilterFor, planAdminList } from '../../../lambdas/admin-events/admin-event-list.ts';
import { changesOf } from '../../../lambdas/admin-events/admin-event-edits.ts';
import { testRaceEvent } from '../../support/race-event.ts';

const event: RaceEvent = testRaceEvent({
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  title: 'Boston Harbor 10K',
  eventDate: '2027-05-01',
  locationName: 'Seaport',
  city: 'Boston',
  state: 'MA',
  distances: ['10K'],
  featured: true,
  verified: false,
  source: 'runsignup',
  registrationFee: 35,
  reviewFlag: 'cancelled',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const query = (raw: Record<string, string>) => AdminEventsQuerySchema.parse(raw);

describe('the admin index of an event', () => {
  it('has one row with five partitions, one posting per title/city term and one in the review queue', () => {
    const items = adminIndexItemsOf(event);
    const row = items.find((item) => item.SK === 'ADMIN');
    expect(row).toMatchObject({
      PK: 'EVENT#01JABCDEFGHJKMNPQRSTVWXYZ0',
      GSI1PK: 'ADMIN#EVENTS',
      GSI2PK: 'ADMIN#VERIFIED#false',
      GSI3PK: 'ADMIN#STATE#MA',
      GSI4PK: 'ADMIN#TYPE#road_race',
      GSI5PK: 'ADMIN#FEATURED',
      GSI1SK: '2026-11-01T00:00:00.000Z#01JABCDEFGHJKMNPQRSTVWXYZ0',
    });
    expect(adminTermsOf(event)).toEqual(['bos', 'har', '10k']);
    expect(items.map((item) => item.PK).sort()).toEqual(
      ['ADMIN#REVIEW', 'ADMIN#T#10k', 'ADMIN#T#bos', 'ADMIN#T#har', 'EVENT#01JABCDEFGHJKMNPQRSTVWXYZ0'].sort(),
    );
    expect(adminIndexKeysOf(event)).toEqual(items.map((item) => ({ PK: item.PK, SK: item.SK })));
  });

  it('leaves unfeatured, unflagged events out of the featured partition and the review queue', () => {
    const plain = { ...event, featured: false, reviewFlag: undefined };
    const items = adminIndexItemsOf(plain);
    expect(items.find((item) => item.SK === 'ADMIN')).not.toHaveProperty('GSI5PK');
    expect(items.map((item) => item.PK)).not.toContain('ADMIN#REVIEW');
  });

  it('reads an item back as exactly the row fields', () => {
    const posting = adminIndexItemsOf(event).find((item) => item.PK === 'ADMIN#T#bos')!;
    expect(posting.adminText).toBe(' boston harbor 10k ');
    expect(Object.keys(adminRowFromItem(posting)).sort()).toEqual(
      ['city', 'createdAt', 'eventDate', 'eventType', 'featured', 'id', 'registrationFee', 'reviewFlag', 'source', 'state', 'title', 'updatedAt', 'verified'],
    );
  });
});

describe('the admin list plan', () => {
  const counters = { total: 1000, verified: 900, featured: 40, flagged: 3, 'state#MA': 30, 'type#road_race': 500 };

  it('counts the total exactly for no filter and for each single filter', () => {
    expect(planAdminList(query({})).exactTotal?.(counters)).toBe(1000);
    expect(planAdminList(query({ verified: 'false' })).exactTotal?.(counters)).toBe(100);
    expect(planAdminList(query({ featured: 'true' })).exactTotal?.(counters)).toBe(40);
    expect(planAdminList(query({ featured: 'false' })).exactTotal?.(counters)).toBe(960);
    expect(planAdminList(query({ needsReview: 'true' })).exactTotal?.(counters)).toBe(3);
    expect(planAdminList(query({ state: 'ma' })).exactTotal?.(counters)).toBe(30);
    expect(planAdminList(query({ type: 'road_race' })).exactTotal?.(counters)).toBe(500);
  });

  it('does not claim an exact total for text or combined filters', () => {
    expect(planAdminList(query({ q: 'boston' })).exactTotal).toBeUndefined();
    expect(planAdminList(query({ state: 'MA', verified: 'true' })).exactTotal).toBeUndefined();
    expect(planAdminList(query({ from: '2027-01-01' })).exactTotal).toBeUndefined();
  });

  it('drives from the partition that needs no check and filters on the rest', () => {
    const plan = planAdminList(query({ q: 'Bost harbor', state: 'MA', featured: 'false', needsReview: 'true', from: '2027-01-01' }));
    expect(plan.candidates.map((candidate) => candidate.partition)).toEqual(
      ['ADMIN#T#har', 'ADMIN#T#bos', 'ADMIN#REVIEW', 'ADMIN#STATE#MA'],
    );
    const filter = adminFilterFor(plan, 'needsReview');
    expect(filter.expression).toBe(
      'contains(#text, :w0) AND contains(#text, :w1) AND #featured = :featured AND #state = :state AND #date >= :from',
    );
    expect(filter.values).toMatchObject({ ':w0': ' bost', ':w1': ' harbor', ':featured': false, ':state': 'MA' });
  });

  it('treats blank query values as absent and refuses an end date before the start', () => {
    expect(query({ q: ' ', state: '', verified: '' })).toEqual({});
    expect(AdminEventsQuerySchema.safeParse({ from: '2027-02-01', to: '2027-01-01' }).success).toBe(false);
    expect(AdminEventsQuerySchema.safeParse({ verified: 'yes' }).success).toBe(false);
  });
});

describe('an admin edit', () => {
  it('records the editable fields it really changes, and clears fields set to null', () => {
    const changes = changesOf({ ...event, adminEditedFields: ['city'] }, { title: 'Boston Harbor 10K', registrationFee: null, maxParticipants: 500, verified: true });
    expect(changes).toMatchObject({ verified: true, maxParticipants: 500, adminEditedFields: ['city', 'maxParticipants', 'registrationFee'] });
    expect('registrationFee' in changes && changes.registrationFee === undefined).toBe(true);
  });

  it('refuses a registration end after the event date', () => {
    expect(() => changesOf(event, { registrationEndDate: '2027-06-01' })).toThrow('Some fields are not valid');
  });
});
