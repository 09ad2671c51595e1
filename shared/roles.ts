/** Roles a profile can hold. Everyone signed in is at least an athlete. */
export const ROLES = ['athlete', 'organizer', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who may call a route. `public` needs no sign-in, `webhook` is verified by its own signature (Stripe);
 * the rest need a verified token and at least that role.
 */
export const ACCESS_LEVELS = ['public', 'webhook', 'user', 'organizer', 'admin', 'superadmin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

const RANK: Record<Role, number> = { athlete: 0, organizer: 1, admin: 2, superadmin: 3 };

/**
 * Whether a role satisfies a route's access level. Roles are ordered: an admin may do what an organizer
 * may, a super admin what an admin may.
 */
export function roleSatisfies(role: Role, access: Access): boolean {
  switch (access) {
    case 'public':
    case 'webhook':
    case 'user':
      return true;
    default:
      return RANK[role] >= RANK[access];
  }
}

/** View modes of the top navigation and the roles that may use each. */
export const VIEW_MODES = ['athlete', 'organizer', 'super_admin'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export function allowedViewModes(role: Role): ViewMode[] {
  if (role === 'superadmin') return ['athlete', 'organizer', 'super_admin'];
  if (role === 'admin' || role === 'organizer') return ['athlete', 'organizer'];
  return ['athlete'];
}
