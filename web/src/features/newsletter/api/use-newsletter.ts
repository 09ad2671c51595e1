/** Unsubscribing with a link's token (/unsubscribe). The footer's sign-up is ./subscribe.ts. */
import { useMutation } from '@tanstack/react-query';
import { newsletterArea } from '../../../lib/api-areas/newsletter.ts';
import { callPublicRoute } from '../../../lib/public-api.ts';

export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => callPublicRoute(newsletterArea, 'unsubscribeFromNewsletter', { body: { token } }) });
}
