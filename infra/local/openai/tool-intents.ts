/**
 * When the athlete's message clearly asks the coach to do something the app offers as a function, the local
 * model calls it, with arguments read from the message, the way a real model would:
 *
 *   log_workout          "log a 5 km run today, 30 minutes, felt like a 4", "record yesterday's 3 mile jog"
 *   set_goal             "set a goal of 30 km a week", "new goal: 4 runs a week", "set a goal to run a trail race"
 *   propose_plan_change  "I missed workouts, adjust my plan", "make my plan 4 days a week",
 *                        "change my long run to 45 km", "move my long run to saturday"
 *
 * "Clearly asks" means an imperative with the tool's subject (log/record/add + a workout; set/create/new + goal;
 * change/adjust/move/make + plan or long run); a question ("how do I log a run?", "should I move my long
 * run?") is answered in words instead. Distances without a unit are in the athlete's units; arguments carry km.
 */
import { formatDistance, type AthleteContext, type Units } from './athlete-context.ts';
import {
  WEEKLY,
  findActivity,
  findDuration,
  findEffort,
  findFutureDate,
  findPastDate,
  findTimesPerWeek,
  findWeekday,
  firstDistance,
  splitNotes,
  writtenDistances,
  type Span,
} from './text-parsing.ts';

export const COACH_TOOLS = ['log_workout', 'set_goal', 'propose_plan_change'] as const;
export type CoachTool = (typeof COACH_TOOLS)[number];

export interface ToolCallIntent {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

const QUESTION = /^\s*(how|what|why|when|where|which|who|should|shall|is|are|am|was|were|does|do i|did|would it)\b/;
/** "log my run" is a request; "add more running" is not, unless it names a distance or a duration. */
const LOG_VERB = /\b(log|record)\b/;
const WEAK_LOG_VERB = /\b(add|save|track|enter|note down)\b/;
const GOAL_VERB = /\b(set|create|make|add|new|start|change|update)\b|\bmy (?:new )?goal is (?:now |to\b)/;
const PLAN_VERB = /\b(change|adjust|modify|update|move|make|switch|shift|reschedule|reduce|increase|cut|ease|lighten|redo|rework|fix)\b/;
const LONG_RUN = /\blong[- ]runs?\b/;
const LONG_RUN_VERB = /\b(move|change|switch|shift|reschedule|make|set|increase|reduce|cut|extend|shorten|lengthen|bump)\b/;
const MISSED = /\b(missed|skipped|miss|skip|behind on|could ?n[o']t|did ?n[o']t (?:get|manage))\b/;

/** Which tool, if any, the message asks for, in order of the most specific subject. */
function askedTool(text: string): CoachTool | undefined {
  if (QUESTION.test(text)) return undefined;
  if (/\bgoals?\b/.test(text) && GOAL_VERB.test(text)) return 'set_goal';
  const plan = /\bplan\b/.test(text);
  if ((plan && PLAN_VERB.test(text)) || (LONG_RUN.test(text) && LONG_RUN_VERB.test(text) && !LOG_VERB.test(text) && !WEAK_LOG_VERB.test(text)) || (MISSED.test(text) && (plan || /\badjust\b/.test(text)))) {
    return 'propose_plan_change';
  }
  const figures = writtenDistances(text).length > 0 || findDuration(text) !== undefined;
  if (LOG_VERB.test(text) && (figures || findActivity(text) || /\b(workout|session|training)\b/.test(text))) return 'log_workout';
  if (WEAK_LOG_VERB.test(text) && figures) return 'log_workout';
  return undefined;
}

/** The athlete's today: the context's, else the machine's date (the app always sends one). */
const todayOf = (context: AthleteContext | undefined) => context?.today ?? new Date().toISOString().slice(0, 10);
const unitsOf = (context: AthleteContext | undefined): Units => context?.units ?? 'km';

/** The message's own wording for a title: lower-casing keeps positions, so the original can be sliced. */
const originalSlice = (original: string, lower: string, start: number) => (original.length === lower.length ? original : lower).slice(start);

const defined = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));

