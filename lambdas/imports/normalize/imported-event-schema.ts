/**
 * The last check of every normalizer: what it built must be an event the store would accept, so a rule's
 * slip surfaces as one race skipped as 'invalid' (recorded on the job with the field it names), never as a
 * failed write halfway through a page.
 */
import * as z from 'zod';
import { EventSchema } from '#shared/schemas/event';
import type { ImportedEvent, NormalizeResult } from '#imports/imported-event';

export const ImportedEventSchema = EventSchema.omit({
  id: true,
  createdAt: true,
  updatedAt: true,
  featured: true,
  verified: true,
  sourceId: true,
  reviewFlag: true,
  adminEditedFields: true,
  rating: true,
  course: true,
  images: true,
}).extend({
  sourceId: z.string().min(1).max(200),
  cancelled: z.boolean().optional(),
});

/** The first problem of a failed parse as "field: message". */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid event';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** The event when it passes the store's schema, else a skip naming the field that failed. */
export function checkedEvent(event: ImportedEvent): NormalizeResult {
  const parsed = ImportedEventSchema.safeParse(event);
  if (!parsed.success) return { skipped: 'invalid', sourceId: event.sourceId, message: firstIssue(parsed.error) };
  return { event: parsed.data as ImportedEvent };
}
