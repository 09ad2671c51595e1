/**
 * The training log (spec 001 "Log workout", the journal): what an athlete did on a day. The API speaks
 * kilometres; screens convert to the athlete's units (shared/units.ts).
 */
import * as z from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, UlidSchema } from './common.ts';

export const ACTIVITY_TYPES = ['running', 'cycling', 'swimming', 'strength', 'yoga', 'other'] as const;
export const ActivityTypeSchema = z.enum(ACTIVITY_TYPES, { message: 'Please select an activity type' });
export type ActivityType = z.infer<typeof ActivityTypeSchema>;

export const ACTIVITY_LABELS: Readonly<Record<ActivityType, string>> = {
  running: 'Running',
  cycling: 'Cycling',
  swimming: 'Swimming',
  strength: 'Strength',
  yoga: 'Yoga',
  other: 'Other',
};

/** The journal's four orders (spec 001). */
export const LOG_SORTS = ['date_desc', 'date_asc', 'distance_desc', 'duration_desc'] as const;
export type LogSort = (typeof LOG_SORTS)[number];

export const LOG_NOTES_MAX = 2000;
export const LOG_PACE_MAX = 20;
/** A day is at most 24 hours; a log longer than that is a typo. */
export const LOG_DURATION_MAX_MINUTES = 1440;
export const LOG_DISTANCE_MAX_KM = 1000;
/** How far back a log may be dated: old enough for any paper log an athlete types in. */
export const LOG_OLDEST_YEARS = 10;

/** A number field a form may send empty: null and '' mean "not given" (spec 001 sends empty numbers as null). */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (value === null || value === '' ? undefined : value), schema.optional());

const distanceKm = z
  .number({ message: 'Distance must be a number' })
  .min(0, 'Distance cannot be negative')
  .max(LOG_DISTANCE_MAX_KM, `Distance must be at most ${LOG_DISTANCE_MAX_KM} km`);
const durationMinutes = z
  .number({ message: 'Duration must be a whole number of minutes' })
  .int('Duration must be a whole number of minutes')
  .min(0, 'Duration cannot be negative')
  .max(LOG_DURATION_MAX_MINUTES, 'Duration must be at most 24 hours');
const effortLevel = z.number({ message: 'Effort must be 1 to 10' }).int('Effort must be 1 to 10').min(1, 'Effort must be 1 to 10').max(10, 'Effort must be 1 to 10');
const pace = z.string().trim().max(LOG_PACE_MAX, `Pace must be at most ${LOG_PACE_MAX} characters`);
const notes = z.string().trim().max(LOG_NOTES_MAX, `Notes must be at most ${LOG_NOTES_MAX} characters`);
/** Text a form may send empty: '' or null mean "not given". */
const optionalString = (schema: z.ZodString) => z.preprocess((value) => (value === null || value === '' ? undefined : value), schema.optional());

export const NewTrainingLogSchema = z.strictObject({
  activityType: ActivityTypeSchema,
  distanceKm: optionalNumber(distanceKm),
  durationMinutes: optionalNumber(durationMinutes),
  effortLevel: optionalNumber(effortLevel),
  pace: optionalString(pace),
  notes: optionalString(notes),
  logDate: IsoDateSchema,
});
export type NewTrainingLog = z.output<typeof NewTrainingLogSchema>;
export type NewTrainingLogBody = z.input<typeof NewTrainingLogSchema>;

/** An edit: the fields to change; null (or '') clears an optional one. */
export const TrainingLogPatchSchema = z
  .strictObject({
    activityType: ActivityTypeSchema.optional(),
    distanceKm: distanceKm.nullable().optional(),
    durationMinutes: durationMinutes.nullable().optional(),
    effortLevel: effortLevel.nullable().optional(),
    pace: pace.nullable().optional(),
    notes: notes.nullable().optional(),
    logDate: IsoDateSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change' });
export type TrainingLogPatch = z.output<typeof TrainingLogPatchSchema>;

/** Where a recorded activity came from: an uploaded file (GPX, TCX, FIT), or Strava's sync (docs/strava.md). */
export const RECORDING_SOURCES = ['file', 'strava'] as const;

/**
 * What a watch or phone recorded of a workout (issue 25): kept with the log entry made from it. The entry's own
 * distanceKm and durationMinutes are the recording's distance and moving time, so the journal, the figures and
 * the coach read an imported run like a typed one.
 */
export const RecordingSchema = z.object({
  source: z.enum(RECORDING_SOURCES),
  /** The instant the activity started; a second upload of the same activity (a start within a minute) updates this entry. */
  startedAt: IsoDateTimeSchema,
  /** Minutes east of UTC of the clock it was recorded on, when the file says. */
  utcOffsetMinutes: z.number().int().optional(),
  distanceMeters: z.number(),
  movingSeconds: z.number(),
  elapsedSeconds: z.number(),
  elevationGainMeters: z.number().optional(),
  avgHeartRate: z.number().optional(),
  /** Moving seconds of each whole kilometre and each whole mile. */
  splits: z.object({ km: z.array(z.number()), mile: z.array(z.number()) }),
  /** The route, simplified to at most 200 [latitude, longitude] points; only on a single entry's answer, not in lists. */
  route: z.array(z.tuple([z.number(), z.number()])).optional(),
  name: z.string().optional(),
  /** The Strava activity this entry was synced from (decimal text: Strava's ids pass 2^53); its update and delete events find the entry by it. */
  stravaActivityId: z.string().regex(/^\d{1,20}$/).optional(),
});
export type Recording = z.infer<typeof RecordingSchema>;

export const TrainingLogSchema = z.object({
  id: UlidSchema,
  activityType: ActivityTypeSchema,
  distanceKm: z.number().optional(),
  durationMinutes: z.number().int().optional(),
  effortLevel: z.number().int().optional(),
  pace: z.string().optional(),
  notes: z.string().optional(),
  logDate: IsoDateSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema.optional(),
  recording: RecordingSchema.optional(),
});
export type TrainingLog = z.infer<typeof TrainingLogSchema>;

export const TrainingLogPathSchema = z.strictObject({ id: UlidSchema });

export const TrainingLogQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  activity: ActivityTypeSchema.optional(),
  sort: z.enum(LOG_SORTS, { message: `sort must be one of ${LOG_SORTS.join(', ')}` }).optional(),
  cursor: z.string().max(2048, 'cursor is not valid').optional(),
});
export type TrainingLogQuery = z.output<typeof TrainingLogQuerySchema>;

export const TrainingLogsPageSchema = z.object({ items: z.array(TrainingLogSchema), nextCursor: z.string().optional() });
export type TrainingLogsPage = z.infer<typeof TrainingLogsPageSchema>;
