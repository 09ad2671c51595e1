/**
 * /events/{id}/edit: the owner edits their event (admins may edit any); the same form as /create-event,
 * filled in. Only what changed is sent; an optional field emptied is cleared. Every edit is recorded for
 * the admins. An event sent back for changes shows the administrator's notes and goes back for review.
 * Saving and Cancel return to the page that opened the form (edit-return.ts): an admin's filtered events
 * list, the event page; else the editor's own list. Below the form, the race's course (a GPX file), saved on its own.
 */
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { roleSatisfies } from '#shared/roles';
import type { RaceEvent } from '#shared/schemas/event';
import { OWNER_EDITABLE_FIELDS, type NewOrganizerEvent, type OrganizerEventPatch } from '#shared/schemas/organizer-event';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useEventToEdit, useUpdateEvent } from '../api/use-organizer-events.ts';
import { EventForm, draftOf, ownerTagsOf } from '../components/event-form.tsx';
import { editReturnPath } from '../edit-return.ts';
import { useMe } from '../../../lib/use-me.ts';
import { formatLongDate } from '../../../lib/event-format.ts';
import { ORGANIZER_GATE } from './organizer-gate.ts';

/** The patch from the event as loaded to the form's body: changed fields, and null for optional ones emptied. */
function patchOf(event: RaceEvent, body: NewOrganizerEvent): OrganizerEventPatch {
  const patch: Record<string, unknown> = {};
  for (const name of OWNER_EDITABLE_FIELDS) {
    const next = body[name];
    // Of the tags, the form holds only those an organizer sets; the server keeps the others.
    const before = name === 'tags' ? ownerTagsOf(event.tags) : event[name];
    if (next === undefined) {
      if (before !== undefined) patch[name] = null;
    } else if (JSON.stringify(next) !== JSON.stringify(before)) {
      patch[name] = next;
    }
  }
  return patch as OrganizerEventPatch;
}

// The course's upload, figures and chart: a chunk of their own, with the event page's course section.
const CourseUpload = lazy(() => import('../components/course-upload.tsx'));
/** The Images section (issue 24) in its own chunk: the form shows without waiting for it. */
const EventImagesSection = lazy(() => import('../components/event-images-section.tsx'));

/** Organizers and admins only (routes.tsx wraps the page in the role gate). */
export const gate = ORGANIZER_GATE;

export default function EditEventPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Edit Event');
  const loaded = useEventToEdit(id);
  const update = useUpdateEvent(id);
  const navigate = useNavigate();
  const { toast } = useToast();
  const me = useMe().data;
  const isAdmin = me !== undefined && roleSatisfies(me.role, 'admin');
  const back = editReturnPath(useLocation().state, isAdmin ? '/admin/events' : '/organizer-dashboard?tab=events');

  if (loaded.isLoading) {
    return (
      <div className="status-page container">
        <LoadingBlock label="Loading the event" />
      </div>
    );
  }
  if (loaded.isError || !loaded.data) {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <StatusPage
        heading={missing ? 'Event not found' : 'Unable to load the event'}
        text={missing ? 'This event does not exist or is not yours to edit.' : errorMessage(loaded.error)}
        actions={
          <>
            {missing ? null : (
              <Button variant="primary" onClick={() => void loaded.refetch()}>
                Try again
              </Button>
            )}
            <ButtonLink to={back}>{isAdmin ? 'Back' : 'Back to My Events'}</ButtonLink>
          </>
        }
      />
    );
  }
  const event = loaded.data;
  const isOwner = me !== undefined && event.organizerId === me.id;
  return (
    <>
      <PageHeader eyebrow={isAdmin && !isOwner ? 'Admin' : 'For organizers'} title="Edit Event" lede={event.title} />
      <div className="container form-page">
        {isOwner ? (
          <p className="form-page__notice">
            {event.lastCheckedAt ? <>Last confirmed <time dateTime={event.lastCheckedAt}>{formatLongDate(event.lastCheckedAt)}</time>. </> : null}
            Saving, even with nothing changed, tells runners the details are current as of today.
          </p>
        ) : null}
        {event.reviewStatus === 'changes_requested' ? (
          <Alert tone="info" title="Changes requested">
            {event.reviewNotes ? `The administrator asks: ${event.reviewNotes} ` : ''}Saving your changes sends the event back for review.
          </Alert>
        ) : null}
        <EventForm
          initial={draftOf(event)}
          stored={event}
          submitLabel="Save Changes"
          busyLabel="Saving…"
          cancelTo={back}
          onSubmit={async (body) => {
            const patch = patchOf(event, body);
            const changed = Object.keys(patch).length > 0;
            // The owner's save, changed or not, is their word that the details are current (the page says when).
            if (changed || isOwner) await update.mutateAsync(isOwner ? { ...patch, confirmed: true } : patch);
            toast(
              changed
                ? { title: 'Event Updated', description: `Your changes to ${body.title} are saved.` }
                : isOwner
                  ? { title: 'Details Confirmed', description: `Runners see that ${body.title} was checked today.` }
                  : { title: 'Event Updated', description: 'Nothing had changed.' },
            );
            navigate(back);
          }}
        />
        <Suspense fallback={<LoadingBlock label="Loading the course" />}>
          <CourseUpload eventId={event.id} />
        </Suspense>
        {/* Outside the form: images are saved as they are uploaded, not with the form's Save. */}
        <Suspense fallback={<LoadingBlock label="Loading the images" />}>
          <EventImagesSection eventId={event.id} />
        </Suspense>
      </div>
    </>
  );
}
