/**
 * The event edit page's way back: the page that opened it (an admin's filtered events list, the event page)
 * passes its address in the router state, and saving or cancelling returns there; opened from a typed address,
 * it returns to the editor's own list.
 */
import { safeReturnTo } from '../../lib/safe-return-to.ts';

export interface ReturnState {
  readonly returnTo?: string;
}

export const editEventPath = (eventId: string) => `/events/${eventId}/edit`;

/** The state to open the edit page with, from the address the person is on. */
export const returnHere = (location: { pathname: string; search: string }): ReturnState => ({ returnTo: `${location.pathname}${location.search}` });

/** Where to go after saving or cancelling: the opener's address when it is one of ours, else `fallback`. */
export function editReturnPath(state: unknown, fallback: string): string {
  const asked = state !== null && typeof state === 'object' ? (state as ReturnState).returnTo : undefined;
  return safeReturnTo(typeof asked === 'string' ? asked : undefined) ?? fallback;
}
