/**
 * How a workout is named and timed wherever an athlete reads it: the training pages and the plan's calendar
 * feed say the same words.
 */
import type { WorkoutType } from '../schemas/training-plan.ts';

const WORKOUT_TYPE_LABELS: Readonly<Record<WorkoutType, string>> = {
  easy_run: 'Easy run',
  interval: 'Intervals',
  tempo: 'Tempo',
  long_run: 'Long run',
  recovery: 'Recovery run',
  hill_training: 'Hills',
  strength: 'Strength',
  cross_training: 'Cross-training',
  race: 'Race day',
};

export const workoutTypeLabel = (type: string): string => WORKOUT_TYPE_LABELS[type as WorkoutType] ?? type;

/** '45 min', '1h 05m'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours ? `${hours}h ${String(rest).padStart(2, '0')}m` : `${rest} min`;
}
