/**
 * A race course from a GPX file (issue 24): what the server keeps of it and what the API returns. The summary
 * (distance, gain, loss) also rides on the event and its search postings, so cards and the elevation filter
 * need no second read (lambdas/data/event-course.ts).
 */
import * as z from 'zod';
import { ELEVATION_CLASSES } from '../elevation-classes.ts';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';

/** The largest GPX file the server takes: a long course recorded every second fits, under Lambda's 6 MB payload. */
export const MAX_GPX_BYTES = 4 * 1024 * 1024;
/**
 * What the route accepts on the wire before its own check: a little over MAX_GPX_BYTES, so a file just past it gets
 * the clear 400. No more than that: API Gateway may pass the body to Lambda base64-encoded (4/3 larger), and the
 * invocation must stay under Lambda's 6 MB (4.25 MB encoded is 5.67 MB).
 */
export const GPX_ROUTE_BODY_LIMIT = MAX_GPX_BYTES + 256 * 1024;

export const ElevationClassSchema = z.enum(ELEVATION_CLASSES, { message: `must be one of ${ELEVATION_CLASSES.join(', ')}` });

/** Metres, whole: the course's length and its smoothed climb and descent. Set only by the server. */
export const CourseSummarySchema = z.object({
  distanceMeters: z.number().int().nonnegative(),
  gainMeters: z.number().int().nonnegative(),
  lossMeters: z.number().int().nonnegative(),
});
export type CourseSummary = z.infer<typeof CourseSummarySchema>;

/** [latitude, longitude], 5 decimals (about a metre). */
const LatLonSchema = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]);
/** [metres from the start, elevation in metres]. */
const ProfilePointSchema = z.tuple([z.number().nonnegative(), z.number()]);

/** GET /api/events/{id}/course. */
export const CourseSchema = CourseSummarySchema.extend({
  eventId: UlidSchema,
  /** The name the file gives its track or route, when it gives one. */
  name: z.string().optional(),
  /** The simplified line (Douglas-Peucker), a few hundred points: enough for a sketch of the route. */
  line: z.array(LatLonSchema),
  /** Smoothed elevation along the course, evenly spaced samples; empty when the file has no elevations. */
  profile: z.array(ProfilePointSchema),
  minElevationMeters: z.number().optional(),
  maxElevationMeters: z.number().optional(),
  /** Points the file had (track or route points), before simplification. */
  pointCount: z.number().int().positive(),
  uploadedAt: IsoDateTimeSchema,
});
export type Course = z.infer<typeof CourseSchema>;

/** What the API answers: the course as stored and its elevation class (from shared/course-elevation.ts, at reading, so a change of bounds shows at once). */
export const CourseAnswerSchema = CourseSchema.extend({ elevationClass: ElevationClassSchema });
export type CourseAnswer = z.infer<typeof CourseAnswerSchema>;

export const CoursePathSchema = z.strictObject({ id: UlidSchema });

const byteLength = (text: string) => new TextEncoder().encode(text).length;
const MEGABYTES = MAX_GPX_BYTES / (1024 * 1024);

/** PUT /api/events/{id}/course body: the GPX file as text; what is in it is checked by the parser (lambdas/courses). */
export const GpxBodySchema = z
  .string()
  .refine((text) => text.trim().length > 0, 'The file is empty. Choose a GPX file of the course.')
  .refine((text) => byteLength(text) <= MAX_GPX_BYTES, `The file is larger than ${MEGABYTES} MB. Export the course again with fewer points.`);
