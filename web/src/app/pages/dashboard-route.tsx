import { useQueryClient } from '@tanstack/react-query';
import type { EventSummary } from '#shared/schemas/search';
import { useAuth } from '../../lib/auth/auth-context.ts';
import DashboardPage from '../../features/dashboard/pages/dashboard-page.tsx';
import { savedEventsQueryKey, useSavedEvents } from '../../features/saved/api/use-saved-events.ts';
import { useTrainingPlans } from '../../features/training/api/use-training.ts';
import { ComposedEventCard } from './event-actions.tsx';
import type { PageGate } from '../../components/role-gate.tsx';

function renderSavedEvent(event: EventSummary) {
  return <ComposedEventCard event={event} layout="list" />;
}

/**
 * /dashboard, in a chunk of its own, composed of the saved list and the event cards. Signed-in users only: the
 * route table puts it behind the role gate (app/routes.tsx).
 */
/** Signed-in only (routes.tsx wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInText: 'Sign in to see the races you saved, what is coming up and what you have completed.',
  loadingLabel: 'Loading your dashboard',
};

export default function DashboardRoute() {
  const { user } = useAuth();
  const { entries, isLoading, error } = useSavedEvents();
  const plans = useTrainingPlans();
  const queryClient = useQueryClient();
  // The role gate renders this only for a signed-in user.
  if (!user) return null;
  const retry = () => void queryClient.refetchQueries({ queryKey: savedEventsQueryKey(user.id) });
  return <DashboardPage email={user.email} saved={{ entries, isLoading, error, retry }} planCount={plans.data?.items.length} renderEvent={renderSavedEvent} />;
}
