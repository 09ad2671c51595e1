import { useQueryClient } from '@tanstack/react-query';
import CalendarPage from '../../features/calendar/pages/calendar-page.tsx';
import { savedEventsQueryKey, useSavedEvents } from '../../features/saved/api/use-saved-events.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { cardActions } from './event-actions.tsx';

/**
 * /calendar, composed of the race calendar, the athlete's saved races (its My races tab) and the save heart on
 * each race. Public: visitors get the calendar and a sign-in prompt under My races.
 */
export default function CalendarRoute() {
  const { user } = useAuth();
  const { entries, isLoading, error } = useSavedEvents();
  const queryClient = useQueryClient();
  const saved = user
    ? { entries, isLoading, error, retry: () => void queryClient.refetchQueries({ queryKey: savedEventsQueryKey(user.id) }) }
    : undefined;
  return <CalendarPage saved={saved} raceActions={cardActions} />;
}
