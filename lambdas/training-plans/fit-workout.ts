/**
 * A plan workout as a FIT workout file, the format Garmin and COROS watches load structured workouts from, written
 * with Garmin's own SDK: a file_id of type workout, the workout (its name, sport and description) and one
 * workout_step per step of shared/training/workout-steps.ts, a repeat being its steps followed by a step that sends
 * the watch back to the first of them (repeat until steps complete) so many times. Main steps carry the plan's pace
 * as a custom speed range; the rest go by feel (no target).
 */
import { Encoder, Profile, type FileIdMesg, type WorkoutMesg, type WorkoutStepMesg } from '@garmin/fitsdk';
import type { PlanPaces, PlanWorkout } from '#shared/schemas/training-plan';
import { paceTarget, workoutSteps, type StepLength, type WorkoutContext, type WorkoutStep } from '#shared/training/workout-steps';

/** FIT strings have a one-byte size that counts their terminating zero. */
const MAX_STRING_BYTES = 254;
/** Watches show step names and notes on a small screen; longer ones scroll or are cut anyway. */
const MAX_STEP_TEXT_BYTES = 50;

export interface FitWorkoutInput {
  readonly context: WorkoutContext;
  readonly workout: PlanWorkout;
  /** The workout's name on the watch. */
  readonly name: string;
  /** The workout in words, as the plan says it. */
  readonly description: string;
  /**
   * Written as the file's serial number: Garmin tells workout files apart by type, manufacturer, product and serial
   * number, so each workout of a plan needs its own, and the same workout downloaded again the same one.
   */
  readonly serialNumber: number;
  readonly now: Date;
}

/** The text cut at a character boundary to fit `maxBytes` of UTF-8, with an ellipsis when cut. */
export function fitText(text: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= maxBytes) return text;
  let cut = '';
  for (const character of text) {
    if (encoder.encode(`${cut}${character}…`).length > maxBytes) break;
    cut += character;
  }
  return `${cut.trimEnd()}…`;
}

/** m/s at a pace in minutes per km. */
const speedAt = (minPerKm: number) => 1000 / (minPerKm * 60);

/** FIT durations: time in ms, distance in cm (the profile's durationTime and durationDistance scales). */
function durationOf(length: StepLength): Pick<WorkoutStepMesg, 'durationType' | 'durationValue'> {
  switch (length.kind) {
    case 'time':
      return { durationType: 'time', durationValue: Math.round(length.seconds * 1000) };
    case 'distance':
      return { durationType: 'distance', durationValue: Math.round(length.metres * 100) };
    default:
      return { durationType: 'open' };
  }
}

/** A custom speed range in mm/s (customTargetSpeedLow/High's scale), or no target. */
function targetOf(step: WorkoutStep, paces: PlanPaces): Pick<WorkoutStepMesg, 'targetType' | 'targetValue' | 'customTargetValueLow' | 'customTargetValueHigh'> {
  if (!step.pace) return { targetType: 'open' };
  const { slowest, fastest } = paceTarget(paces, step.pace);
  return {
    targetType: 'speed',
    // 0: a custom range rather than one of the watch's speed zones.
    targetValue: 0,
    customTargetValueLow: Math.round(speedAt(slowest) * 1000),
    customTargetValueHigh: Math.round(speedAt(fastest) * 1000),
  };
}

const INTENSITY: Readonly<Record<WorkoutStep['kind'], WorkoutStepMesg['intensity']>> = {
  warmup: 'warmup',
  work: 'active',
  // 'rest' rather than the newer 'recovery', which older watches do not know.
  recover: 'rest',
  cooldown: 'cooldown',
};

function stepMesg(step: WorkoutStep, messageIndex: number, paces: PlanPaces): WorkoutStepMesg {
  return {
    messageIndex,
    wktStepName: fitText(step.name, MAX_STEP_TEXT_BYTES),
    ...durationOf(step.length),
    ...targetOf(step, paces),
    intensity: INTENSITY[step.kind],
    ...(step.note ? { notes: fitText(step.note, MAX_STEP_TEXT_BYTES) } : {}),
  };
}

/** The workout's steps as FIT messages, in order, each with its message index. */
export function workoutStepMesgs(context: WorkoutContext, workout: PlanWorkout): WorkoutStepMesg[] {
  const mesgs: WorkoutStepMesg[] = [];
  for (const part of workoutSteps(context, workout)) {
    if (part.kind !== 'repeat') {
      mesgs.push(stepMesg(part, mesgs.length, context.paces));
      continue;
    }
    const first = mesgs.length;
    for (const step of part.steps) mesgs.push(stepMesg(step, mesgs.length, context.paces));
    // durationValue is the step to go back to (durationStep), targetValue how many times in all (repeatSteps).
    mesgs.push({ messageIndex: mesgs.length, durationType: 'repeatUntilStepsCmplt', durationValue: first, targetValue: part.times });
  }
  return mesgs;
}

/** The FIT sport: a run, or the gym for strength and cross-training. */
function sportOf(workout: PlanWorkout): Pick<WorkoutMesg, 'sport' | 'subSport'> {
  if (workout.type === 'strength') return { sport: 'training', subSport: 'strengthTraining' };
  if (workout.type === 'cross_training') return { sport: 'training', subSport: 'cardioTraining' };
  return { sport: 'running', subSport: 'generic' };
}

/** The profile's message numbers (its types leave every name possibly undefined). */
const MESG_NUM = { fileId: Profile.MesgNum.FILE_ID!, workout: Profile.MesgNum.WORKOUT!, workoutStep: Profile.MesgNum.WORKOUT_STEP! } as const;

export function fitWorkoutFile({ context, workout, name, description, serialNumber, now }: FitWorkoutInput): Uint8Array {
  const steps = workoutStepMesgs(context, workout);
  const encoder = new Encoder();
  const fileId: FileIdMesg = { type: 'workout', manufacturer: 'development', product: 0, serialNumber, timeCreated: now };
  encoder.onMesg(MESG_NUM.fileId, fileId);
  const summary: WorkoutMesg = {
    wktName: fitText(name, MAX_STRING_BYTES),
    ...sportOf(workout),
    numValidSteps: steps.length,
    wktDescription: fitText(description, MAX_STRING_BYTES),
  };
  encoder.onMesg(MESG_NUM.workout, summary);
  for (const step of steps) encoder.onMesg(MESG_NUM.workoutStep, step);
  return encoder.close();
}
