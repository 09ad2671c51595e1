/** GET /api/admin/activity: the recorded decisions and role changes, newest first (lambdas/data/activity.ts). */
import * as z from 'zod';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';

export const ActivityEntrySchema = z.object({
  id: UlidSchema,
  at: IsoDateTimeSchema,
  kind: z.string(),
  actorId: z.string(),
  actorEmail: z.string().optional(),
  subjectId: z.string(),
  summary: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityQuerySchema = z.strictObject({ cursor: z.string().max(2048, 'cursor is not valid').optional() });
export const ActivityPageSchema = z.object({ items: z.array(ActivityEntrySchema), nextCursor: z.string().optional() });
