/** GET /api/admin/overview: the figures the admin screens show, every one read from counters, none sampled. */
import * as z from 'zod';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';
import { ImportJobStatusSchema } from './import-job.ts';
import { NewsletterFiguresSchema } from './newsletter.ts';

export const AdminOverviewSchema = z.object({
  events: z.object({
    total: z.number().int(),
    verified: z.number().int(),
    featured: z.number().int(),
    /** Created since the first day of this month (America/New_York). */
    createdThisMonth: z.number().int(),
    /** Imported events waiting for an admin: gone from the source, cancelled, or a possible duplicate. */
    flaggedForReview: z.number().int(),
  }),
  users: z.object({
    total: z.number().int(),
    athletes: z.number().int(),
    organizers: z.number().int(),
    admins: z.number().int(),
    createdThisMonth: z.number().int(),
  }),
  organizations: z.object({ total: z.number().int() }),
  newsletter: NewsletterFiguresSchema,
  lastImport: z
    .object({ id: UlidSchema, status: ImportJobStatusSchema, createdAt: IsoDateTimeSchema, finishedAt: IsoDateTimeSchema.optional() })
    .optional(),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
