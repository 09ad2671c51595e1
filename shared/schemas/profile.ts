import * as z from 'zod';
import { RoleSchema } from './role.ts';
import { IsoDateTimeSchema, UlidSchema, optionalText } from './common.ts';

export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  role: RoleSchema,
  location: z.string().optional(),
  createdAt: IsoDateTimeSchema,
  /** The organization an approved organizer application created; their events show it. Set by the server only. */
  organizationId: UlidSchema.optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** What a user may change about themselves: names and location, nothing else (never the role). */
export const UpdateProfileSchema = z
  .strictObject({
    firstName: optionalText('First name', 50),
    lastName: optionalText('Last name', 50),
    location: optionalText('Location', 100),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one of firstName, lastName, location' });
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;