function logWorkoutArguments(message: string, original: string, context: AthleteContext | undefined): Record<string, unknown> {
  const today = todayOf(context);
  // Figures in the notes ("ran with 3 friends") are not the workout's.
  const { notes } = splitNotes(original);
  const text = splitNotes(message).before;
  const taken: Span[] = [];
  const date = findPastDate(text, today);
  const duration = findDuration(text);
  const effort = findEffort(text);
  for (const span of [date, duration, effort]) if (span) taken.push(span);
  const distance = firstDistance(text, unitsOf(context), taken);
  return defined({
    activityType: findActivity(text) ?? (distance ? 'running' : 'other'),
    distanceKm: distance?.km,
    durationMinutes: duration?.minutes,
    effortLevel: effort?.level,
    logDate: date?.date ?? today,
    notes,
  });
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const clipTo = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
const numberText = (value: number) => String(Math.round(value * 100) / 100);

function setGoalArguments(text: string, original: string, context: AthleteContext | undefined): Record<string, unknown> {
  const today = todayOf(context);
  const deadline = findFutureDate(text, today);
  const by = deadline ? ` by ${deadline.date}` : '';
  const weekly = WEEKLY.test(text);
  const perWeek = findTimesPerWeek(text);
  const taken = [deadline, perWeek].filter((span): span is NonNullable<typeof span> => span !== undefined);
  // A race in a goal makes it a custom goal ("run a marathon", "break 50 minutes in the 10k"), not a distance
  // to cover; a bare number counts only as "N a week".
  const found = perWeek ? undefined : firstDistance(text, unitsOf(context), taken, { raceNames: false, bareNumbers: weekly });
  const raceGoal = !weekly && (found?.writtenAsK || findDuration(text) !== undefined);
  const distance = raceGoal ? undefined : found;
  if (distance) {
    const shown = `${numberText(distance.value)} ${distance.unit}`;
    return defined({
      title: weekly ? `${shown} a week` : `${shown} in total`,
      description: weekly ? `Cover ${shown} every week${by}.` : `Cover ${shown} in total${by}.`,
      kind: weekly ? 'weekly_distance' : 'total_distance',
      target: distance.km,
      deadline: deadline?.date,
    });
  }
  if (perWeek) {
    return defined({
      title: `${perWeek.count} workouts a week`,
      description: `Complete ${perWeek.count} workouts every week${by}.`,
      kind: 'weekly_workouts',
      target: perWeek.count,
      deadline: deadline?.date,
    });
  }
  const aim = /\bgoals?\b\s*(?:is\s+)?(?:of|to|for|:|-)?\s*/.exec(text);
  const wording = aim ? originalSlice(original, text, aim.index + aim[0].length) : original;
  const title = capitalise(wording.replace(/[.!?\s]+$/, '').trim()) || 'My goal';
  return defined({ title: clipTo(title, 80), description: clipTo(`${title}.`, 500), kind: 'custom', deadline: deadline?.date });
}

const joinPhrases = (phrases: readonly string[]) => (phrases.length <= 1 ? (phrases[0] ?? '') : `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`);

/** Planned workouts this week that are not rest days: how many days the plan has the athlete train now. */
const plannedDays = (context: AthleteContext | undefined) => context?.activePlan?.thisWeek?.workouts.filter((workout) => !/rest/i.test(workout.type ?? '')).length ?? 0;

function planChangeArguments(text: string, original: string, context: AthleteContext | undefined): Record<string, unknown> {
  const today = todayOf(context);
  const units = unitsOf(context);
  const changes: Record<string, unknown> = {};
  const phrases: string[] = [];
  const taken: Span[] = [];

  const perWeek = findTimesPerWeek(text);
  if (perWeek && perWeek.count >= 1 && perWeek.count <= 7) {
    changes.daysPerWeek = perWeek.count;
    phrases.push(`train ${perWeek.count} days a week`);
    taken.push(perWeek);
  }
  const race = /\brace\b/.exec(text);
  const raceDate = race ? findFutureDate(text.slice(race.index), today) : undefined;
  if (race && raceDate) {
    changes.raceDate = raceDate.date;
    phrases.push(`move the race to ${raceDate.date}`);
    taken.push({ start: race.index + raceDate.start, end: race.index + raceDate.end });
  }
  const longRun = LONG_RUN.exec(text);
  if (longRun) {
    const after = text.slice(longRun.index);
    const day = findWeekday(after);
    if (day) {
      changes.longRunDay = day.day;
      phrases.push(`move the long run to ${capitalise(day.day)}`);
    }
    const shifted = taken.map((span) => ({ start: span.start - longRun.index, end: span.end - longRun.index }));
    const distance = firstDistance(after, units, shifted, { raceNames: false });
    if (distance) {
      changes.longRunKm = distance.km;
      phrases.push(`make the long run ${formatDistance(distance.km, units)}`);
    }
  }
  const level = /\b(beginner|intermediate|advanced|expert)\b/.exec(text);
  if (level) {
    changes.level = level[1];
    phrases.push(`switch to the ${level[1]} level`);
  }

  const missedCount = context?.activePlan?.missedWorkouts;
  const missed = MISSED.test(text);
  const missedText = `You missed ${missedCount ? `${missedCount} ` : ''}planned workout${missedCount === 1 ? '' : 's'}`;
  // Missed workouts the plan records and no change named: ease back by one training day, as a coach would. With
  // none recorded (a plan that started today, say) the rebuild asks nothing new, whatever the weekday.
  const days = plannedDays(context);
  if (missed && missedCount && phrases.length === 0 && days >= 3) {
    changes.daysPerWeek = days - 1;
    return { reason: `${missedText}; training ${days - 1} days a week instead of ${days} leaves room to recover and catch up.`, changes };
  }
  if (missed) return { reason: phrases.length ? `${missedText}, so you asked to ${joinPhrases(phrases)}.` : `${missedText} and asked to adjust the plan.`, changes };
  return { reason: phrases.length ? `You asked to ${joinPhrases(phrases)}.` : `You asked to adjust your plan: "${clipTo(original.trim(), 200)}"`, changes };
}

const READERS: Readonly<Record<CoachTool, (text: string, original: string, context: AthleteContext | undefined) => Record<string, unknown>>> = {
  log_workout: logWorkoutArguments,
  set_goal: setGoalArguments,
  propose_plan_change: planChangeArguments,
};

const lowerCase = (message: string) => message.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');

/** The tool call the message asks for, when that tool is offered. */
export function detectToolIntent(message: string, context: AthleteContext | undefined, offered: ReadonlySet<string>): ToolCallIntent | undefined {
  const text = lowerCase(message);
  const tool = askedTool(text);
  return tool && offered.has(tool) ? { name: tool, arguments: READERS[tool](text, message, context) } : undefined;
}

/** Arguments for a known coach tool the app forces (tool_choice), read from the message as well as it can be. */
export function argumentsFor(tool: string, message: string, context: AthleteContext | undefined): Record<string, unknown> | undefined {
  const reader = (COACH_TOOLS as readonly string[]).includes(tool) ? READERS[tool as CoachTool] : undefined;
  return reader?.(lowerCase(message), message, context);
}

