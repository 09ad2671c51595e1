/**
 * "Export my data" (issue 22): a signed-in person asks for a copy of everything RaceFinder keeps about them; the
 * export worker gathers it into one ZIP (a JSON document of it all, CSVs of the training log and the saved
 * races, the training plan as .ics) in the exports bucket, and GET hands out a short-lived link to it. The job
 * and its file expire after EXPORT_RETENTION_DAYS, as the admins' exports do; the job lives in the person's own
 * partition, so it is never in the admins' list.
 */
import * as z from 'zod';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';
import { ExportStatusSchema } from './export-job.ts';

export { EXPORT_DOWNLOAD_URL_SECONDS, EXPORT_RETENTION_DAYS } from './export-job.ts';

/** The files inside the ZIP, by name: what the screen lists and what the worker writes. */
export const PERSONAL_EXPORT_FILES = {
  data: 'racefinder-data.json',
  trainingLog: 'training-log.csv',
  savedRaces: 'saved-races.csv',
  trainingPlan: 'training-plan.ics',
  readme: 'README.txt',
} as const;

export const PersonalExportSchema = z.object({
  id: UlidSchema,
  status: ExportStatusSchema,
  /** The name the browser saves it under: racefinder-data-2026-11-23.zip. */
  fileName: z.string(),
  /** Bytes of the ZIP, once completed. */
  size: z.number().int().nonnegative().optional(),
  /** Why it failed, in words the person can act on. */
  error: z.string().optional(),
  createdAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.optional(),
  /** When the job and its file are deleted (EXPORT_RETENTION_DAYS after it was asked for). */
  availableUntil: IsoDateTimeSchema,
});
export type PersonalExport = z.infer<typeof PersonalExportSchema>;

/** GET /api/me/exports/{id}: the job, and once completed a link that works for a few minutes. */
export const PersonalExportWithDownloadSchema = PersonalExportSchema.extend({
  downloadUrl: z.url().optional(),
  downloadUrlExpiresAt: IsoDateTimeSchema.optional(),
});
export type PersonalExportWithDownload = z.infer<typeof PersonalExportWithDownloadSchema>;

export const PersonalExportPathSchema = z.strictObject({ id: UlidSchema });
