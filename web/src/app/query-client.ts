import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';

/** Retries only what can succeed on a retry: network failures and 502/503/504, twice at most. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && error instanceof ApiError && error.retryable,
        refetchOnWindowFocus: false,
      },
    },
  });
}
