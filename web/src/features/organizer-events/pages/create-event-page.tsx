/** /create-event (spec 001): an organizer submits a new event; it is listed once an administrator approves it. */
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useCreateEvent } from '../api/use-organizer-events.ts';
import { EMPTY_DRAFT, EventForm } from '../components/event-form.tsx';
import { ORGANIZER_GATE } from './organizer-gate.ts';

/** Organizers and admins only (routes.tsx wraps the page in the role gate). */
export const gate = ORGANIZER_GATE;

export default function CreateEventPage() {
  useDocumentTitle('Create Event');
  const create = useCreateEvent();
  const navigate = useNavigate();
  const { toast } = useToast();
  return (
    <>
      <PageHeader eyebrow="For organizers" title="Create Event" lede="List a race you organize. An administrator reviews it before it appears in search." />
      <div className="container form-page">
        <EventForm
          initial={EMPTY_DRAFT}
          submitLabel="Create Event"
          busyLabel="Creating…"
          cancelTo="/organizer-dashboard"
          onSubmit={async (body) => {
            const event = await create.mutateAsync(body);
            toast({ title: 'Event Submitted', description: `${event.title} was sent for review. You can follow it under My Events.` });
            navigate('/organizer-dashboard?tab=events');
          }}
        />
      </div>
    </>
  );
}
