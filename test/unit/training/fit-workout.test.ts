/**
 * Issue 25, workouts out: a plan's workout as a FIT workout file, read back with Garmin's own Decoder. The steps the
 * watch counts must be the ones the athlete reads in the workout's words, and its targets the plan's paces.
 */
import { Decoder, Stream, type WorkoutStepMesg } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import type { GeneratedPlan, PlanWorkout } from '../../../shared/schemas/training-plan.ts';
import { generatePlan } from '../../../shared/training/plan-generator.ts';
import { planWorkoutDescription } from '../../../shared/training/workout-description.ts';
import { workoutFile } from '../../../lambdas/training-plans/workout-files.ts';

const PLAN_ID = '01JDPLANPLANPLANPLANPLANPL';
const NOW = new Date('2026-03-04T12:00:00Z');

/** A 10K plan whose paces come from a 25-minute 5K (VDOT about 38.3): every pace its own. */
function tenKPlan(): GeneratedPlan {
  const outcome = generatePlan({ raceDistance: '10k', level: 'intermediate', weeks: 12, daysPerWeek: 5, today: '2026-03-04', recentRace: { distanceKm: 5, timeSeconds: 1500 } });
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.plan;
}

function decode(bytes: Uint8Array) {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  expect(decoder.isFIT()).toBe(true);
  expect(decoder.checkIntegrity()).toBe(true);
  const { messages, errors } = decoder.read();
  expect(errors).toEqual([]);
  return messages;
}

/** The watch's speed range for a pace in min/km, ±`seconds` per km, in m/s. */
const speedRange = (minPerKm: number, seconds: number) => ({ low: 1000 / (minPerKm * 60 + seconds), high: 1000 / (minPerKm * 60 - seconds) });

function expectSpeedTarget(step: WorkoutStepMesg | undefined, minPerKm: number, seconds: number) {
  const { low, high } = speedRange(minPerKm, seconds);
  expect(step?.targetType).toBe('speed');
  expect(step?.customTargetSpeedLow).toBeCloseTo(low, 2);
  expect(step?.customTargetSpeedHigh).toBeCloseTo(high, 2);
}

const workoutsOf = (plan: GeneratedPlan, type: PlanWorkout['type']) => plan.weeks.flatMap((week) => week.workouts).filter((workout) => workout.type === type);

describe('a plan workout as a FIT workout file', () => {
  const plan = tenKPlan();
  const paces = plan.assumptions.paces!;

  it('writes an interval session as warm-up, the described repeats at interval pace with jog recoveries, and cool-down', () => {
    const workout = workoutsOf(plan, 'interval').at(-1)!;
    const words = planWorkoutDescription(plan, workout, 'km');
    // "Warm-up: 10 min easy jog. Main: 3 × 800 m at about 4:53 /km with 400 m jog recoveries. Cool-down: 10 min easy."
    const [, warmUp, reps, repMetres, recoveryMetres, coolDown] = /^Warm-up: (\d+) min .*Main: (\d+) × (\d+) m at .* with (\d+) m jog recoveries\. Cool-down: (\d+) min/.exec(words)!.map(Number);

    const file = workoutFile(PLAN_ID, plan, workout.date, 'km', NOW);
    expect(file.filename).toBe(`${workout.date}-intervals.fit`);
    const messages = decode(file.bytes);
    expect(messages.fileIdMesgs).toEqual([expect.objectContaining({ type: 'workout', manufacturer: 'development', timeCreated: NOW })]);
    expect(messages.fileIdMesgs?.[0]?.serialNumber).toBeGreaterThan(0);
    const steps = messages.workoutStepMesgs!;
    expect(messages.workoutMesgs).toEqual([expect.objectContaining({ sport: 'running', numValidSteps: steps.length, wktDescription: words })]);
    expect(messages.workoutMesgs?.[0]?.wktName).toMatch(/ Intervals \d+(\.\d)? km$/);

    expect(steps.map((step) => [step.intensity ?? 'repeat', step.durationType])).toEqual([
      ['warmup', 'time'],
      ['active', 'distance'],
      ['rest', 'distance'],
      ['repeat', 'repeatUntilStepsCmplt'],
      ['cooldown', 'time'],
    ]);
    const [warm, rep, recovery, repeat, cool] = steps;
    expect(warm).toMatchObject({ durationTime: warmUp! * 60, targetType: 'open' });
    expect(rep).toMatchObject({ durationDistance: repMetres });
    expectSpeedTarget(rep, paces.interval, 10);
    expect(recovery).toMatchObject({ durationDistance: recoveryMetres, targetType: 'open' });
    // Back to the first repeated step, as many times in all as the words say.
    expect(repeat).toMatchObject({ durationStep: 1, repeatSteps: reps });
    expect(cool).toMatchObject({ durationTime: coolDown! * 60, targetType: 'open' });
  });

  it("counts an easy run's warm-up into its distance, at easy pace, and repeats race week's strides", () => {
    const workout = workoutsOf(plan, 'easy_run').at(-1)!;
    expect(planWorkoutDescription(plan, workout, 'km')).toMatch(/^Warm-up: 5 min very easy\. .*4-6 × 20 s strides/);
    const steps = decode(workoutFile(PLAN_ID, plan, workout.date, 'km', NOW).bytes).workoutStepMesgs!;
    const [warm, main, stride, walk, repeat, cool] = steps;
    expect(warm).toMatchObject({ intensity: 'warmup', durationTime: 300 });
    expectSpeedTarget(main, paces.easy, 20);
    // Five minutes at easy pace and the main step make the plan's distance, to the 10 m the watch is given.
    expect(main!.durationDistance! + (5 / paces.easy) * 1000).toBeCloseTo(workout.distanceKm * 1000, -1.5);
    expect(stride).toMatchObject({ intensity: 'active', durationTime: 20, targetType: 'open' });
    expect(walk).toMatchObject({ intensity: 'rest', durationType: 'open' });
    expect(repeat).toMatchObject({ durationStep: 2, repeatSteps: 4 });
    expect(cool).toMatchObject({ intensity: 'cooldown', durationTime: 300 });
  });

  it('gives race day the race distance at race pace', () => {
    const race = workoutsOf(plan, 'race')[0]!;
    const steps = decode(workoutFile(PLAN_ID, plan, race.date, 'mi', NOW).bytes).workoutStepMesgs!;
    expect(steps.map((step) => step.intensity)).toEqual(['warmup', 'active', 'cooldown']);
    expect(steps[1]).toMatchObject({ durationType: 'distance', durationDistance: 10_000 });
    expectSpeedTarget(steps[1], paces.race, 10);
  });
});
