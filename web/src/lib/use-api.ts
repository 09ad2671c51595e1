import { useCallback } from 'react';
import type { ApiRequest } from './api.ts';
import { useAuth } from './auth/auth-context.ts';

/**
 * The API client for components, authenticated as the signed-in user. The client module (route table and
 * zod schemas) is imported on first use, keeping it out of the first-load bundle of public pages.
 */
export function useApi(): ApiRequest {
  const { getIdToken } = useAuth();
  return useCallback<ApiRequest>(
    async (id, input, options) => {
      const { createApiClient } = await import('./api.ts');
      return createApiClient({ getIdToken })(id, input, options);
    },
    [getIdToken],
  );
}
