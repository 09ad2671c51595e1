/**
 * The offline coach: with no AI service configured it answers from the same context the model would get, in
 * plain sentences with the athlete's own numbers, and says it is the offline coach. Asked to adjust a plan
 * (missed workouts, a change), it runs the same tool, so the generator and its rules decide.
 */
import { ASKS_ABOUT_TODAY } from '#shared/coach-questions';
import { countOf } from '#shared/plural';
import { loadSentence } from '#shared/training/training-load';
import { formatDistance } from '#shared/units';
import type { CoachAction } from '#shared/schemas/coach';
import type { CoachContext } from './coach-context.ts';

const ADJUST = /\b(missed|skipped|behind|adjust|change|rework|redo|fewer days|less)\b.*\bplan\b|\bplan\b.*\b(missed|skipped|behind|adjust|change)\b/i;

/** Whether the message asks for the plan to change, which the offline coach hands to the generator. */
export const asksForPlanChange = (message: string) => ADJUST.test(message);

/** What a quick question is about, so the reply starts with that rather than with every figure there is. */
const ABOUT_THE_WEEK = /\b(this week|week so far|how is my training|how'?s my training)\b/i;

export function offlineReply(context: CoachContext, action: CoachAction | undefined, question = ''): string {
  const km = (value: number) => formatDistance(context.units, value);
  const header = '(Offline coach: no AI service is configured, so I answer from your own numbers.)';
  const week = context.thisWeek;
  const weekLines = [week.workouts === 0 ? 'You have not logged a workout this week yet.' : `This week you have logged ${countOf(week.workouts, 'workout')} and ${km(week.distanceKm)}.`];
  const weeks = context.last4Weeks.filter((entry) => entry.weekStart < context.last4Weeks.at(-1)!.weekStart);
  if (weeks.length > 0) {
    const average = weeks.reduce((sum, entry) => sum + entry.distanceKm, 0) / weeks.length;
    weekLines.push(`Over the ${weeks.length} weeks before, you averaged ${km(average)} a week.`);
  }
  if (context.trainingLoad) weekLines.push(loadSentence(context.trainingLoad));
  const goalLines = context.goal ? [`Your goal "${context.goal.title}" is at ${context.goal.progressPercent}%.`] : [];
  const plan = context.activePlan;
  const todays = plan?.thisWeek?.workouts.find((workout) => workout.date === context.today);
  const todayLine = plan
    ? todays
      ? `Today your plan has: ${todays.description}`
      : `Your plan for the ${plan.raceDistance} on ${plan.raceDate} has no workout today: rest or an easy walk.`
    : 'Start a plan on the training hub and I can tell you each day what to do.';
  const missedLines =
    plan && plan.missedWorkouts > 0
      ? [`${countOf(plan.missedWorkouts, 'planned workout')} of the last two weeks ${plan.missedWorkouts === 1 ? 'was' : 'were'} missed. Ask me to adjust your plan and I will rebuild it from your log.`]
      : [];
  const actionLines = action ? [action.ok ? action.summary : `I could not change your plan: ${action.summary}`] : [];
  if (ASKS_ABOUT_TODAY.test(question)) return [header, todayLine, ...actionLines].join(' ');
  if (ABOUT_THE_WEEK.test(question)) return [header, ...weekLines, ...goalLines, ...missedLines, ...actionLines].join(' ');
  return [header, ...weekLines, ...goalLines, todayLine, ...missedLines, ...actionLines].join(' ');
}
