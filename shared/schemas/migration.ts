/**
 * Data migrations (lambdas/migrations): what each one's record says of its progress, for the runner that resumes
 * it and the admins' system page that shows it.
 */
import * as z from 'zod';
import { IsoDateTimeSchema } from './common.ts';

export const MIGRATION_STATUSES = ['running', 'done', 'failed'] as const;
export const MigrationStatusSchema = z.enum(MIGRATION_STATUSES);

export const MigrationRecordSchema = z.object({
  /** '0002-search-index-7': the order they run in, and the file that holds it. */
  id: z.string(),
  summary: z.string(),
  status: MigrationStatusSchema,
  /** Where the next step starts (opaque to everyone but the migration); absent before the first and once done. */
  cursor: z.string().optional(),
  /** Steps taken and items the steps changed so far. */
  steps: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  startedAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.optional(),
  /** Done without running: the table was new, written by code that already lays data out this way. */
  baseline: z.boolean().optional(),
  /** The last failure, kept until the step that failed succeeds. */
  error: z.string().optional(),
});
export type MigrationRecord = z.infer<typeof MigrationRecordSchema>;

/** GET /api/admin/migrations: every migration this code knows, in order, with its record once it has one. */
export const MigrationsStatusSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      summary: z.string(),
      /** Absent: not started yet (waiting for a deploy, or for the one before it to finish). */
      record: MigrationRecordSchema.optional(),
    }),
  ),
});
export type MigrationsStatus = z.infer<typeof MigrationsStatusSchema>;
