import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { allowedViewModes, type Role, type ViewMode } from '#shared/roles';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { useRole } from '../../lib/use-me.ts';

export const VIEW_MODE_LABELS: Record<ViewMode, string> = {
  athlete: 'Athlete',
  organizer: 'Organizer',
  super_admin: 'Super admin',
};

export interface ViewModeContextValue {
  viewMode: ViewMode;
  allowedModes: readonly ViewMode[];
  /** Whether the role has more than one view to choose from (the selector shows only then). */
  canToggle: boolean;
  /** Switches view; a mode the role may not use is refused (returns false) with a console warning only. */
  setViewMode(mode: ViewMode): boolean;
}

/** The view a role starts in when it has not chosen one. */
export function defaultViewMode(role: Role | null): ViewMode {
  switch (role) {
    case 'superadmin':
      return 'super_admin';
    case 'admin':
      return 'organizer';
    case 'organizer':
      // The organizer role comes from an approved organizer application: running their events is what these
      // users came for, so they start in organizer view; the athlete view is one switch away.
      return 'organizer';
    default:
      return 'athlete';
  }
}

const storageKey = (userId: string) => `racefinder.viewMode.${userId}`;

function readStoredMode(userId: string): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null; // storage blocked (privacy mode): fall back to the default
  }
}

const ViewModeContext = createContext<ViewModeContextValue | undefined>(undefined);

/**
 * The view mode of the signed-in user, driven by the role from /api/me. The choice is remembered per user in
 * localStorage; a remembered mode the role no longer allows (after a demotion) falls back to the default.
 */
export function ViewModeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const role = useRole();
  const userId = user?.id;
  const [choice, setChoice] = useState<{ userId: string; mode: ViewMode } | null>(null);

  const allowedModes = useMemo(() => (role ? allowedViewModes(role) : (['athlete'] as ViewMode[])), [role]);
  const stored = useMemo(() => (userId ? readStoredMode(userId) : null), [userId]);
  const wanted = choice && choice.userId === userId ? choice.mode : stored;
  const viewMode = allowedModes.find((mode) => mode === wanted) ?? defaultViewMode(role);

  const setViewMode = useCallback(
    (mode: ViewMode) => {
      if (!userId || !allowedModes.includes(mode)) {
        console.warn(`View mode '${mode}' is not available to ${role ?? 'this user'}; staying in '${viewMode}'.`);
        return false;
      }
      setChoice({ userId, mode });
      try {
        localStorage.setItem(storageKey(userId), mode);
      } catch {
        // not persisted; the choice still holds for this page
      }
      return true;
    },
    [userId, allowedModes, role, viewMode],
  );

  const value = useMemo<ViewModeContextValue>(
    () => ({ viewMode, allowedModes, canToggle: allowedModes.length > 1, setViewMode }),
    [viewMode, allowedModes, setViewMode],
  );
  return <ViewModeContext.Provider value={value}>{children}</ViewModeContext.Provider>;
}

export function useViewMode(): ViewModeContextValue {
  const context = useContext(ViewModeContext);
  if (!context) throw new Error('useViewMode must be used within a ViewModeProvider');
  return context;
}
