import OrganizationPage from '../../features/organizers/pages/organization-page.tsx';
import { ComposedEventCard } from './event-actions.tsx';

/** /organizers/:id: an organization's page, its upcoming events as the event search's cards (with the save heart). */
export default function OrganizationRoute() {
  return <OrganizationPage eventCard={(event) => <ComposedEventCard event={event} layout="cards" />} />;
}
