/**
 * 'Claim Event' on the event cards, for organizers. The cards ship in the public entry, which is at
 * its size budget, so the card carries only this link: it opens the event page with the claim dialog up
 * (?claim=1, features/claims ClaimPanel), where the dialog, its form and the API client load with the page.
 */
import { Link } from 'react-router-dom';
import type { Role } from '#shared/roles';
import { useRole } from '../lib/use-me.ts';

export interface ClaimTarget {
  id: string;
  title: string;
  organizerId?: string;
}

/** Query parameter of the event page that opens the claim dialog. */
export const CLAIM_PARAM = 'claim';

/**
 * Where the app offers Claim Event: to organizers, on events no one owns. Admins may claim too (spec 001 section
 * 6; the server accepts it), but they edit any event directly, so the event page offers them Edit Event rather
 * than a claim another admin would have to approve.
 */
export function offersClaim(role: Role | null, event: ClaimTarget): boolean {
  return role === 'organizer' && !event.organizerId;
}

export function ClaimEventLink({ event }: { event: ClaimTarget }) {
  if (!offersClaim(useRole(), event)) return null;
  return (
    <Link className="btn btn--secondary btn--sm" to={`/events/${event.id}?${CLAIM_PARAM}=1`}>
      Claim Event<span className="visually-hidden"> {event.title}</span>
    </Link>
  );
}
