/**
 * The training plan's calendar feed through the local stack: turned on by its athlete only, fetched without
 * signing in by its unguessable address, parsed back with ical.js (a real iCalendar parser), kept current with
 * the plan (a completed workout, an accepted adjustment), and dead at once when replaced or turned off.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { CalendarFeedSchema, FEED_TOKEN_PATTERN } from '#shared/schemas/calendar-feed';
import { PlanAdjustmentSchema } from '#shared/schemas/training-plans';
import { formatDistance } from '#shared/units';
import { planWorkoutDescription } from '#shared/training/workout-description';
import { createTrainingLog } from '#data/training-log';
import { createTrainingPlan } from '#data/training-plan';
import { api, newUser } from '../support/local-api.ts';
import { freeDaysApart } from '../support/free-training-days.ts';

const today = todayInNewYork();

async function athlete(prefix: string): Promise<{ token: string; sub: string }> {
  const { token } = await newUser(prefix);
  const me = await api('GET', '/api/me', { token });
  return { token, sub: (me.body as { id: string }).id };
}

interface FeedEntry {
  uid: string;
  summary: string;
  description: string;
  start: string;
  allDay: boolean;
  sequence: number;
}

/** The feed as a calendar app reads it: ical.js parses the text (throwing on anything malformed). */
function parseFeed(text: string): { name: string | null; entries: FeedEntry[] } {
  const calendar = ICAL.Component.fromString(text);
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const entries = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      allDay: event.startDate.isDate,
      sequence: event.sequence,
    };
  });
  return { name: calendar.getFirstPropertyValue('x-wr-calname') as string | null, entries };
}

async function fetchFeed(path: string) {
  return api('GET', path);
}

