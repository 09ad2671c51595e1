/**
 * CSV exports (spec 001 /admin/data; DESIGN section 11): an admin asks for one table as a file; a worker
 * reads it page by page and writes the CSV to the exports bucket; the job item says how far it got and,
 * once completed, GET hands out a short-lived download link. Jobs and files expire after EXPORT_RETENTION_DAYS.
 */
import * as z from 'zod';
import { AdminEventFiltersSchema } from './admin-event-filters.ts';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';

/** 'newsletter' is the active newsletter subscribers, with each one's unsubscribe link for the mailing. */
export const EXPORT_TABLES = ['events', 'users', 'organizations', 'newsletter'] as const;
export const ExportTableSchema = z.enum(EXPORT_TABLES, { message: "table must be 'events', 'users', 'organizations' or 'newsletter'" });
export type ExportTable = z.infer<typeof ExportTableSchema>;

export const EXPORT_STATUSES = ['processing', 'completed', 'failed'] as const;
export const ExportStatusSchema = z.enum(EXPORT_STATUSES);
export type ExportStatus = z.infer<typeof ExportStatusSchema>;

/** How long a job and its file are kept (the item's TTL and the bucket's lifecycle rule). */
export const EXPORT_RETENTION_DAYS = 7;
/** How long a download link works. */
export const EXPORT_DOWNLOAD_URL_SECONDS = 300;

/** POST /api/admin/exports. Only events take filters (the admin events list's). */
export const StartExportBodySchema = z
  .strictObject({ table: ExportTableSchema, filters: AdminEventFiltersSchema.optional() })
  .refine((body) => body.table === 'events' || body.filters === undefined, {
    message: 'Only the events export takes filters',
    path: ['filters'],
  });
export type StartExportBody = z.input<typeof StartExportBodySchema>;

export const ExportJobSchema = z.object({
  id: UlidSchema,
  table: ExportTableSchema,
  /** The events filters the export applied (absent: every event). */
  filters: AdminEventFiltersSchema.optional(),
  status: ExportStatusSchema,
  /** Rows written (without the header), once completed. */
  recordCount: z.number().int().nonnegative().optional(),
  /** Bytes of the file, once completed. */
  size: z.number().int().nonnegative().optional(),
  /** The name the browser saves it under: events-2026-11-23.csv. */
  fileName: z.string(),
  /** Why it failed, in words an admin can act on. */
  error: z.string().optional(),
  /** User id of the admin who asked for it. */
  requestedBy: z.string(),
  createdAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.optional(),
});
export type ExportJob = z.infer<typeof ExportJobSchema>;

/** GET /api/admin/exports/{id}: the job, and while its file exists a link that works for a few minutes. */
export const ExportJobWithDownloadSchema = ExportJobSchema.extend({
  downloadUrl: z.url().optional(),
  downloadUrlExpiresAt: IsoDateTimeSchema.optional(),
});
export type ExportJobWithDownload = z.infer<typeof ExportJobWithDownloadSchema>;

export const ExportJobPathSchema = z.strictObject({ id: UlidSchema });
export const ExportJobsQuerySchema = z.strictObject({
  cursor: z.string().max(2048, 'cursor is not valid').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const ExportJobsPageSchema = z.object({ items: z.array(ExportJobSchema), nextCursor: z.string().optional() });
export type ExportJobsPage = z.infer<typeof ExportJobsPageSchema>;
