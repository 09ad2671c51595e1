/** Unsubscribing with a link's token (/unsubscribe). The footer's sign-up is ./subscribe.ts. */
import { useMutation } from '@tanstack/react-query';
import { newsletterArea } from '../../../lib/api-areas/newsletter.ts';
import { useApi } from '../../../lib/use-api.ts';

export function useUnsubscribe() {
  const api = useApi(newsletterArea);
  return useMutation({ mutationFn: (token: string) => api('unsubscribeFromNewsletter', { body: { token } }) });
}
