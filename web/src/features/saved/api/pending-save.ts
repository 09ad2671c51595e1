/**
 * A save a visitor asked for before signing in: kept in sessionStorage (this tab only) when they choose
 * 'Sign in' on the save prompt, and consumed once after the sign-in (or sign-up and confirmation) completes,
 * so the save happens without a second click. Storage is an edge: what is read back is checked, and stale
 * records are dropped (take-pending-save.ts).
 */
export const PENDING_SAVE_KEY = 'racefinder:pending-save';

export interface PendingSave {
  id: string;
  title: string;
}

export function rememberPendingSave({ id, title }: PendingSave, now = Date.now()): void {
  try {
    sessionStorage.setItem(PENDING_SAVE_KEY, JSON.stringify({ id, title, at: now }));
  } catch {
    // Storage may be unavailable (private modes, quotas): the person saves again after signing in.
  }
}

/** Whether a pending save may be waiting (take-pending-save.ts reads and checks it). */
export function hasPendingSave(): boolean {
  try {
    return sessionStorage.getItem(PENDING_SAVE_KEY) !== null;
  } catch {
    return false;
  }
}
