/**
 * /recaps/:id: a race recap, public. The story as the athlete typed it (paragraphs, never HTML), the race it
 * is about, its author (first name and initial) and date; its author may edit or delete it.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ULID_PATTERN } from '#shared/ids';
import type { Recap } from '#shared/schemas/recap';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useDeleteRecap, useRecap } from '../api/use-recaps.ts';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog.tsx';
import { writtenOn } from '../components/race-line.tsx';
import { RecapText } from '../components/recap-text.tsx';
import '../components/community.css';
import '../../../components/state-panel.css';

export default function RecapPage() {
  const { id = '' } = useParams();
  if (!ULID_PATTERN.test(id)) return <RecapNotFound />;
  return <RecapById id={id} />;
}

function RecapNotFound() {
  return (
    <StatusPage
      heading="Recap not found"
      text="This recap does not exist or is no longer published."
      actions={
        <>
          <ButtonLink to="/community" variant="primary">
            See the community
          </ButtonLink>
          <ButtonLink to="/athlete-spotlights">Athlete spotlights</ButtonLink>
        </>
      }
    />
  );
}

function RecapById({ id }: { id: string }) {
  const recap = useRecap(id);
  useDocumentTitle(recap.data?.title ?? 'Race recap');
  if (recap.isPending) {
    return (
      <div className="container community-page">
        <LoadingBlock label="Loading the recap" />
      </div>
    );
  }
  if (recap.isError) {
    if (recap.error instanceof ApiError && recap.error.status === 404) return <RecapNotFound />;
    return (
      <div className="container community-page">
        <LoadErrorPanel title="We couldn't load this recap" error={recap.error} retry={() => void recap.refetch()} />
      </div>
    );
  }
  return <RecapArticle recap={recap.data} />;
}

function RecapArticle({ recap }: { recap: Recap }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const remove = useDeleteRecap();
  const [confirming, setConfirming] = useState(false);
  const edited = recap.updatedAt !== recap.createdAt;
  const onDelete = () =>
    remove.mutate(recap, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Recap deleted', description: `Your recap of ${recap.event.title} is gone.` });
        void navigate('/community', { replace: true });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: 'Could not delete the recap', description: errorMessage(error), variant: 'destructive' });
      },
    });

  return (
    <>
      <PageHeader
        eyebrow="Race recap"
        title={recap.title}
        lede={
          <>
            By {recap.authorName}
            {recap.distance ? ` · ${recap.distance}` : ''} · {writtenOn(recap.createdAt)}
            {edited ? ` (edited ${writtenOn(recap.updatedAt)})` : ''}
          </>
        }
      />
      <div className="container community-page community-narrow">
        <article className="recap-article" aria-label={recap.title}>
          {recap.featuredAt ? <p className="recap-badge">Featured in Athlete Spotlights</p> : null}
          <div className="recap-article__race">
            <span className="recap-article__label">The race</span>
            <Link to={`/events/${recap.event.id}`} className="race-line__title">
              {recap.event.title}
            </Link>
            <span className="race-line__facts">
              {formatEventDate(recap.event.eventDate)} · {recap.event.city}, {recap.event.state}
            </span>
          </div>
          <RecapText body={recap.body} />
          {recap.mine ? (
            <div className="recap-article__actions">
              <ButtonLink to={`/submit-race-recap?event=${recap.eventId}`} variant="primary">
                Edit Recap
              </ButtonLink>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Delete Recap
              </Button>
            </div>
          ) : null}
          <p>
            <Link to="/community">More from the community</Link>
          </p>
        </article>
      </div>
      {confirming ? (
        <ConfirmDeleteDialog title="Delete this recap?" busy={remove.isPending} onConfirm={onDelete} onCancel={() => setConfirming(false)}>
          <p>
            Your recap “{recap.title}” of {recap.event.title} will be deleted for good. You can write a new one afterwards.
          </p>
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
