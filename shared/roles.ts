/** Roles a profile can hold. Everyone signed in is at least an athlete. */
export const ROLES = ['athlete', 'organizer', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who may call a route. `public` needs no sign-in; `optional` needs none either, but a caller who sends a
 * valid token is known to the handler (an event page shows an unverified event to its organizer); `webhook`
 * is verified by its own signature (Stripe); the rest need a verified token and at least that role.
 */
export const ACCESS_LEVELS = ['public', 'optional', 'webhook', 'user', 'organizer', 'admin', 'superadmin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/**
 * Whether a route takes requests without a verified token at the gateway: no JWT authorizer in AWS, no
 * token check in the local gateway. Optional routes verify a token themselves when one is sent.
 */
export function isOpenAccess(access: Access): boolean {
  return access === 'public' || access === 'optional' || access === 'webhook';
}

const RANK: Record<Role, number> = { athlete: 0, organizer: 1, admin: 2, superadmin: 3 };

/**
 * Whether a role satisfies a route's access level. Roles are ordered: an admin may do what an organizer
 * may, a super admin what an admin may.
 */
export function roleSatisfies(role: Role, access: Access): boolean {
  switch (access) {
    case 'public':
    case 'optional':
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
