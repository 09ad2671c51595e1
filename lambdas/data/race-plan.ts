/** No defineEntity here: the items are the training plan's (training-plan.ts); this module reads races for them. */
/**
 * Plans for listed races (issue 25, "Train for this race"): the race decides the plan's date and, among the
 * distances it lists, the athlete picks what it is planned as. Everything about the race is read here, on the
 * server, from the race's id: its date, whether it is still ahead and not cancelled, and whether it lists the
 * distance asked for and a plan can be made for it (shared/training/race-plans.ts). The plan then goes
 * through the same generator and checks as any other (training-plan.ts), and keeps the race so that each links
 * to the other; when the race moves, the plan's page and the race's say so and the plan can follow it.
 */
import { formatLongDate } from '#shared/date-format';
import { todayInNewYork } from '#shared/dates';
import type { RaceEvent } from '#shared/schemas/event';
import type { NewTrainingPlan, PlanRaceChoice, TrainingPlanRequest } from '#shared/schemas/training-plan';
import type { PlanRace, RacePlanLink, TrainingPlan } from '#shared/schemas/training-plans';
import { raceDateState } from '#shared/training/race-plan-date';
import { raceDistanceChoices } from '#shared/training/race-plans';
import type { DistanceUnit } from '#shared/units';
import type { Caller } from '#lib/caller';
import { ConflictError, HttpError } from '#lib/errors';
import { getEvent } from './event.ts';
import { canSeeEvent, getVisibleEvent } from './event-visibility.ts';
import { racePlanLinks } from './race-plan-links.ts';
import { createTrainingPlan, followRaceDate } from './training-plan.ts';

/** A race no plan can be made for as asked: past, cancelled, without a date, or without the distance. */
export class RaceNotPlannableError extends HttpError {
  constructor(message: string, field?: string) {
    super(422, 'race_not_plannable', message, field ? { [field]: [message] } : undefined);
  }
}

/** Why a race's date is none a plan can aim at, or undefined when it is one (the generator judges how soon). */
function dateRefusal(event: RaceEvent, today: string): string | undefined {
  switch (raceDateState(event, today)) {
    case 'cancelled':
      return `${event.title} is cancelled: there is no race day to train for.`;
    case 'postponed':
      return `${event.title} is postponed and its new date is not announced yet: a plan can be made once it is.`;
    case 'past':
      return `${event.title} was run on ${formatLongDate(event.eventDate)}: choose a race that is still ahead.`;
    default:
      return undefined;
  }
}

/** The plan distance of the label the athlete picked, which the race must list; a refusal names what it lists. */
function chosenDistance(event: RaceEvent, label: string) {
  const choices = raceDistanceChoices(event);
  const choice = choices.find((entry) => entry.label.toLowerCase() === label.trim().toLowerCase());
  const field = 'body.race.distance';
  if (!choice) {
    const listed = choices.length > 0 ? `it lists ${choices.map((entry) => entry.label).join(', ')}` : 'it lists no distances yet';
    throw new RaceNotPlannableError(`${event.title} has no ${label.trim()} race: ${listed}.`, field);
  }
  if (!choice.planDistance) {
    throw new RaceNotPlannableError(`Plans are made for running races of 5K, 10K, half marathon, marathon and 50K; the ${choice.label} is none of them.`, field);
  }
  return { label: choice.label, planDistance: choice.planDistance };
}

/** POST /api/me/training-plans with a race: the plan for the race's date and the distance picked among its own. */
export async function createRacePlan(
  caller: Caller,
  body: TrainingPlanRequest & { race: PlanRaceChoice },
  unit: DistanceUnit,
  now: Date = new Date(),
): Promise<TrainingPlan> {
  const event = await getVisibleEvent(body.race.eventId, caller);
  const refusal = dateRefusal(event, todayInNewYork(now));
  if (refusal) throw new RaceNotPlannableError(refusal);
  const distance = chosenDistance(event, body.race.distance);
  const { race: _race, raceDistance: _raceDistance, targetDate: _targetDate, weeks: _weeks, ...answers } = body;
  const request: NewTrainingPlan = { ...answers, raceDistance: distance.planDistance, targetDate: event.eventDate };
  const race: PlanRace = { eventId: event.id, title: event.title, distance: distance.label, date: event.eventDate };
  return createTrainingPlan(caller.sub, request, unit, now, race);
}

/** GET /api/me/race-plans/{eventId}: the caller's plans for a race they may see, each saying when the race moved. */
export async function listRacePlans(caller: Caller, eventId: string): Promise<RacePlanLink[]> {
  const [event, links] = await Promise.all([getVisibleEvent(eventId, caller), racePlanLinks(caller.sub, eventId)]);
  return links.map((link) => (link.date === event.eventDate ? link : { ...link, movedTo: event.eventDate }));
}

/**
 * A plan as its own page shows it: with its race's date now when the race moved, or marked unlisted when the race
 * is gone or hidden from the athlete (one read of the race, only for a plan made for one).
 */
export async function withRaceNow(caller: Caller, plan: TrainingPlan): Promise<TrainingPlan> {
  if (!plan.race) return plan;
  const event = await getEvent(plan.race.eventId);
  if (!event || !canSeeEvent(event, caller)) return { ...plan, race: { ...plan.race, unlisted: true } };
  return event.eventDate === plan.race.date ? plan : { ...plan, race: { ...plan.race, movedTo: event.eventDate } };
}

/**
 * POST /api/me/training-plans/{id}/follow-race: the plan made again for its race's date now, read here from the
 * race. Refused when the plan is for no race, the race has not moved, or its new date is none a plan can aim at.
 */
export async function followRace(caller: Caller, planId: string, unit: DistanceUnit, now: Date = new Date()): Promise<TrainingPlan> {
  return followRaceDate(
    caller.sub,
    planId,
    async (kept) => {
      if (!kept) throw new ConflictError('This plan was not made for a listed race, so it has no race date to follow.');
      const event = await getVisibleEvent(kept.eventId, caller);
      if (event.eventDate === kept.date) throw new ConflictError(`The plan already aims at the race's date, ${formatLongDate(event.eventDate)}.`);
      const refusal = dateRefusal(event, todayInNewYork(now));
      if (refusal) throw new RaceNotPlannableError(refusal);
      return { ...kept, title: event.title, date: event.eventDate };
    },
    unit,
    now,
  );
}
