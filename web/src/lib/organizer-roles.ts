import type { Role } from '#shared/roles';

/** Who may claim events (spec 001 section 6: organizers and admins); the server checks the same on every claim. */
export function mayClaim(role: Role | null): boolean {
  return role === 'organizer' || role === 'admin' || role === 'superadmin';
}
