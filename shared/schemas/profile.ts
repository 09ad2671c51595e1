import * as z from 'zod';
import { DISTANCE_UNITS } from '../units.ts';
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
  /** Miles or kilometres, chosen once; every training screen and the coach use it. Unset until chosen. */
  units: z.enum(DISTANCE_UNITS).optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** What a user may change about themselves: names, location and units, nothing else (never the role). */
export const UpdateProfileSchema = z
  .strictObject({
    firstName: optionalText('First name', 50),
    lastName: optionalText('Last name', 50),
    location: optionalText('Location', 100),
    units: z.enum(DISTANCE_UNITS, { message: "units must be 'mi' or 'km'" }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one of firstName, lastName, location, units' });
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;
