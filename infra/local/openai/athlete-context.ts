/**
 * The athlete's context the app puts in its system (or developer) message, after the line
 * `ATHLETE CONTEXT (JSON):`, as JSON running to the end of that message. The local model reads its numbers
 * from here only, so it never states a figure the app did not give it.
 *
 * Parsed leniently, the way a language model reads a prompt: a field of the wrong shape is dropped rather
 * than failing the request, an unparsable or missing context means "no numbers", and units default to km.
 * Distances in the context are always kilometres (`distanceKm`, `plannedKm`); `units` is how to show them.
 */
import * as z from 'zod';
import { messageText, type ChatMessage } from './request-schema.ts';

import { ATHLETE_CONTEXT_MARKER } from '#shared/schemas/coach';
import { KM_PER_MILE } from '#shared/units';

export { ATHLETE_CONTEXT_MARKER };

export { KM_PER_MILE } from '#shared/units';

export type Units = 'km' | 'mi';

/** A field that is dropped (undefined) when it has the wrong shape. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const text = lenient(z.string());
const amount = lenient(z.number().finite());
const isoDate = lenient(z.string().regex(/^\d{4}-\d{2}-\d{2}$/));
/** A list whose malformed entries are left out instead of losing the whole list. */
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item.nullable().catch(null))
    .catch([])
    .transform((entries) => entries.filter((entry): entry is NonNullable<typeof entry> => entry !== null))
    .optional()
    .transform((entries) => entries ?? []);

const PlannedWorkoutSchema = z.object({ date: isoDate, type: text, distanceKm: amount, description: text, completed: lenient(z.boolean()) });

const AthleteContextSchema = z.object({
  units: z.enum(['km', 'mi']).catch('km'),
  today: isoDate,
  goal: z
    .object({ title: text, kind: text, target: amount, current: amount, progressPercent: amount })
    .nullable()
    .optional()
    .catch(undefined),
  activePlan: z
    .object({
      name: text,
      raceDistance: lenient(z.union([z.string(), z.number().finite()])),
      raceDate: isoDate,
      thisWeek: lenient(z.object({ phase: text, plannedKm: amount, workouts: listOf(PlannedWorkoutSchema) })),
      missedWorkouts: amount,
    })
    .nullable()
    .optional()
    .catch(undefined),
  thisWeek: lenient(z.object({ workouts: amount, distanceKm: amount, durationMinutes: amount, runs: amount })),
  last4Weeks: listOf(z.object({ weekStart: isoDate, workouts: amount, distanceKm: amount })),
  trainingLoad: z.object({ fitness: amount, fatigue: amount, form: amount, rampRate: amount }).nullable().optional().catch(undefined),
  recentLogs: listOf(z.object({ logDate: isoDate, activityType: text, distanceKm: amount, durationMinutes: amount, effortLevel: amount })),
});
export type AthleteContext = z.infer<typeof AthleteContextSchema>;
export type PlannedWorkout = z.infer<typeof PlannedWorkoutSchema>;

/** The JSON after the marker; a model forgives trailing prose, so failing that, the outermost braces. */
function contextJson(after: string): unknown {
  try {
    return JSON.parse(after);
  } catch {
    const start = after.indexOf('{');
    const end = after.lastIndexOf('}');
    if (start < 0 || end <= start) return undefined;
    try {
      return JSON.parse(after.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
}

/** The context of the latest system or developer message that carries the marker, if it parses. */
export function findAthleteContext(messages: readonly ChatMessage[]): AthleteContext | undefined {
  for (const entry of [...messages].reverse()) {
    if (entry.role !== 'system' && entry.role !== 'developer') continue;
    const content = messageText(entry);
    const at = content.indexOf(ATHLETE_CONTEXT_MARKER);
    if (at < 0) continue;
    const json = contextJson(content.slice(at + ATHLETE_CONTEXT_MARKER.length).trim());
    if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
    const parsed = AthleteContextSchema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  }
  return undefined;
}

export const roundTo = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

/** A distance in km as a number in the athlete's units, to one decimal at most. */
export function distanceIn(km: number, units: Units): number {
  return roundTo(units === 'mi' ? km / KM_PER_MILE : km, 1);
}

/** A distance in km as the athlete reads it: "18.2 km" or "11.3 mi". */
export function formatDistance(km: number, units: Units): string {
  return `${distanceIn(km, units)} ${units}`;
}

/** A distance the athlete gave in their units (or a written unit), in km to two decimals, as the log stores it. */
export function toKm(value: number, unit: Units): number {
  return roundTo(unit === 'mi' ? value * KM_PER_MILE : value, 2);
}
