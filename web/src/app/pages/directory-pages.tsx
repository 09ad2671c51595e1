/**
 * The organizer directory's pages and /submit-event, in one lazily loaded chunk (more-pages.tsx loads each
 * from here). Measured with test/web/first-load-budget.test.ts: as three chunks of their own, the bundler
 * no longer folded the modules they share with the entry (the API hook, auth, query client, dates) into it
 * but split them into extra initial chunks, about 1.8 KB gzip more on every first load; as one chunk the
 * entry stays as it was.
 */
export { default as OrganizersPage } from '../../features/organizers/pages/organizers-page.tsx';
export { default as OrganizationPage } from './organization-route.tsx';
export { default as SubmitEventPage, gate as submitEventGate } from '../../features/submit-event/pages/submit-event-page.tsx';
