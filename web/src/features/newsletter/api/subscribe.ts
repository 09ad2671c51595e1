/**
 * The footer's sign-up request, loaded when the form is first sent: the footer is on every page, so it keeps
 * the API client, the newsletter's route table (zod) and the query library's mutation code out of its chunk,
 * and out of the entry it would otherwise pull them into. The route is public: no token is sent.
 */
import { createApiClient } from '../../../lib/api.ts';
import { newsletterArea } from '../../../lib/api-areas/newsletter.ts';

export async function subscribeToNewsletter(body: { email: string; homepage?: string }): Promise<void> {
  const routes = await newsletterArea();
  await createApiClient({ getIdToken: async () => undefined })(routes.subscribeToNewsletter, { body });
}
