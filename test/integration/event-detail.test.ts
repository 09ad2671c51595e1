/**
 * GET /api/events/{id}: public for verified events, optional sign-in, unverified events only to their
 * organizer and admins (a 404 for everyone else, the same as an unknown id), the organization joined.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { EventSchema, type RaceEvent } from '#shared/schemas/event';
import { db, tableName } from '#lib/dynamo';
import { createEvent } from '#data/event';
import { toOrganizationItem } from '#data/organization';
import { testRaceEvent } from '../support/race-event.ts';
import { account, api, idTokenFor } from '../support/local-api.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';

function raceEvent(overrides: Partial<RaceEvent> = {}): RaceEvent {
  return testRaceEvent({
    title: `Detail test ${randomUUID()}`,
    description: 'A fast, flat loop along the river with aid stations every two miles.',
    eventDate: '2099-06-01',
    locationName: 'Riverside Park',
    city: 'Boston',
    state: 'MA',
    distances: ['5K', '10K'],
    registrationFee: 35,
    registrationUrl: 'https://example.org/register',
    websiteUrl: 'https://example.org',
    tags: ['flat'],
    ...overrides,
  });
}

const tokens: Record<string, string> = {};
let organizerSub: string;

beforeAll(async () => {
  for (const label of ['Athlete', 'Second athlete', 'Organizer', 'Admin', 'Super admin']) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
  const me = await api('GET', '/api/me', { token: tokens.Organizer });
  organizerSub = (me.body as { id: string }).id;
});

describe('GET /api/events/{id} for a verified event', () => {
  it('shows every field of the event to a visitor, publicly cacheable, without storage attributes', async () => {
    const event = await createEvent(raceEvent());
    const response = await api('GET', `/api/events/${event.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(event);
    expect(Object.keys(response.body as object).every((key) => key in EventSchema.shape)).toBe(true);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('vary')).toBe('Authorization');
  });

  it('shows it to a signed-in athlete too, but not for shared caches', async () => {
    const event = await createEvent(raceEvent());
    const response = await api('GET', `/api/events/${event.id}`, { token: tokens.Athlete });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(event);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('joins the organization behind the event', async () => {
    const organization = {
      id: ulid(),
      name: 'River Runners Club',
      description: 'Volunteer-run races since 1988.',
      websiteUrl: 'https://riverrunners.example.org',
      email: 'hello@riverrunners.example.org',
    };
    await db.send(new PutCommand({ TableName: tableName, Item: toOrganizationItem(organization) }));
    const event = await createEvent(raceEvent({ organizationId: organization.id }));
    const response = await api('GET', `/api/events/${event.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...event, organization });
  });

  it('still shows an event whose organization no longer exists, without it', async () => {
    const event = await createEvent(raceEvent({ organizationId: ulid() }));
    const response = await api('GET', `/api/events/${event.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(event);
  });
});

describe('GET /api/events/{id} for ids that name nothing', () => {
  it('answers 404 "Event not found" for an unknown id, uncached', async () => {
    const response = await api('GET', `/api/events/${UNKNOWN_ID}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'Event not found' } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['not-an-id', '01hzzzzzzzzzzzzzzzzzzzzzzz', `${UNKNOWN_ID}0`, 'ILOU0000000000000000000000'])(
    'answers 400 for the malformed id %s',
    async (id) => {
      const response = await api('GET', `/api/events/${id}`);
      expect(response.status).toBe(400);
      expect((response.body as { error: { fields: Record<string, string[]> } }).error.fields).toHaveProperty(['path.id']);
    },
  );
});

describe('GET /api/events/{id} for an unverified event', () => {
  let event: RaceEvent;
  beforeAll(async () => {
    event = await createEvent(raceEvent({ verified: false, organizerId: organizerSub, title: `Unverified ${randomUUID()}` }));
  });

  it('is a 404 to a visitor, indistinguishable from an unknown id', async () => {
    const hidden = await api('GET', `/api/events/${event.id}`);
    const unknown = await api('GET', `/api/events/${UNKNOWN_ID}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(unknown.body);
  });

  it.each(['Athlete', 'Second athlete'])('is a 404 to %s, who did not organize it', async (label) => {
    const response = await api('GET', `/api/events/${event.id}`, { token: tokens[label] });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'Event not found' } });
  });

  it('is shown to its organizer, privately', async () => {
    const response = await api('GET', `/api/events/${event.id}`, { token: tokens.Organizer });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(event);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('is a 404 to an organizer of other events', async () => {
    const someoneElses = await createEvent(raceEvent({ verified: false, organizerId: 'another-organizer-sub' }));
    const response = await api('GET', `/api/events/${someoneElses.id}`, { token: tokens.Organizer });
    expect(response.status).toBe(404);
  });

  it.each(['Admin', 'Super admin'])('is shown to %s', async (label) => {
    const response = await api('GET', `/api/events/${event.id}`, { token: tokens[label] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(event);
  });
});

describe('GET /api/events/{id} with a bad token', () => {
  it.each([
    ['a token whose signature was tampered with', () => {
      const [header, payload, signature] = tokens.Organizer!.split('.');
      const flipped = `${signature!.slice(0, -4)}${signature!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
      return `${header}.${payload}.${flipped}`;
    }],
    ['something that is not a token', () => 'not-a-token'],
  ])('answers 401 to %s rather than serving the visitor view', async (_name, make) => {
    const event = await createEvent(raceEvent());
    const response = await api('GET', `/api/events/${event.id}`, { token: make() });
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
