/** Signing up for the newsletter (the footer) and unsubscribing with a link's token (/unsubscribe). */
import { useMutation } from '@tanstack/react-query';
import { newsletterArea } from '../../../lib/api-areas/newsletter.ts';
import { useApi } from '../../../lib/use-api.ts';

export function useSubscribe() {
  const api = useApi(newsletterArea);
  return useMutation({ mutationFn: (body: { email: string; homepage?: string }) => api('subscribeToNewsletter', { body }) });
}

export function useUnsubscribe() {
  const api = useApi(newsletterArea);
  return useMutation({ mutationFn: (token: string) => api('unsubscribeFromNewsletter', { body: { token } }) });
}
