import * as z from 'zod';
import { START_TIME_PATTERN } from '../start-clock.ts';
import { ULID_PATTERN } from '../ids.ts';

/** ULID: 26 Crockford base-32 characters. Every entity id is one. */
export const UlidSchema = z.string().regex(ULID_PATTERN, 'must be a valid id');

/** Calendar date without time, as the product shows dates in America/New_York. */
export const IsoDateSchema = z.iso.date({ message: 'must be a date in YYYY-MM-DD form' });

export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

/** A race's start on the clock where it is run, 24-hour HH:MM (shared/race-start.ts reads it in the race's zone). */
export const StartTimeSchema = z.string().regex(START_TIME_PATTERN, { message: 'must be a time like 07:30' });

/** Trimmed, non-empty text of bounded length; `label` names the field in error messages. */
export function requiredText(label: string, max: number) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Optional trimmed text: an empty string means "not set" and is stored as absent. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === '' ? undefined : value))
    .optional();
}

/**
 * A file a route answers with (a route with `file`, shared/routes/define.ts): its bytes and the name it is saved
 * under. The name goes into a Content-Disposition header, so it keeps to letters, digits, dots, dashes and underscores.
 */
export const FileDownloadSchema = z.object({
  filename: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/, 'must be a plain file name'),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'must be bytes'),
});
export type FileDownload = z.infer<typeof FileDownloadSchema>;

/** The body of every error response. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
    details: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
