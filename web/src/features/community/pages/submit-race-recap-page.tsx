/**
 * /submit-race-recap: the story of a race the athlete ran. They choose the race (their saved races whose race
 * day has come, or the race named in the address, ?event=<id>), write a title and the story with a live
 * character count and a preview, and publish; they land on the recap's page. Their recap of a race they
 * already wrote about opens for editing (one recap per athlete per race), with Delete.
 *
 * The race search (GET /api/events) serves races from today on only, so past races are chosen from the saved
 * ones; an event page can link here with ?event=<id> for any race.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { raceHasStarted } from '#shared/race-start';
import { ULID_PATTERN } from '#shared/ids';
import { NewRecapSchema, RECAP_BODY_MAX, RECAP_BODY_MIN, RECAP_TITLE_MAX, type Recap } from '#shared/schemas/recap';
import type { EventSummary } from '#shared/schemas/search';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ChoiceField, TextAreaField } from '../../../components/form-fields.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { PageGate } from '../../../components/role-gate.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { bodyFieldErrors } from '../../../lib/body-field-errors.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { whenWritingOpens } from '../../../lib/writing-opens.ts';
import { useDeleteRecap, useMyRecap, useRace, useRecapRaces, useSaveRecap } from '../api/use-recaps.ts';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog.tsx';
import { RecapText } from '../components/recap-text.tsx';
import '../components/community.css';
import '../../../components/form-page.css';
import '../../../components/state-panel.css';
import '../../../components/dashboard-parts.css';

/** Signed-in only (the router wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInTitle: 'Sign In to Share Your Race',
  signInText: 'Sign in to write the story of a race you ran.',
  loadingLabel: 'Loading',
};

/** The race a recap is being written about: a saved race's card, or the race the address names. */
type RaceChoice = Pick<EventSummary, 'id' | 'title' | 'eventDate' | 'startTime' | 'timeZone' | 'city' | 'state' | 'distances'>;

export default function SubmitRaceRecapPage() {
  useDocumentTitle('Submit a Race Recap');
  const [params, setParams] = useSearchParams();
  const asked = params.get('event') ?? '';
  const eventId = ULID_PATTERN.test(asked) ? asked : undefined;
  const races = useRecapRaces();
  const named = useRace(eventId && !races.data?.some((race) => race.id === eventId) ? eventId : undefined);
  const chosen: RaceChoice | undefined = races.data?.find((race) => race.id === eventId) ?? (named.data?.id === eventId ? named.data : undefined);
  const choose = (id: string) => setParams({ event: id }, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHeader eyebrow="Community" title="Submit a Race Recap" lede="Tell the story of a race you ran: how it went, what the course was like, what you would tell the next runner." />
      <div className="container form-page">
        <RacePicker races={races} named={eventId && chosen && !races.data?.some((race) => race.id === chosen.id) ? chosen : undefined} selected={eventId} onChoose={choose} />
        {eventId && named.isError ? (
          <Alert tone="error" title="Race not found">
            {named.error instanceof ApiError && named.error.status === 404 ? 'The race in this address does not exist. Choose one of your races above.' : errorMessage(named.error)}
          </Alert>
        ) : null}
        {eventId && !chosen && named.isPending && races.isSuccess ? <LoadingBlock label="Loading the race" /> : null}
        {chosen ? <RecapEditor key={chosen.id} race={chosen} /> : null}
      </div>
    </>
  );
}

