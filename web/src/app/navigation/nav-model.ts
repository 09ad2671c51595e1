import type { Role, ViewMode } from '#shared/roles';

/**
 * The product's main sections, in the header and the phone menu for everyone, signed in or not: a visitor
 * sees what the product has before being asked to join.
 */
export const MAIN_SECTIONS = [
  { to: '/events', label: 'Races' },
  { to: '/local', label: 'Near me' },
  { to: '/calendar', label: 'Calendar' },
  { to: '/training', label: 'Training' },
  { to: '/community', label: 'Community' },
] as const;

/** Each view's home page and the words of the one link to it, which say which dashboard it opens. */
export const VIEW_HOMES: Record<ViewMode, { readonly to: string; readonly label: string }> = {
  athlete: { to: '/dashboard', label: 'My dashboard' },
  organizer: { to: '/organizer-dashboard', label: 'Organizer dashboard' },
  super_admin: { to: '/superadmin', label: 'Super admin dashboard' },
};

/** Which account entries the navigation shows, from sign-in state, the role (from /api/me) and the view mode. */
export interface NavModel {
  signedIn: boolean;
  /** The dashboard of the current view; null signed out. */
  home: (typeof VIEW_HOMES)[ViewMode] | null;
  /** 'Admin' (/admin): admin and superadmin roles, in any view. */
  admin: boolean;
  /** Tag beside the name in the phone menu. */
  roleTag: 'Admin' | 'Super admin' | null;
}

export function navModel(signedIn: boolean, role: Role | null, viewMode: ViewMode): NavModel {
  const effectiveRole = signedIn ? role : null;
  return {
    signedIn,
    home: signedIn ? VIEW_HOMES[viewMode] : null,
    admin: effectiveRole === 'admin' || effectiveRole === 'superadmin',
    roleTag: effectiveRole === 'superadmin' ? 'Super admin' : effectiveRole === 'admin' ? 'Admin' : null,
  };
}
