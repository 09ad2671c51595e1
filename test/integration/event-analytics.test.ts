/**
 * Event analytics through the local stack: the beacon counts a view once per visitor within the window, not a
 * bot's, not on an event the visitor cannot see; a save counts in the day's saves; the owner reads the daily
 * counts, another organizer gets a 404; and the write units of a counted view and of a repeat, measured.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { EventAnalyticsSchema } from '#shared/schemas/analytics';
import type { RaceEvent } from '#shared/schemas/event';
import { createEvent } from '#data/event';
import { countBeacon } from '#data/event-analytics';
import { changeRole } from '#data/profile';
import { testRaceEvent } from '../support/race-event.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Who = 'Organizer' | 'Athlete' | 'Other';
const tokens = {} as Record<Who, string>;
const subs = {} as Record<Who, string>;
let event: RaceEvent;

beforeAll(async () => {
  for (const label of ['Organizer', 'Athlete'] as const) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
    subs[label] = ((await api('GET', '/api/me', { token: tokens[label] })).body as { id: string }).id;
  }
  const other = await newUser('analytics-other-organizer');
  tokens.Other = other.token;
  subs.Other = ((await api('GET', '/api/me', { token: other.token })).body as { id: string }).id;
  await changeRole(subs.Other, 'organizer');
  event = await createEvent(testRaceEvent({ title: `Analytics ${randomUUID().slice(0, 8)} 10K`, eventDate: '2099-05-05', organizerId: subs.Organizer }));
});

const beacon = (eventId: string, kind: string, headers: Record<string, string>, token?: string) =>
  api('POST', `/api/events/${eventId}/beacon`, { body: { kind }, headers, ...(token ? { token } : {}) });
const outcome = (response: { body: unknown }) => (response.body as { outcome: string }).outcome;

async function todayCounts(token = tokens.Organizer) {
  const response = await api('GET', `/api/organizer/events/${event.id}/analytics`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const analytics = EventAnalyticsSchema.parse(response.body);
  return analytics.days.find((day) => day.day === todayInNewYork())!;
}

describe('the beacon', () => {
  it('counts a visitor once within the window, each visitor and kind apart, and no bot', async () => {
    const before = await todayCounts();
    const visitor = { 'user-agent': CHROME, 'x-forwarded-for': '198.51.100.7' };
    expect(outcome(await beacon(event.id, 'view', visitor))).toBe('counted');
    expect(outcome(await beacon(event.id, 'view', visitor))).toBe('repeat');
    expect(outcome(await beacon(event.id, 'view', { ...visitor, 'user-agent': FIREFOX }))).toBe('counted');
    expect(outcome(await beacon(event.id, 'view', { 'user-agent': CHROME, 'x-forwarded-for': '203.0.113.9' }))).toBe('counted');
    expect(outcome(await beacon(event.id, 'register', visitor))).toBe('counted');
    expect(outcome(await beacon(event.id, 'view', { 'user-agent': GOOGLEBOT, 'x-forwarded-for': '66.249.66.1' }))).toBe('bot');
    expect(outcome(await beacon(event.id, 'view', {}))).toBe('bot');
    // A signed-in athlete is one visitor wherever they come from.
    expect(outcome(await beacon(event.id, 'view', { 'user-agent': CHROME, 'x-forwarded-for': '192.0.2.1' }, tokens.Athlete))).toBe('counted');
    expect(outcome(await beacon(event.id, 'view', { 'user-agent': FIREFOX, 'x-forwarded-for': '192.0.2.2' }, tokens.Athlete))).toBe('repeat');
    // The owner looking at their own event is no audience.
    expect(outcome(await beacon(event.id, 'view', { 'user-agent': CHROME }, tokens.Organizer))).toBe('owner');

    const after = await todayCounts();
    expect(after.views - before.views).toBe(4);
    expect(after.registerClicks - before.registerClicks).toBe(1);
  });

  it('counts a view again once the window has passed', async () => {
    const later = new Date(Date.now() + 31 * 60 * 1000);
    const visitor = { sub: `window-${randomUUID()}`, userAgent: CHROME };
    expect((await countBeacon(event.id, 'view', visitor)).outcome).toBe('counted');
    expect((await countBeacon(event.id, 'view', visitor)).outcome).toBe('repeat');
    expect((await countBeacon(event.id, 'view', visitor, later)).outcome).toBe('counted');
  });

  // A counted view's units are DynamoDB's own (ReturnConsumedCapacity on both writes); a repeat is one refused
  // conditional put, which DynamoDB bills as 1 write unit but does not report on a refusal.
  it('costs 2 write units for a counted view (reported by DynamoDB) and 1 for a repeat', async () => {
    const visitor = { sub: `cost-${randomUUID()}`, userAgent: CHROME };
    const counted = await countBeacon(event.id, 'view', visitor);
    const repeat = await countBeacon(event.id, 'view', visitor);
    console.info(`analytics write cost: counted view ${counted.writeUnits} WCU, repeat ${repeat.writeUnits} WCU, bot 0 WCU`);
    expect(counted).toEqual({ outcome: 'counted', writeUnits: 2 });
    expect(repeat).toEqual({ outcome: 'repeat', writeUnits: 1 });
  });

  it('refuses a bad kind and an event the visitor cannot see', async () => {
    expect((await beacon(event.id, 'purchase', { 'user-agent': CHROME })).status).toBe(400);
    const hidden = await createEvent(testRaceEvent({ title: `Hidden ${randomUUID().slice(0, 8)}`, eventDate: '2099-05-06', verified: false }));
    expect((await beacon(hidden.id, 'view', { 'user-agent': CHROME })).status).toBe(404);
  });
});

describe('saves and the owner analytics', () => {
  it("counts a save in the day's saves", async () => {
    const before = await todayCounts();
    const { token } = await newUser('analytics-saver');
    expect((await api('PUT', `/api/me/saved-events/${event.id}`, { token })).status).toBeLessThan(300);
    expect((await todayCounts()).saves - before.saves).toBe(1);
  });

  it("answers the owner's daily counts for a range and a 404 to another organizer; refuses bad ranges", async () => {
    const range = await api('GET', `/api/organizer/events/${event.id}/analytics`, { token: tokens.Organizer, query: { from: '2099-01-01', to: '2099-01-07' } });
    expect(EventAnalyticsSchema.parse(range.body).days.map((day) => day.day)).toEqual(['2099-01-01', '2099-01-02', '2099-01-03', '2099-01-04', '2099-01-05', '2099-01-06', '2099-01-07']);
    expect((await api('GET', `/api/organizer/events/${event.id}/analytics`, { token: tokens.Other })).status).toBe(404);
    expect((await api('GET', `/api/organizer/events/${event.id}/analytics`, { token: tokens.Athlete })).status).toBe(403);
    expect((await api('GET', `/api/organizer/events/${event.id}/analytics`, { token: tokens.Organizer, query: { from: '2099-02-01', to: '2099-01-01' } })).status).toBe(400);
    expect((await api('GET', `/api/organizer/events/${event.id}/analytics`, { token: tokens.Organizer, query: { from: '2097-01-01', to: '2099-01-01' } })).status).toBe(400);
  });
});