function RacePicker({
  races,
  named,
  selected,
  onChoose,
}: {
  races: ReturnType<typeof useRecapRaces>;
  named: RaceChoice | undefined;
  selected: string | undefined;
  onChoose(id: string): void;
}) {
  const headingId = useId();
  const noteId = useId();
  const list: RaceChoice[] = [...(named ? [named] : []), ...(races.data ?? [])];
  // The choice shows in the click's own render: the address it goes into updates the page a moment later, and
  // React would meanwhile put the controlled radio back. The address still wins when it changes (Back).
  const [picked, setPicked] = useState(selected);
  const [pickedFor, setPickedFor] = useState(selected);
  if (pickedFor !== selected) {
    setPickedFor(selected);
    setPicked(selected);
  }
  return (
    <section className="form-page__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="community-heading">
        1. Choose your race
      </h2>
      <p id={noteId} className="form-page__notice">
        Your saved races appear here from race day on. Race search lists upcoming races only, so save the races you run.
      </p>
      {races.isPending ? (
        <LoadingBlock label="Loading your races" />
      ) : races.isError ? (
        <LoadErrorPanel title="We couldn't load your saved races" error={races.error} retry={() => void races.refetch()} />
      ) : list.length === 0 ? (
        <div className="state-panel">
          <p className="state-panel__title">No past races yet</p>
          <p className="state-panel__text">Once race day comes for a race you saved, you can write its recap here.</p>
          <ButtonLink to="/events" variant="primary">
            Find races
          </ButtonLink>
        </div>
      ) : (
        <fieldset className="recap-race-choice" aria-describedby={noteId}>
          <legend className="visually-hidden">Your past races</legend>
          <ul className="recap-races">
            {list.map((race) => (
              <li key={race.id}>
                <label className="recap-race">
                  <input
                    type="radio"
                    name="race"
                    value={race.id}
                    checked={picked === race.id}
                    onChange={() => {
                      setPicked(race.id);
                      onChoose(race.id);
                    }}
                  />
                  <span className="recap-race__text">
                    <span className="recap-race__title">{race.title}</span>
                    <span className="recap-race__facts">
                      {formatEventDate(race.eventDate)} · {race.city}, {race.state}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </section>
  );
}

/** The form for the chosen race: the athlete's recap of it when there is one (to edit), else a new one. */
function RecapEditor({ race }: { race: RaceChoice }) {
  const mine = useMyRecap(race.id);
  if (!raceHasStarted(race, new Date())) {
    return (
      <Alert tone="info" title="This race has not happened yet">
        You can write its recap {whenWritingOpens(race)}.
      </Alert>
    );
  }
  if (mine.isPending) return <LoadingBlock label="Loading your recap" />;
  if (mine.isError) return <LoadErrorPanel title="We couldn't check for your recap of this race" error={mine.error} retry={() => void mine.refetch()} />;
  const existing = mine.data.recap;
  if (existing?.hidden) return <HiddenRecap recap={existing} />;
  return <RecapForm key={existing?.id ?? 'new'} race={race} existing={existing ?? undefined} />;
}

function HiddenRecap({ recap }: { recap: Recap }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteRecap();
  const { toast } = useToast();
  return (
    <>
      <Alert tone="error" title="An admin hid your recap of this race">
        <p>“{recap.title}” is no longer published and cannot be edited. You may delete it and write a new one.</p>
        <p className="community-alert-actions">
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete Recap
          </Button>
        </p>
      </Alert>
      {confirming ? (
        <ConfirmDeleteDialog
          title="Delete this recap?"
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(recap, {
              onSuccess: () => toast({ title: 'Recap deleted' }),
              onError: (error) => toast({ title: 'Could not delete the recap', description: errorMessage(error), variant: 'destructive' }),
              onSettled: () => setConfirming(false),
            })
          }
        >
          <p>Your hidden recap “{recap.title}” will be deleted for good.</p>
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}

type EditorTab = 'write' | 'preview';

function RecapForm({ race, existing }: { race: RaceChoice; existing: Recap | undefined }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const save = useSaveRecap();
  const remove = useDeleteRecap();
  const headingId = useId();
  const [title, setTitle] = useState(existing?.title ?? '');
  const [body, setBody] = useState(existing?.body ?? '');
  const [distance, setDistance] = useState(existing?.distance ?? '');
  const [tab, setTab] = useState<EditorTab>('write');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const length = body.trim().length;
  /** A field's value changed: its error no longer applies. */
  const edited = (field: string) => setErrors((current) => (current[field] ? { ...current, [field]: '' } : current));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const input = { title, body, ...(distance ? { distance } : {}) };
    const checked = NewRecapSchema.safeParse(input);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      // The story's error is under the textarea: show it when it is the one at fault.
      if (found.body || found.title) setTab('write');
      return;
    }
    setErrors({});
    save.mutate(
      { eventId: race.id, body: input, editing: existing !== undefined },
      {
        onSuccess: (recap) => {
          toast({ title: existing ? 'Recap updated' : 'Recap published', description: existing ? 'Your changes are saved.' : `Your recap of ${race.title} is live.` });
          void navigate(`/recaps/${recap.id}`);
        },
        onError: (error) => {
          const fields = bodyFieldErrors(error);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else setFailure(errorMessage(error));
        },
      },
    );
  };

  const onDelete = () =>
    remove.mutate(existing!, {
      onSuccess: () => toast({ title: 'Recap deleted', description: `Your recap of ${race.title} is gone.` }),
      onError: (error) => toast({ title: 'Could not delete the recap', description: errorMessage(error), variant: 'destructive' }),
      onSettled: () => setConfirming(false),
    });

  const distanceOptions = [{ value: '', label: 'Not saying' }, ...race.distances.map((value) => ({ value, label: value }))];
  const writePanel = (
    <div className="form-page__form">
      <TextAreaField
        label="Your story"
        required
        rows={14}
        value={body}
        onChange={(value) => {
          setBody(value);
          edited('body');
        }}
        error={errors.body}
        hint={
          <span className={length < RECAP_BODY_MIN ? 'recap-count recap-count--short' : 'recap-count'}>
            {length.toLocaleString('en-US')} / {RECAP_BODY_MAX.toLocaleString('en-US')} characters
            {length < RECAP_BODY_MIN ? ` · at least ${RECAP_BODY_MIN - length} more to go` : ''}. Leave a blank line between paragraphs.
          </span>
        }
      />
    </div>
  );
  const previewPanel = (
    <div className="recap-preview">
      <p className="recap-preview__title">{title.trim() || 'Your title'}</p>
      {body.trim() ? <RecapText body={body} /> : <p className="recap-preview__empty">Nothing to preview yet: write your story first.</p>}
    </div>
  );

  return (
    <form className="form-page__section" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId} className="community-heading">
        2. {existing ? 'Edit your recap of' : 'Write about'} {race.title}
      </h2>
      {existing ? (
        <p className="form-page__notice">
          You wrote this recap on {new Date(existing.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}: one recap per race, so your changes replace it.{' '}
          <Link to={`/recaps/${existing.id}`}>See it published</Link>
        </p>
      ) : null}
      {failure ? (
        <Alert tone="error" title="Your recap was not saved">
          {failure}
        </Alert>
      ) : null}
      <TextField
        label="Title"
        required
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          edited('title');
        }}
        error={errors.title}
        hint={`${title.trim().length} / ${RECAP_TITLE_MAX} characters`}
        autoComplete="off"
      />
      {race.distances.length > 0 ? (
        <ChoiceField
          label="Distance you ran (optional)"
          value={distance}
          onChange={(value) => {
            setDistance(value);
            edited('distance');
          }}
          error={errors.distance}
          options={distanceOptions}
        />
      ) : null}
      <Tabs<EditorTab>
        label="Recap"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'write', label: 'Write', panel: writePanel },
          { id: 'preview', label: 'Preview', panel: previewPanel },
        ]}
      />
      <div className="form-page__actions">
        <Button type="submit" variant="primary" size="lg" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : existing ? 'Save Changes' : 'Publish Recap'}
        </Button>
        {existing ? (
          <Button variant="danger" size="lg" onClick={() => setConfirming(true)}>
            Delete Recap
          </Button>
        ) : null}
      </div>
      {confirming && existing ? (
        <ConfirmDeleteDialog title="Delete this recap?" busy={remove.isPending} onConfirm={onDelete} onCancel={() => setConfirming(false)}>
          <p>
            Your recap “{existing.title}” of {race.title} will be deleted for good. You can write a new one afterwards.
          </p>
        </ConfirmDeleteDialog>
      ) : null}
    </form>
  );
}
