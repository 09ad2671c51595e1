/**
 * The footer's sign-up request, loaded when the form is first sent: the footer is on every page, so it keeps
 * the API client, the newsletter's route table (zod) and the query library's mutation code out of its chunk.
 */
import { newsletterArea } from '../../../lib/api-areas/newsletter.ts';
import { callPublicRoute } from '../../../lib/public-api.ts';

export async function subscribeToNewsletter(body: { email: string; homepage?: string }): Promise<void> {
  await callPublicRoute(newsletterArea, 'subscribeToNewsletter', { body });
}
