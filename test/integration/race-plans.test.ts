/**
 * Plans for listed races (issue 25, "Train for this race") through the local stack: the server takes the plan's
 * date from the race and its distance from the one the athlete picked among the race's, refuses a distance the
 * race does not list or no plan is made for and a race past, cancelled or hidden; the plan and the race link to
 * each other; and a race that moves is noticed on both sides, and the plan regenerated for its new date.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { ErrorBodySchema } from '#shared/schemas/common';
import type { RaceEvent } from '#shared/schemas/event';
import { RacePlansSchema, TrainingPlanSchema, TrainingPlansSchema } from '#shared/schemas/training-plans';
import { planViolations } from '#shared/training/plan-check';
import { createEvent, updateEvent } from '#data/event';
import { testRaceEvent } from '../support/race-event.ts';
import { api, newUser } from '../support/local-api.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';

const today = todayInNewYork();

function race(fields: Partial<RaceEvent> = {}): Promise<RaceEvent> {
  return createEvent(
    testRaceEvent({
      title: `Riverside Run ${randomUUID().slice(0, 8)}`,
      // Ten weeks out: room for a half marathon plan at any weekday today is.
      eventDate: addDays(today, 70),
      distances: ['5K', 'Half Marathon', '100 Miles'],
      ...fields,
    }),
  );
}

const ANSWERS = { level: 'intermediate', daysPerWeek: 4 } as const;

let token: string;
let otherToken: string;
beforeAll(async () => {
  [{ token }, { token: otherToken }] = await Promise.all([newUser('race-plan'), newUser('race-plan-other')]);
});

const createFor = (eventId: string, distance: string, extra: Record<string, unknown> = {}, as = token) =>
  api('POST', '/api/me/training-plans', { token: as, body: { ...ANSWERS, race: { eventId, distance }, ...extra } });

function refusal(response: { status: number; body: unknown }) {
  return ErrorBodySchema.parse(response.body).error;
}

describe('a plan for a listed race', () => {
  it("takes the race's date and the distance picked among its own, refuses what the race cannot give, and links both ways", async () => {
    const event = await race();
    const response = await createFor(event.id, 'Half Marathon');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const plan = TrainingPlanSchema.parse(response.body);
    expect(plan).toMatchObject({
      name: `${event.title} · Half Marathon`,
      raceDistance: 'half',
      raceDate: event.eventDate,
      race: { eventId: event.id, title: event.title, distance: 'Half Marathon', date: event.eventDate },
    });
    expect(plan.race?.movedTo).toBeUndefined();
    expect(planViolations(plan.plan)).toEqual([]);
    expect(plan.plan.weeks.at(-1)!.workouts.at(-1)).toMatchObject({ type: 'race', date: event.eventDate, distanceKm: 21.1 });

    // The race's page finds it; the plan's page and the athlete's list name the race.
    const links = RacePlansSchema.parse((await api('GET', `/api/me/race-plans/${event.id}`, { token })).body).items;
    expect(links).toEqual([{ planId: plan.id, name: plan.name, raceDistance: 'half', distance: 'Half Marathon', date: event.eventDate }]);
    expect(TrainingPlanSchema.parse((await api('GET', `/api/me/training-plans/${plan.id}`, { token })).body).race).toEqual(plan.race);
    expect(TrainingPlansSchema.parse((await api('GET', '/api/me/training-plans', { token })).body).items.find((item) => item.id === plan.id)?.race).toEqual(plan.race);
    // Another athlete's plans are theirs: none for this race.
    expect(RacePlansSchema.parse((await api('GET', `/api/me/race-plans/${event.id}`, { token: otherToken })).body).items).toEqual([]);

    // A distance the race does not list, and one it lists but no plan is made for.
    const unlisted = await createFor(event.id, '10K');
    expect(unlisted.status).toBe(422);
    expect(refusal(unlisted)).toMatchObject({ code: 'race_not_plannable', fields: { 'body.race.distance': [`${event.title} has no 10K race: it lists 5K, Half Marathon, 100 Miles.`] } });
    const ultra = await createFor(event.id, '100 Miles');
    expect(ultra.status).toBe(422);
    expect(refusal(ultra).message).toContain('the 100 Miles is none of them');
    // The date and distance are the race's, never the client's.
    const withDate = await createFor(event.id, '5K', { targetDate: addDays(today, 120), raceDistance: 'marathon' });
    expect(withDate.status).toBe(400);
    expect(JSON.stringify(withDate.body)).toContain('A plan for a race takes its distance and date from the race');

    // A past race, one too soon for any plan, a cancelled one, an unknown one and one the athlete may not see.
    const past = await race({ eventDate: addDays(today, -3) });
    const pastAnswer = await createFor(past.id, '5K');
    expect(pastAnswer.status).toBe(422);
    expect(refusal(pastAnswer).message).toMatch(/was run on .*: choose a race that is still ahead/);
    const soon = await createFor((await race({ eventDate: addDays(today, 5) })).id, '5K');
    expect(soon.status).toBe(422);
    // Too soon, and the race's date is not the athlete's to move: no other date is offered.
    expect(refusal(soon)).toMatchObject({ code: 'plan_refused' });
    expect(refusal(soon).message).toMatch(/too soon/);
    expect(refusal(soon).details).toBeUndefined();
    expect((await createFor((await race({ status: 'cancelled' })).id, '5K')).status).toBe(422);
    expect((await createFor(UNKNOWN_ID, '5K')).status).toBe(404);
    expect((await createFor((await race({ verified: false })).id, '5K')).status).toBe(404);
    expect((await api('GET', `/api/me/race-plans/${UNKNOWN_ID}`, { token })).status).toBe(404);
    // None of the refusals saved anything.
    expect(RacePlansSchema.parse((await api('GET', `/api/me/race-plans/${event.id}`, { token })).body).items).toHaveLength(1);

    // Deleting the plan takes it off the race's page.
    expect((await api('DELETE', `/api/me/training-plans/${plan.id}`, { token })).status).toBe(204);
    expect(RacePlansSchema.parse((await api('GET', `/api/me/race-plans/${event.id}`, { token })).body).items).toEqual([]);
  });

  it('says when the race moved, on the plan and on the race, and regenerates the plan for its new date', async () => {
    const event = await race();
    const plan = TrainingPlanSchema.parse((await createFor(event.id, '5K')).body);
    const newDate = addDays(event.eventDate, 14);
    await updateEvent(event.id, { eventDate: newDate, status: 'rescheduled' });

    const moved = TrainingPlanSchema.parse((await api('GET', `/api/me/training-plans/${plan.id}`, { token })).body);
    expect(moved.race).toMatchObject({ date: event.eventDate, movedTo: newDate });
    expect(moved.raceDate).toBe(event.eventDate);
    expect(RacePlansSchema.parse((await api('GET', `/api/me/race-plans/${event.id}`, { token })).body).items).toEqual([expect.objectContaining({ planId: plan.id, date: event.eventDate, movedTo: newDate })]);

    // Another athlete cannot touch it; a plan made for no race has no race date to follow.
    expect((await api('POST', `/api/me/training-plans/${plan.id}/follow-race`, { token: otherToken })).status).toBe(404);
    const own = TrainingPlanSchema.parse((await api('POST', '/api/me/training-plans', { token, body: { ...ANSWERS, raceDistance: '10k', weeks: 12 } })).body);
    expect(own.race).toBeUndefined();
    expect((await api('POST', `/api/me/training-plans/${own.id}/follow-race`, { token })).status).toBe(409);

    const followed = await api('POST', `/api/me/training-plans/${plan.id}/follow-race`, { token });
    expect(followed.status, JSON.stringify(followed.body)).toBe(200);
    const regenerated = TrainingPlanSchema.parse(followed.body);
    expect(regenerated).toMatchObject({ id: plan.id, name: plan.name, raceDistance: '5k', raceDate: newDate, race: { date: newDate, distance: '5K' } });
    expect(planViolations(regenerated.plan)).toEqual([]);
    expect(regenerated.plan.weeks.at(-1)!.workouts.at(-1)).toMatchObject({ type: 'race', date: newDate });
    expect(TrainingPlanSchema.parse((await api('GET', `/api/me/training-plans/${plan.id}`, { token })).body).race?.movedTo).toBeUndefined();
    expect(RacePlansSchema.parse((await api('GET', `/api/me/race-plans/${event.id}`, { token })).body).items).toEqual([
      { planId: plan.id, name: plan.name, raceDistance: '5k', distance: '5K', date: newDate },
    ]);
    // Once it follows the race, there is nothing to follow.
    expect((await api('POST', `/api/me/training-plans/${plan.id}/follow-race`, { token })).status).toBe(409);

    // A race moved into the past is no date to regenerate for.
    await updateEvent(event.id, { eventDate: addDays(today, -1) });
    const past = await api('POST', `/api/me/training-plans/${plan.id}/follow-race`, { token });
    expect(past.status).toBe(422);
    expect(TrainingPlanSchema.parse((await api('GET', `/api/me/training-plans/${plan.id}`, { token })).body).raceDate).toBe(newDate);
  });
});
