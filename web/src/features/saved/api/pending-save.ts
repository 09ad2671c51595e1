/**
 * A save a visitor asked for before signing in: kept in sessionStorage (this tab only) when they choose
 * 'Sign in' on the save prompt, and consumed once after the sign-in (or sign-up and confirmation) completes,
 * so the save happens without a second click. Storage is an edge: what is read back is checked, and stale
 * records are dropped.
 */
import { ULID_PATTERN } from '#shared/ids';

export const PENDING_SAVE_KEY = 'racefinder:pending-save';
/** A sign-in that takes longer than this is a different visit: the old wish is not acted on. */
const MAX_AGE_MS = 60 * 60 * 1000;

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

/** The pending save, removed as it is read (so it happens once), if it is well-formed and recent. */
export function takePendingSave(now = Date.now()): PendingSave | undefined {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(PENDING_SAVE_KEY);
    if (raw === null) return undefined;
    sessionStorage.removeItem(PENDING_SAVE_KEY);
  } catch {
    return undefined;
  }
  try {
    const value = JSON.parse(raw) as { id?: unknown; title?: unknown; at?: unknown };
    if (typeof value.id !== 'string' || !ULID_PATTERN.test(value.id)) return undefined;
    if (typeof value.title !== 'string' || value.title.length > 500) return undefined;
    if (typeof value.at !== 'number' || now - value.at > MAX_AGE_MS || value.at > now + 60_000) return undefined;
    return { id: value.id, title: value.title };
  } catch {
    return undefined;
  }
}