describe('training plan calendar feed', () => {
  it('is off until its athlete turns it on; the address is theirs alone and carries 256 random bits', async () => {
    const { token } = await athlete('feed-owner');
    const off = CalendarFeedSchema.parse((await api('GET', '/api/me/calendar-feeds/training-plan', { token })).body);
    expect(off).toEqual({ kind: 'training-plan', path: null, createdAt: null });
    expect((await api('GET', '/api/me/calendar-feeds/training-plan')).status).toBe(401);
    expect((await api('POST', '/api/me/calendar-feeds/training-plan')).status).toBe(401);
    const unknownKind = await api('POST', '/api/me/calendar-feeds/everything', { token });
    expect(unknownKind.status).toBe(400);

    const created = await api('POST', '/api/me/calendar-feeds/training-plan', { token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const feed = CalendarFeedSchema.parse(created.body);
    const token1 = /^\/api\/calendar-feeds\/([^/]+)\/training-plan\.ics$/.exec(feed.path!)?.[1];
    expect(token1).toMatch(FEED_TOKEN_PATTERN);
    expect(CalendarFeedSchema.parse((await api('GET', '/api/me/calendar-feeds/training-plan', { token })).body)).toEqual(feed);

    // Another athlete sees and changes only their own (off) feed.
    const other = await athlete('feed-other');
    expect(CalendarFeedSchema.parse((await api('GET', '/api/me/calendar-feeds/training-plan', { token: other.token })).body).path).toBeNull();
    expect((await api('DELETE', '/api/me/calendar-feeds/training-plan', { token: other.token })).status).toBe(204);
    expect((await fetchFeed(feed.path!)).status).toBe(200);

    // With no plan yet it is a valid, empty calendar that fills in when a plan starts.
    const empty = await fetchFeed(feed.path!);
    expect(empty.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(empty.headers.get('cache-control')).toBe('private, max-age=300');
    expect(parseFeed(String(empty.body))).toEqual({ name: 'RaceFinder training plan', entries: [] });

    // Tokens that were never issued, or are not tokens at all, open nothing.
    expect((await fetchFeed(`/api/calendar-feeds/${'A'.repeat(43)}/training-plan.ics`)).status).toBe(404);
    expect((await fetchFeed('/api/calendar-feeds/short/training-plan.ics')).status).toBe(400);
  });

  it("lists the active plan's workouts and race in the athlete's unit, and follows completions and accepted changes", async () => {
    const { token, sub } = await athlete('feed-plan');
    expect((await api('PATCH', '/api/me', { token, body: { units: 'mi' } })).status).toBe(200);
    const made = await createTrainingPlan(sub, { raceDistance: '10k', weeks: 12, level: 'intermediate', daysPerWeek: 4 }, 'mi', new Date(Date.now() - 21 * 86_400_000));
    expect((await api('POST', `/api/me/training-plans/${made.id}/start`, { token })).status).toBe(200);
    const path = CalendarFeedSchema.parse((await api('POST', '/api/me/calendar-feeds/training-plan', { token })).body).path!;

    const workouts = made.plan.weeks.flatMap((week) => week.workouts);
    const first = parseFeed(String((await fetchFeed(path)).body));
    expect(first.name).toBe(`RaceFinder: ${made.name}`);
    expect(first.entries.map((entry) => entry.start)).toEqual(workouts.map((workout) => workout.date));
    expect(first.entries.every((entry) => entry.allDay)).toBe(true);
    expect(new Set(first.entries.map((entry) => entry.uid)).size).toBe(workouts.length);
    const race = first.entries.at(-1)!;
    expect(race).toMatchObject({ summary: 'Race day: 10K', start: made.raceDate });
    const longRun = workouts.find((workout) => workout.type === 'long_run')!;
    const longEntry = first.entries.find((entry) => entry.start === longRun.date)!;
    expect(longEntry.summary).toBe(`Long run · ${formatDistance('mi', longRun.distanceKm)}`);
    expect(longEntry.summary).toMatch(/ mi$/);
    // The words are the athlete's unit too (issue 21: the feed once said "Main: 16 km" under a "9.9 mi" title).
    expect(longEntry.description).toContain(planWorkoutDescription(made.plan, longRun, 'mi'));
    for (const entry of first.entries) expect(`${entry.summary}\n${entry.description}`).not.toMatch(/\bkm\b/);

    // Completing a workout ticks it, with a higher SEQUENCE so calendars take the new version.
    const done = workouts.find((workout) => workout.date < today && workout.date >= addDays(today, -14))!;
    expect((await api('POST', `/api/me/training-plans/${made.id}/workouts/${done.date}/complete`, { token })).status).toBe(200);
    const ticked = parseFeed(String((await fetchFeed(path)).body)).entries.find((entry) => entry.start === done.date)!;
    const before = first.entries.find((entry) => entry.start === done.date)!;
    expect(ticked.summary).toBe(`✓ ${before.summary}`);
    expect(ticked.uid).toBe(before.uid);
    expect(ticked.sequence).toBeGreaterThan(before.sequence);

    // An adjustment is rebuilt from the log's last 4 weeks: what the athlete ran besides the plan.
    const planned = new Set(workouts.map((workout) => workout.date));
    for (const day of freeDaysApart(planned, addDays(today, -20), today).slice(0, 6)) {
      await createTrainingLog(sub, { activityType: 'running', distanceKm: 9, durationMinutes: 54, logDate: day });
    }

    // An accepted adjustment replaces the future entries; the UIDs of days kept stay the same.
    const adjustment = PlanAdjustmentSchema.parse((await api('POST', `/api/me/training-plans/${made.id}/adjustments`, { token, body: { changes: { daysPerWeek: 3 } } })).body);
    expect((await api('POST', `/api/me/training-plans/${made.id}/adjustments/${adjustment.id}/accept`, { token })).status).toBe(200);
    const adjusted = parseFeed(String((await fetchFeed(path)).body)).entries;
    const adjustedDates = adjustment.plan.weeks.flatMap((week) => week.workouts.map((workout) => workout.date));
    expect(adjusted.map((entry) => entry.start)).toEqual(adjustedDates);
    expect(adjusted.every((entry) => entry.sequence >= 2)).toBe(true);
  });

  it('stops answering at once when its address is replaced or the feed is turned off', async () => {
    const { token } = await athlete('feed-revoke');
    const first = CalendarFeedSchema.parse((await api('POST', '/api/me/calendar-feeds/training-plan', { token })).body).path!;
    expect((await fetchFeed(first)).status).toBe(200);
    const second = CalendarFeedSchema.parse((await api('POST', '/api/me/calendar-feeds/training-plan', { token })).body).path!;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    expect((await api('DELETE', '/api/me/calendar-feeds/training-plan', { token })).status).toBe(204);
    const gone = await fetchFeed(second);
    expect(gone.status).toBe(404);
    expect(JSON.stringify(gone.body)).toContain('This calendar feed is off or its address was replaced');
    expect(CalendarFeedSchema.parse((await api('GET', '/api/me/calendar-feeds/training-plan', { token })).body).path).toBeNull();
    expect((await api('DELETE', '/api/me/calendar-feeds/training-plan', { token })).status).toBe(204);
  });
});
