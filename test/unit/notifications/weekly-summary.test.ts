/**
 * The weekly training summary's data (lambdas/data/weekly-summary.ts): last week against the plan's week, the
 * week ahead's key workouts, and a summary that parses as the kind's payload with or without a plan.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/dates';
import { NOTIFICATION_DATA_SCHEMAS } from '#shared/schemas/notifications';
import { generatePlan } from '#shared/training/plan-generator';
import { weeklySummaryOf } from '../../../lambdas/data/weekly-summary.ts';

const TODAY = '2027-02-01';
const outcome = generatePlan({ raceDistance: 'half', level: 'intermediate', weeks: 12, daysPerWeek: 4, today: TODAY });
if (!outcome.ok) throw new Error(outcome.reason);
const generated = outcome.plan;
const plan = { id: '01JABCDEFGHJKMNPQRSTVWXYZ2', name: 'Spring half', weeks: generated.weeks };

describe('the weekly training summary', () => {
  it("sets last week's figures against the plan's week, and lists the key workouts of the week ahead", () => {
    const [week, ahead] = [generated.weeks[3]!, generated.weeks[4]!];
    const summary = weeklySummaryOf(week.startDate, { weekStart: week.startDate, workouts: 3, distanceKm: 21.0975, durationMinutes: 131, runs: 3, runDistanceKm: 21.0975 }, plan);
    expect(NOTIFICATION_DATA_SCHEMAS['weekly-training-summary'].parse(summary)).toEqual(summary);
    expect(summary.plan).toEqual({ id: plan.id, name: 'Spring half' });
    expect(summary.lastWeek).toEqual({ workouts: 3, distanceKm: 21.098, durationMinutes: 131, plannedKm: week.plannedKm, plannedWorkouts: week.workouts.length });
    expect(summary.nextWeek?.startDate).toBe(ahead.startDate);
    expect(summary.nextWeek?.phase).toBe(ahead.phase);
    const keyTypes = summary.nextWeek!.keyWorkouts.map((workout) => workout.type);
    expect(keyTypes).toContain('long_run');
    expect(keyTypes).not.toContain('easy_run');
    expect(keyTypes.length).toBeLessThan(ahead.workouts.length);
  });

  it('sums up a week without logs as zeros, and a person without a plan with no plan or week ahead', () => {
    const summary = weeklySummaryOf('2027-03-01', undefined);
    expect(NOTIFICATION_DATA_SCHEMAS['weekly-training-summary'].parse(summary)).toEqual(summary);
    expect(summary).toEqual({ weekStart: '2027-03-01', lastWeek: { workouts: 0, distanceKm: 0, durationMinutes: 0 } });
  });

  it("has nothing planned after the plan's race week", () => {
    const last = generated.weeks.at(-1)!;
    const summary = weeklySummaryOf(last.startDate, undefined, plan);
    expect(summary.lastWeek.plannedKm).toBe(last.plannedKm);
    expect(summary.nextWeek).toBeUndefined();
    expect(weeklySummaryOf(addDays(last.startDate, 7), undefined, plan).lastWeek.plannedKm).toBeUndefined();
  });
});
