import { useQueryClient } from '@tanstack/react-query';
import { todayInNewYork } from '#shared/dates';
import type { EventSummary } from '#shared/schemas/search';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { splitSaved } from '../../features/dashboard/api/saved-split.ts';
import { HomeSections } from '../../features/home/components/home-sections.tsx';
import { savedEventsQueryKey, useSavedEvents } from '../../features/saved/api/use-saved-events.ts';
import { ComposedEventCard } from './event-actions.tsx';

function renderRace(event: EventSummary) {
  return <ComposedEventCard event={event} layout="compact" />;
}

/**
 * The home page below the hero (a chunk of its own, app/routes.tsx): the home sections composed with the
 * search's event cards (and their save hearts) and the signed-in athlete's saved races, whose soonest upcoming
 * one the page leads with.
 */
export default function HomeBelow() {
  const { user } = useAuth();
  const { entries, isLoading, error } = useSavedEvents();
  const queryClient = useQueryClient();
  const today = todayInNewYork();
  const next = splitSaved(entries, today).upcoming[0]?.event;
  const retry = () => void queryClient.refetchQueries({ queryKey: savedEventsQueryKey(user?.id) });
  return <HomeSections renderEvent={renderRace} savedRaces={{ next, isLoading, error, retry }} today={today} />;
}
