/** Spec 001's training insights, from the athlete's figures: praise for a streak, a tip when the week is thin. */
import type { TrainingStats } from '../schemas/training-stats.ts';

export interface Insight {
  readonly kind: 'consistency' | 'variety';
  readonly text: string;
}

/** A streak this long earns the consistency message (spec: 3 or more). */
export const CONSISTENT_STREAK_DAYS = 3;
/** Fewer logs than this in the week brings the variety tip (spec: fewer than 3). */
export const THIN_WEEK_LOGS = 3;

export function trainingInsights(stats: Pick<TrainingStats, 'streakDays' | 'thisWeek'>): Insight[] {
  const insights: Insight[] = [];
  if (stats.streakDays >= CONSISTENT_STREAK_DAYS) {
    insights.push({ kind: 'consistency', text: `Great consistency: ${stats.streakDays} days in a row with a workout. Keep an easy day in the mix so the streak stays fun.` });
  }
  if (stats.thisWeek.workouts < THIN_WEEK_LOGS) {
    insights.push({ kind: 'variety', text: 'Fewer than 3 workouts so far this week: an easy run, a bike ride or a yoga session all count and build your base.' });
  }
  return insights;
}
