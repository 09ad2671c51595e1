/**
 * What the local coach says in words: answers that cite the athlete's own figures from the context (in their
 * units) followed by one piece of advice matched to the question, and reports of tool results the app sends
 * back. Every number in a reply comes from the context or the tool result (converted to the athlete's units,
 * averaged over the weeks given): the advice texts carry no figures, so the coach never invents one.
 */
import { ASKS_ABOUT_TODAY } from '#shared/coach-questions';
import { distanceIn, formatDistance, type AthleteContext, type PlannedWorkout, type Units } from './athlete-context.ts';

/** Matched in this order, so an injury question gets the injury advice even when it also says "long run". */
const ADVICE: readonly (readonly [RegExp, string])[] = [
  [
    /\b(injur\w*|pain\w*|hurts?|hurting|sprain\w*|strain\w*|shin splints?|achilles|tendon\w*|fracture\w*|swollen|limp\w*)\b/,
    'Pain that changes how you move, gets worse as you run or lingers is worth showing to a professional: see a physiotherapist or a doctor before you train through it, and rest it or pick an activity that does not hurt until then.',
  ],
  [
    /\b(recover\w*|rest|rested|resting|tired|fatigue\w*|exhausted|sore|soreness|sleep\w*|day off|burn(?:ed|t)? out)\b/,
    'Recovery is where training turns into fitness: keep easy days truly easy, sleep well, and take a full rest day when your legs stay heavy.',
  ],
  [/\b(taper\w*|race week|race day|before (?:the|my) race)\b/, 'In a taper, cut the volume but keep a little intensity so you arrive fresh and sharp, and try nothing new on race day.'],
  [/\blong[- ]runs?\b/, 'Keep the long run at an easy, conversational effort and grow it gradually: the point is time on your feet, not speed.'],
  [
    /\b(pace|paces|pacing|speed|faster|quicker|tempo|intervals?|splits?)\b/,
    'Most of your running should feel conversational; one quality session a week (tempo or intervals) builds speed, and the easy days let it sink in.',
  ],
  [
    /\b(nutrition|eat|eating|food|fuel\w*|carbs?|carbohydrates?|protein|hydrat\w*|drink\w*|diet|gels?)\b/,
    'Eat a carbohydrate-rich meal a few hours before harder sessions, drink to thirst, and have some protein and carbohydrate soon after.',
  ],
  [
    /\b(motivat\w*|lazy|bored|boring|give up|can'?t be bothered|struggl\w*|unmotivated|slump)\b/,
    'Motivation follows action: put the next run in your calendar, keep it short and easy, and let one small win restart the habit.',
  ],
];
const GENERAL_ADVICE = 'Consistency beats heroics: keep most runs easy, build gradually, and take rest when your body asks for it.';

export function adviceFor(question: string): string {
  const text = question.toLowerCase();
  return ADVICE.find(([pattern]) => pattern.test(text))?.[1] ?? GENERAL_ADVICE;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function describeWorkout(workout: PlannedWorkout, units: Units): string {
  const type = (workout.type ?? 'workout').replace(/_/g, ' ');
  const distance = workout.distanceKm !== undefined && workout.distanceKm > 0 ? ` of ${formatDistance(workout.distanceKm, units)}` : '';
  const description = workout.description ? ` (${workout.description.replace(/[.\s]+$/, '')})` : '';
  return `${withArticle(type)}${distance}${description}`;
}

function weekFacts(context: AthleteContext): string[] {
  const { units, thisWeek } = context;
  const facts: string[] = [];
  if (thisWeek?.workouts !== undefined) {
    if (thisWeek.workouts === 0) facts.push('You have not logged a workout yet this week.');
    else {
      const distance = thisWeek.distanceKm !== undefined ? ` and ${formatDistance(thisWeek.distanceKm, units)}` : '';
      const duration = thisWeek.durationMinutes ? ` over ${plural(thisWeek.durationMinutes, 'minute')}` : '';
      facts.push(`This week you have logged ${plural(thisWeek.workouts, 'workout')}${distance}${duration}.`);
    }
  } else if (thisWeek?.distanceKm !== undefined) {
    facts.push(`This week you have covered ${formatDistance(thisWeek.distanceKm, units)}.`);
  }
  // As a model would cite the figures it was given: fitness, fatigue and form, and the week's ramp.
  const load = context.trainingLoad;
  if (load?.fitness !== undefined && load.fatigue !== undefined && load.form !== undefined) {
    const ramp = load.rampRate === undefined ? '' : ` Your fitness ${load.rampRate >= 0 ? 'rose' : 'fell'} ${Math.abs(load.rampRate)} over the last week.`;
    facts.push(`Your training load puts your fitness at ${Math.round(load.fitness)}, fatigue at ${Math.round(load.fatigue)} and form at ${Math.round(load.form)}.${ramp}`);
  }
  const weeks = context.last4Weeks.filter((week) => week.distanceKm !== undefined);
  if (weeks.length > 1) {
    const average = weeks.reduce((sum, week) => sum + week.distanceKm!, 0) / weeks.length;
    facts.push(`Over the last ${weeks.length} weeks you averaged ${formatDistance(average, units)} a week.`);
  } else if (weeks.length === 1) {
    facts.push(`In the week of ${weeks[0]!.weekStart ?? 'your last log'} you covered ${formatDistance(weeks[0]!.distanceKm!, units)}.`);
  }
  return facts;
}

function planFacts(context: AthleteContext): string[] {
  const plan = context.activePlan;
  if (!plan) return [];
  const { units, today } = context;
  const facts: string[] = [];
  const named = plan.name ? ` (${plan.name})` : '';
  const week = plan.thisWeek;
  const workouts = week?.workouts ?? [];
  const todays = today ? workouts.filter((workout) => workout.date === today) : [];
  if (todays[0] && /rest/i.test(todays[0].type ?? '')) facts.push(`Today is a rest day in your plan${named}.`);
  else if (todays[0]) facts.push(`Today your plan${named} has ${describeWorkout(todays[0], units)}${todays[0].completed ? ', and you have already done it' : ''}.`);
  else if (today && week) {
    const next = workouts.filter((workout) => workout.date !== undefined && workout.date > today && !workout.completed).sort((a, b) => a.date!.localeCompare(b.date!))[0];
    facts.push(next ? `Your plan${named} has nothing scheduled today; next up is ${describeWorkout(next, units)} on ${next.date}.` : `Your plan${named} has nothing left this week.`);
  }
  if (week?.phase || week?.plannedKm !== undefined) {
    const planned = week.plannedKm !== undefined ? ` with ${formatDistance(week.plannedKm, units)} planned` : '';
    facts.push(week.phase ? `This is ${withArticle(week.phase)} week${planned}.` : `This week's plan has ${formatDistance(week.plannedKm!, units)} planned.`);
  }
  if (plan.missedWorkouts) facts.push(`You have missed ${plural(plan.missedWorkouts, 'planned workout')}.`);
  if (plan.raceDate) {
    const distance = typeof plan.raceDistance === 'number' ? ` (${formatDistance(plan.raceDistance, units)})` : plan.raceDistance ? ` (${plan.raceDistance})` : '';
    facts.push(`Your race${distance} is on ${plan.raceDate}.`);
  }
  return facts;
}

function goalFacts(context: AthleteContext): string[] {
  const goal = context.goal;
  if (!goal?.title) return [];
  const { units } = context;
  const { current, target, kind } = goal;
  let amounts = '';
  if (current !== undefined && target !== undefined) {
    if (kind === 'weekly_distance' || kind === 'total_distance') amounts = ` (${distanceIn(current, units)} of ${formatDistance(target, units)})`;
    else if (kind === 'weekly_workouts') amounts = ` (${current} of ${plural(target, 'workout')})`;
    else amounts = ` (${current} of ${target})`;
  }
  const progress = goal.progressPercent !== undefined ? `at ${goal.progressPercent}%` : 'under way';
  return [`Your goal "${goal.title}" is ${progress}${amounts}.`];
}

function latestLogFacts(context: AthleteContext, question: string): string[] {
  if (!/\b(last|latest|recent|yesterday|effort)\b/i.test(question)) return [];
  const latest = [...context.recentLogs].sort((a, b) => (b.logDate ?? '').localeCompare(a.logDate ?? ''))[0];
  if (!latest) return [];
  const details = [
    latest.distanceKm !== undefined ? formatDistance(latest.distanceKm, context.units) : undefined,
    latest.durationMinutes !== undefined ? plural(latest.durationMinutes, 'minute') : undefined,
    latest.effortLevel !== undefined ? `effort ${latest.effortLevel}` : undefined,
  ].filter((detail): detail is string => detail !== undefined);
  const activity = ACTIVITY_NOUNS[latest.activityType ?? ''] ?? 'workout';
  return [`Your latest log is ${withArticle(activity)}${latest.logDate ? ` on ${latest.logDate}` : ''}${details.length ? `: ${details.join(', ')}` : ''}.`];
}

/** The coach's answer to a question: the athlete's figures, then advice for what they asked. */

export function answerQuestion(question: string, context: AthleteContext | undefined): string {
  const advice = adviceFor(question);
  if (!context) return `I cannot see your training log right now, so I will not guess at your numbers. ${advice}`;
  if (ASKS_ABOUT_TODAY.test(question)) {
    const today = planFacts(context);
    return `${today.length ? today.join(' ') : 'You have no plan started, so nothing is scheduled today: start one on the training hub and I can tell you each day what to do.'}\n\n${advice}`;
  }
  const facts = [...weekFacts(context), ...planFacts(context), ...goalFacts(context), ...latestLogFacts(context, question)];
  return facts.length ? `${facts.join(' ')}\n\n${advice}` : `You have no training logged yet, so there are no numbers to go on. ${advice}`;
}

const ACTIVITY_NOUNS: Readonly<Record<string, string>> = {
  running: 'run',
  cycling: 'ride',
  swimming: 'swim',
  strength: 'strength session',
  yoga: 'yoga session',
  other: 'workout',
};

/** A tool call the model made and the result the app sent back for it. */
export interface ToolOutcome {
  readonly name: string | undefined;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly content: string;
}

type Json = Readonly<Record<string, unknown>>;
const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const stringOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

function parseResult(content: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(content);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** An error as text: a string, `{ message }`, or a list of either (validation issues). */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return stringOf(value);
  if (Array.isArray(value)) {
    const parts = value.map(textOf).filter((part): part is string => part !== undefined);
    return parts.length ? parts.join('; ') : undefined;
  }
  if (isRecord(value)) return textOf(value.message) ?? textOf(value.reason) ?? textOf(value.error);
  return undefined;
}

/** Why the tool failed, when the result says it did (`ok: false`, `success: false` or an `error`); '' if it gives no reason. */
function failureOf(result: Json | undefined, content: string): string | undefined {
  if (!result) return /^\s*(error|failed|could not|cannot|not allowed|forbidden)\b/i.test(content) ? content.trim() : undefined;
  const failed = result.ok === false || result.success === false || (result.error !== undefined && result.error !== null && result.error !== false);
  if (!failed) return undefined;
  return textOf(result.error) ?? textOf(result.reason) ?? textOf(result.message) ?? textOf(result.detail) ?? textOf(result.errors) ?? '';
}

/** The object the result is about: `result.log`, `result.goal`... or the result itself. */
const subjectOf = (result: Json | undefined, keys: readonly string[]): Json => {
  for (const key of keys) if (isRecord(result?.[key])) return result[key] as Json;
  return result ?? {};
};

const FAILED_ACTION: Readonly<Record<string, string>> = {
  log_workout: 'log that workout',
  set_goal: 'set that goal',
  propose_plan_change: 'change your plan',
};

function reportLog(result: Json | undefined, args: Json, units: Units): string {
  const log = subjectOf(result, ['log', 'trainingLog', 'workout', 'entry', 'item', 'data']);
  const pick = (key: string) => log[key] ?? args[key];
  const km = numberOf(pick('distanceKm'));
  const minutes = numberOf(pick('durationMinutes'));
  const effort = numberOf(pick('effortLevel'));
  const date = stringOf(pick('logDate'));
  const noun = ACTIVITY_NOUNS[stringOf(pick('activityType')) ?? ''] ?? 'workout';
  const extras = [minutes !== undefined ? plural(minutes, 'minute') : undefined, effort !== undefined ? `effort ${effort}` : undefined].filter((extra) => extra !== undefined);
  const sentence = `Done: I logged your ${km !== undefined ? `${formatDistance(km, units)} ` : ''}${noun}${date ? ` on ${date}` : ''}${extras.length ? ` (${extras.join(', ')})` : ''}.`;
  const week = isRecord(result?.thisWeek) ? result.thisWeek : undefined;
  const workouts = numberOf(week?.workouts);
  const weekKm = numberOf(week?.distanceKm);
  if (workouts === undefined && weekKm === undefined) return sentence;
  const totals = [workouts !== undefined ? plural(workouts, 'workout') : undefined, weekKm !== undefined ? formatDistance(weekKm, units) : undefined].filter((total) => total !== undefined);
  return `${sentence} That makes ${totals.join(' and ')} this week.`;
}

function reportGoal(result: Json | undefined, args: Json, units: Units): string {
  const goal = subjectOf(result, ['goal', 'item', 'data']);
  const pick = (key: string) => goal[key] ?? args[key];
  const title = stringOf(pick('title')) ?? 'your goal';
  const kind = stringOf(pick('kind'));
  const target = numberOf(pick('target'));
  const deadline = stringOf(pick('deadline'));
  const progress = numberOf(goal.progressPercent);
  let measure = '';
  if (target !== undefined && kind === 'weekly_distance') measure = `: ${formatDistance(target, units)} a week`;
  else if (target !== undefined && kind === 'total_distance') measure = `: ${formatDistance(target, units)} in total`;
  else if (target !== undefined && kind === 'weekly_workouts') measure = `: ${plural(target, 'workout')} a week`;
  return `Your goal "${title}" is set${measure}${deadline ? `, with a deadline of ${deadline}` : ''}.${progress !== undefined ? ` You are at ${progress}% already.` : ''}`;
}

function describeChanges(changes: Json, units: Units): string[] {
  const described: string[] = [];
  const days = numberOf(changes.daysPerWeek);
  if (days !== undefined) described.push(`${plural(days, 'day')} a week`);
  const day = stringOf(changes.longRunDay);
  if (day) described.push(`long run on ${capitalise(day.toLowerCase())}`);
  const longRunKm = numberOf(changes.longRunKm);
  if (longRunKm !== undefined) described.push(`a ${formatDistance(longRunKm, units)} long run`);
  const raceDate = stringOf(changes.raceDate);
  if (raceDate) described.push(`race on ${raceDate}`);
  const level = stringOf(changes.level);
  if (level) described.push(`${level} level`);
  return described;
}

function reportPlanChange(result: Json | undefined, args: Json, units: Units): string {
  const proposal = subjectOf(result, ['proposal', 'change', 'planChange', 'data']);
  const changes = [proposal.changes, result?.changes, args.changes].find(isRecord) ?? {};
  const described = describeChanges(changes, units);
  const waiting = /^(pending|proposed|awaiting|open)/i.test(stringOf(proposal.status ?? result?.status) ?? '') ? ' It is waiting for you to accept it.' : '';
  const reason = stringOf(proposal.reason ?? args.reason);
  return `I have proposed a change to your plan${described.length ? `: ${described.join(', ')}` : ''}.${reason ? ` Why: ${reason.replace(/\.$/, '')}.` : ''}${waiting}`;
}

function reportOne(outcome: ToolOutcome, units: Units): string {
  const result = parseResult(outcome.content);
  const failure = failureOf(result, outcome.content);
  const name = outcome.name ?? 'that tool';
  if (failure !== undefined) {
    const action = FAILED_ACTION[name] ?? `complete ${name}`;
    return failure ? `I could not ${action}. The app said: "${failure}"` : `I could not ${action}, and the app gave no reason.`;
  }
  if (name === 'log_workout') return reportLog(result, outcome.arguments, units);
  if (name === 'set_goal') return reportGoal(result, outcome.arguments, units);
  if (name === 'propose_plan_change') return reportPlanChange(result, outcome.arguments, units);
  const message = textOf(result?.message) ?? (result ? undefined : stringOf(outcome.content));
  return `Done: ${name} went through.${message ? ` The app said: "${message}"` : ''}`;
}

/** The reply after the app ran the tool calls: one plain report per result. */
export function reportToolResults(outcomes: readonly ToolOutcome[], context: AthleteContext | undefined): string {
  return outcomes.map((outcome) => reportOne(outcome, context?.units ?? 'km')).join(' ');
}
