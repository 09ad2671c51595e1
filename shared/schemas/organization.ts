import * as z from 'zod';
import { UlidSchema } from './common.ts';

/** The organization behind an event, as the event page shows it. */
export const OrganizationSchema = z.object({
  id: UlidSchema,
  name: z.string(),
  description: z.string().optional(),
  websiteUrl: z.string().optional(),
  email: z.string().optional(),
});
export type Organization = z.infer<typeof OrganizationSchema>;
