import { useQueryClient } from '@tanstack/react-query';
import type { EventSummary } from '#shared/schemas/search';
import { useAuth } from '../../lib/auth/auth-context.ts';
import DashboardPage from '../../features/dashboard/pages/dashboard-page.tsx';
import { savedEventsQueryKey, useSavedEvents } from '../../features/saved/api/use-saved-events.ts';
import { ComposedEventCard } from './event-actions.tsx';

function renderSavedEvent(event: EventSummary) {
  return <ComposedEventCard event={event} layout="list" />;
}

/**
 * /dashboard, in a chunk of its own, composed of the saved list and the event cards. Signed-in users only: the
 * route table puts it behind the role gate (app/routes.tsx).
 */
export default function DashboardRoute() {
  const { user } = useAuth();
  const { entries, isLoading, error } = useSavedEvents();
  const queryClient = useQueryClient();
  // The role gate renders this only for a signed-in user.
  if (!user) return null;
  const retry = () => void queryClient.refetchQueries({ queryKey: savedEventsQueryKey(user.id) });
  return <DashboardPage email={user.email} saved={{ entries, isLoading, error, retry }} renderEvent={renderSavedEvent} />;
}
