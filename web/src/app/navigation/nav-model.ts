import type { Role, ViewMode } from '#shared/roles';

/** Which navigation entries a visitor sees, from sign-in state, the role (from /api/me) and the view mode. */
export interface NavModel {
  signedIn: boolean;
  /** 'Training' (/ai-coach): athlete view, signed in. */
  training: boolean;
  /** 'Organizer' (/organizer-dashboard): organizer view. */
  organizerButton: boolean;
  /** 'Super Admin' (/superadmin): super_admin view. */
  superAdminButton: boolean;
  /** 'Admin' (/admin): admin and superadmin roles, in any view. */
  admin: boolean;
  /** Mobile menu 'Super Admin': the superadmin role, in any view. */
  superAdminRole: boolean;
  /** Mobile menu 'Organizer Dashboard': roles with organizer access. */
  organizerAccess: boolean;
  /** Tag beside the e-mail in the mobile menu. */
  roleTag: 'Admin' | 'SuperAdmin' | null;
}

export function navModel(signedIn: boolean, role: Role | null, viewMode: ViewMode): NavModel {
  const effectiveRole = signedIn ? role : null;
  const isAdmin = effectiveRole === 'admin' || effectiveRole === 'superadmin';
  return {
    signedIn,
    training: signedIn && viewMode === 'athlete',
    organizerButton: signedIn && viewMode === 'organizer',
    superAdminButton: signedIn && viewMode === 'super_admin',
    admin: isAdmin,
    superAdminRole: effectiveRole === 'superadmin',
    organizerAccess: effectiveRole === 'organizer' || isAdmin,
    roleTag: effectiveRole === 'superadmin' ? 'SuperAdmin' : effectiveRole === 'admin' ? 'Admin' : null,
  };
}

