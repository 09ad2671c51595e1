/**
 * 'Claim Event' on the event cards, for organizers and admins. The cards ship in the public entry, which is at
 * its size budget, so the card carries only this link: it opens the event page with the claim dialog up
 * (?claim=1, features/claims ClaimPanel), where the dialog, its form and the API client load with the page.
 */
import { Link } from 'react-router-dom';
import { useRole } from '../lib/use-me.ts';

export interface ClaimTarget {
  id: string;
  title: string;
  organizerId?: string;
}

/** Query parameter of the event page that opens the claim dialog. */
export const CLAIM_PARAM = 'claim';

export function ClaimEventLink({ event }: { event: ClaimTarget }) {
  const role = useRole();
  // Organizers and admins may claim (the server checks again); an owned event cannot be claimed.
  if (!role || role === 'athlete' || event.organizerId) return null;
  return (
    <Link className="btn btn--secondary btn--sm" to={`/events/${event.id}?${CLAIM_PARAM}=1`}>
      Claim Event<span className="visually-hidden"> {event.title}</span>
    </Link>
  );
}
