import { useQuery } from '@tanstack/react-query';
import { ULID_PATTERN as ULID } from '#shared/ids';
import type { ApiResponse } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useApi } from '../../../lib/use-api.ts';
import { eventsArea } from '../../../lib/api-areas/events.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { usePageData } from '../../../lib/use-page-data.ts';

export type EventDetail = ApiResponse<'getEvent'>;

/** Event ids are ULIDs; anything else cannot be an event, so it is "not found" without asking the server. */
export function isEventId(id: string | undefined): id is string {
  return id !== undefined && ULID.test(id);
}

/**
 * GET /api/events/{id}, sent with the token when signed in (an unverified event is visible to its organizer
 * and admins only). Keyed by user: what one user may see is never shown from cache to another; the server's
 * rendering of a public event is the one thing shown to anyone, and only until their own answer arrives.
 */
export function useEvent(id: string | undefined) {
  const { status, user } = useAuth();
  const api = useApi(eventsArea);
  const valid = isEventId(id);
  // The event the server rendered this page with (a visitor's view): shown until the caller's own answer is in.
  const rendered = usePageData()?.event;
  const query = useQuery<EventDetail>({
    queryKey: userQueryKey(user?.id, 'event', id ?? ''),
    queryFn: ({ signal }) => api('getEvent', { path: { id: id! } }, { signal }),
    // Wait for the session check so a signed-in organizer's first request carries the token.
    enabled: valid && status !== 'loading',
    staleTime: 60_000,
    placeholderData: rendered?.id === id ? rendered : undefined,
  });
  const notFound = !valid || (query.error instanceof ApiError && query.error.status === 404);
  return { query, notFound };
}
