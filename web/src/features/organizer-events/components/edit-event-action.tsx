/**
 * 'Edit Event' in the event page's action panel, for admins (any event) and the organizer who owns it; the
 * server checks the same on every save. The form returns to this page after saving or cancelling.
 */
import { Link, useLocation } from 'react-router-dom';
import { roleSatisfies } from '#shared/roles';
import { useMe } from '../../../lib/use-me.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { editEventPath, returnHere } from '../edit-return.ts';

export function EditEventAction({ event }: { event: { id: string; title: string; organizerId?: string } }) {
  const { status } = useAuth();
  const me = useMe().data;
  const location = useLocation();
  if (status !== 'signedIn' || !me) return null;
  const isAdmin = roleSatisfies(me.role, 'admin');
  const owns = event.organizerId !== undefined && event.organizerId === me.id;
  if (!isAdmin && !owns) return null;
  return (
    <Link className="btn btn--secondary btn--block" to={editEventPath(event.id)} state={returnHere(location)}>
      Edit Event<span className="visually-hidden"> {event.title}</span>
    </Link>
  );
}
