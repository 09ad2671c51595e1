/**
 * The pointer a plan made for a listed race keeps under the athlete's partition (training-plan.ts writes, moves and
 * deletes it with the plan): USER#<sub> / RACEPLAN#<eventId>#<planId> with the plan's name and the race's distance
 * and date the plan was made for. Apart from the plans so that what reads only the pointers (the race's page, the
 * message telling a saver the race moved) does not carry the plan generator.
 */
import type { GeneratedPlan } from '#shared/schemas/training-plan';
import type { PlanRace, RacePlanLink } from '#shared/schemas/training-plans';
import { table } from '#lib/kit/table';

const RACE_PLAN_PREFIX = 'RACEPLAN#';
const userPk = (sub: string) => `USER#${sub}`;

export const racePlanKey = (sub: string, eventId: string, planId: string) => ({ PK: userPk(sub), SK: `${RACE_PLAN_PREFIX}${eventId}#${planId}` });

/** What a race's page lists of a plan made for it. */
export function racePlanItem(sub: string, id: string, name: string, plan: Pick<GeneratedPlan, 'raceDistance'>, race: PlanRace) {
  return { ...racePlanKey(sub, race.eventId, id), entity: 'race-plan', planId: id, name, raceDistance: plan.raceDistance, distance: race.distance, date: race.date };
}

/** The athlete's plans for one race, newest first, as their pointers under the race keep them. */
export async function racePlanLinks(sub: string, eventId: string): Promise<RacePlanLink[]> {
  const { Items = [] } = await table.query({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userPk(sub), ':prefix': `${RACE_PLAN_PREFIX}${eventId}#` },
    ScanIndexForward: false,
  });
  return Items.map((item) => ({
    planId: String(item.planId),
    name: String(item.name),
    raceDistance: item.raceDistance as RacePlanLink['raceDistance'],
    distance: String(item.distance),
    date: String(item.date),
  }));
}
