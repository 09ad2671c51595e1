/**
 * Activity files in (issue 25, docs/activity-files.md): an athlete uploads GPX, TCX or FIT files (each may be
 * gzipped, as Strava's export writes them), or a ZIP of an export, straight to S3 with a presigned POST; the
 * activity import function (lambdas/activity-uploads/process-activity-upload.ts) reads them into training-log
 * entries and records the outcome on the upload, which the page polls.
 */
import * as z from 'zod';
import { isTimeZone } from '../race-time-zones.ts';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';

/** The kinds of file taken, by how the name ends, with the type the browser declares for each (the POST policy holds it to it). */
export const ACTIVITY_FILE_TYPES = {
  '.gpx': 'application/gpx+xml',
  '.tcx': 'application/vnd.garmin.tcx+xml',
  '.fit': 'application/vnd.ant.fit',
  '.gpx.gz': 'application/gzip',
  '.tcx.gz': 'application/gzip',
  '.fit.gz': 'application/gzip',
  '.zip': 'application/zip',
} as const satisfies Record<string, `application/${string}`>;
export type ActivityFileEnding = keyof typeof ACTIVITY_FILE_TYPES;
/** What a file input offers (the .gz kinds are picked by their .gz ending). */
export const ACTIVITY_FILE_ACCEPT = '.gpx,.tcx,.fit,.gz,.zip';

export const WRONG_ACTIVITY_FILE_MESSAGE = 'Choose a GPX, TCX or FIT file, or a ZIP of them.';
export const activityFileTooLargeMessage = (maxMb: number) => `Choose a file of at most ${maxMb} MB; split a larger export into several ZIPs.`;
export const MAX_ACTIVITY_FILE_NAME = 255;

/** The ending of a file name this import takes, or undefined. The longest ending first, so 'run.fit.gz' is '.fit.gz'. */
export function activityFileEnding(fileName: string): ActivityFileEnding | undefined {
  const name = fileName.toLowerCase();
  return (Object.keys(ACTIVITY_FILE_TYPES) as ActivityFileEnding[]).sort((a, b) => b.length - a.length).find((ending) => name.endsWith(ending));
}

/** The type a browser declares for a file name (file inputs give .gpx, .tcx and .fit no reliable type of their own). */
export function activityContentType(fileName: string): string | undefined {
  const ending = activityFileEnding(fileName);
  return ending && ACTIVITY_FILE_TYPES[ending];
}

export const ActivityUploadRequestSchema = z
  .strictObject({
    fileName: z
      .string({ message: 'fileName is required' })
      .trim()
      .min(1, 'fileName is required')
      .max(MAX_ACTIVITY_FILE_NAME, `fileName must be at most ${MAX_ACTIVITY_FILE_NAME} characters`)
      .refine((name) => activityFileEnding(name) !== undefined, WRONG_ACTIVITY_FILE_MESSAGE),
    contentType: z.string({ message: 'contentType is required' }),
    /** Bytes; checked against the system config's max file size (and enforced again by the POST policy). */
    size: z.number({ message: 'size must be a number of bytes' }).int('size must be a whole number of bytes').positive('The file is empty'),
    /**
     * The athlete's time zone (the browser's): which day an activity counts for when its file gives only UTC
     * times (GPX, TCX). A FIT file's own clock comes first.
     */
    timeZone: z.string().refine(isTimeZone, { message: 'timeZone must be an IANA time zone such as America/Denver' }).optional(),
  })
  .refine((body) => activityContentType(body.fileName) === undefined || activityContentType(body.fileName) === body.contentType, {
    message: 'contentType does not match the file name',
    path: ['contentType'],
  });
export type ActivityUploadRequest = z.output<typeof ActivityUploadRequestSchema>;

/** The browser's presigned POST: send `fields` then the file as `file`, as multipart/form-data, to `url`. */
export const ActivityUploadTicketSchema = z.object({
  id: UlidSchema,
  upload: z.object({ url: z.url(), fields: z.record(z.string(), z.string()) }),
  maxFileBytes: z.number().int(),
});
export type ActivityUploadTicket = z.infer<typeof ActivityUploadTicketSchema>;

export const ACTIVITY_UPLOAD_STATUSES = ['pending', 'processing', 'done', 'failed'] as const;
/** At most this many files' reasons are kept on an upload; `errorCount` says how many there were. */
export const MAX_LISTED_FILE_ERRORS = 100;

export const ActivityUploadSchema = z.object({
  id: UlidSchema,
  fileName: z.string(),
  status: z.enum(ACTIVITY_UPLOAD_STATUSES),
  /** The log entries made or brought up to date, oldest activity first. */
  logIds: z.array(UlidSchema),
  /** Of logIds: how many are new, and how many were already in the log (the same start within a minute) and were updated. */
  created: z.number().int(),
  updated: z.number().int(),
  /** Why a file gave no activity: its path (inside the ZIP, for one) and the reason a person reads. */
  errors: z.array(z.object({ file: z.string(), reason: z.string() })),
  errorCount: z.number().int(),
  createdAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.optional(),
});
export type ActivityUpload = z.infer<typeof ActivityUploadSchema>;

export const ActivityUploadPathSchema = z.strictObject({ id: UlidSchema });

/** Where an upload lands in the uploads bucket: the import function reads the athlete and the upload back from it. */
export const activityUploadKey = (sub: string, uploadId: string) => `activities/${sub}/${uploadId}`;
