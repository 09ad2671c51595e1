/** The athlete's upcoming saved races with their race-day forecasts: one call, the server asks the weather service. */
import { useQuery } from '@tanstack/react-query';
import { weatherArea } from '../../../lib/api-areas/weather.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

/** The server keeps a forecast an hour; a page left open asks again after a few minutes, not on every focus. */
const STALE_MS = 5 * 60_000;

export function useRaceForecasts() {
  const { user } = useAuth();
  const api = useApi(weatherArea);
  return useQuery({
    queryKey: userQueryKey(user?.id, 'race-forecasts'),
    queryFn: ({ signal }) => api('listRaceForecasts', {}, { signal }),
    enabled: user !== null,
    staleTime: STALE_MS,
  });
}
