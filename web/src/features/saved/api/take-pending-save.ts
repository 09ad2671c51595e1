import { ULID_PATTERN } from '#shared/ids';
import { PENDING_SAVE_KEY, type PendingSave } from './pending-save.ts';

/** A sign-in that takes longer than this is a different visit: the old wish is not acted on. */
const MAX_AGE_MS = 60 * 60 * 1000;

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
