/** /admin/users (spec 001 'User Management'): the list, its filters, the stat cards and role changes. */
import * as z from 'zod';
import { ROLES } from '../roles.ts';
import { ProfileSchema } from './profile.ts';
import { RoleSchema } from './role.ts';

/** The role filter's choices: 'admin' means admins and super admins alike (both can open the admin area). */
export const USER_ROLE_FILTERS = ['all', 'admin', 'organizer', 'athlete'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

export const USER_SEARCH_MIN = 2;

export const AdminUsersQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .max(100, 'Search at most 100 characters')
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .refine((value) => value === undefined || value.length >= USER_SEARCH_MIN, `Type at least ${USER_SEARCH_MIN} characters to search`),
  role: z.enum(USER_ROLE_FILTERS, { message: `role must be one of ${USER_ROLE_FILTERS.join(', ')}` }).default('all'),
  cursor: z.string().max(2048, 'cursor is not valid').optional(),
});

export const AdminUsersPageSchema = z.object({
  items: z.array(ProfileSchema),
  nextCursor: z.string().optional(),
  /** A search answers its first matches only (prefixes of e-mails and names): true when there were more. */
  truncated: z.boolean().optional(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

export const UserStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  admins: z.number().int().nonnegative(),
  organizers: z.number().int().nonnegative(),
  athletes: z.number().int().nonnegative(),
  newThisMonth: z.number().int().nonnegative(),
  /** Users who opened RaceFinder signed in during the last 7 days (today included), each once. */
  activeWeek: z.number().int().nonnegative(),
});
export type UserStats = z.infer<typeof UserStatsSchema>;

export const UserPathSchema = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be a valid user id') });

export const ROLE_REASON_MAX = 300;
export const RoleChangeBodySchema = z.strictObject({
  role: RoleSchema.refine((role) => (ROLES as readonly string[]).includes(role)),
  reason: z
    .string()
    .trim()
    .max(ROLE_REASON_MAX, `The reason must be at most ${ROLE_REASON_MAX} characters`)
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
});
