/** The organizer dashboard's tiles (spec 001): claims and promotions, from the organizer's own counters. */
import * as z from 'zod';

const Count = z.number().int().nonnegative();

export const OrganizerSummarySchema = z.object({
  claims: z.object({ total: Count, pending: Count, approved: Count, rejected: Count }),
  /** active: paid and approved by an admin (the spec's 'Active Promotions'). */
  promotions: z.object({ total: Count, active: Count }),
});
export type OrganizerSummary = z.infer<typeof OrganizerSummarySchema>;
