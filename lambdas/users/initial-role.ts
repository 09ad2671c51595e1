import type { Role } from '#shared/roles';
import { config } from '#lib/config';

/**
 * The role a new profile starts with. The first super admins come from deploy configuration
 * (SUPER_ADMIN_EMAILS), never from addresses in code; everyone else starts as an athlete.
 */
export function initialRoleFor(email: string, superAdminEmails = config.superAdminEmails): Role {
  return superAdminEmails.has(email.trim().toLowerCase()) ? 'superadmin' : 'athlete';
}
