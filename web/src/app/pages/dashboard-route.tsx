import { useQueryClient } from '@tanstack/react-query';
import type { EventSummary } from '#shared/schemas/search';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { greeting } from '../../lib/greeting.ts';
import { useMe } from '../../lib/use-me.ts';
import DashboardPage from '../../features/dashboard/pages/dashboard-page.tsx';
import { savedEventsQueryKey, useSavedEvents } from '../../features/saved/api/use-saved-events.ts';
import { useTrainingPlans } from '../../features/training/api/use-training.ts';
import { ComposedEventCard } from './event-actions.tsx';
import type { PageGate } from '../../components/role-gate.tsx';

function renderSavedEvent(event: EventSummary) {
  return <ComposedEventCard event={event} layout="list" />;
}

/** Signed-in only (routes.tsx wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInText: 'Sign in to see the races you saved, what is coming up and what you have completed.',
  loadingLabel: 'Loading your dashboard',
};

/** /dashboard, in a chunk of its own, composed of the saved list and the event cards. */
export default function DashboardRoute() {
  const { user } = useAuth();
  // The gate of a signed-in page does not wait for the profile (only role checks do): greet without a name until it is here.
  const me = useMe();
  const { entries, isLoading, error } = useSavedEvents();
  const plans = useTrainingPlans();
  const queryClient = useQueryClient();
  // The role gate renders this only for a signed-in user.
  if (!user) return null;
  const retry = () => void queryClient.refetchQueries({ queryKey: savedEventsQueryKey(user.id) });
  const title = me.data ? greeting(me.data) : 'Welcome';
  return <DashboardPage title={title} saved={{ entries, isLoading, error, retry }} planCount={plans.data?.items.length} renderEvent={renderSavedEvent} />;
}
