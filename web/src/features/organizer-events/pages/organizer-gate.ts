/** The door of the pages that create and edit events: organizers and admins (the server checks again). */
import type { PageGate } from '../../../components/role-gate.tsx';

export const ORGANIZER_GATE: PageGate = {
  roles: ['organizer', 'admin', 'superadmin'],
  signInText: 'Please sign in to create and edit your events.',
  deniedText: 'Creating and editing events is for event organizers. Apply for organizer access on the Become an Organizer page first.',
  loadingLabel: 'Loading',
};
