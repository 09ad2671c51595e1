/**
 * /training-journal (spec 001): the athlete's log with search (300 ms debounce), an activity filter and the
 * four sorts in the URL, Log Workout to create or edit, delete with a confirmation, pages loaded on demand,
 * and the log as a CSV file. 'No Workouts Yet' and 'No Matching Workouts' as the spec has them.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACTIVITY_LABELS, ACTIVITY_TYPES, LOG_SORTS, type LogSort, type TrainingLog } from '#shared/schemas/training-log';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ChoiceField } from '../../../components/form-fields.tsx';
import { PlusIcon } from '../../../components/icons.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useDeleteLog, useExportLog, useTrainingLogs, useUnits } from '../api/use-training.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import LogWorkoutDialog from '../components/log-workout-dialog.tsx';
import { useActivityImport } from '../api/use-activity-import.ts';
import { UnitsChoice } from '../components/units-choice.tsx';
import { WorkoutRow } from '../components/workout-row.tsx';
import { RecordingDetails } from '../components/recording-details.tsx';
import '../components/training.css';
import '../../../components/state-panel.css';
import type { PageGate } from '../../../components/role-gate.tsx';

/** The Strava section: a chunk of its own (with its CSS), loaded with the journal, not with the site. */
const StravaSection = lazy(() => import('../components/strava-section.tsx'));

const SORT_LABELS: Readonly<Record<LogSort, string>> = {
  date_desc: 'Newest first',
  date_asc: 'Oldest first',
  distance_desc: 'Longest distance',
  duration_desc: 'Longest time',
};
const SEARCH_DEBOUNCE_MS = 300;

function sortFrom(value: string | null): LogSort {
  return (LOG_SORTS as readonly string[]).includes(value ?? '') ? (value as LogSort) : 'date_desc';
}

/** Signed-in only (routes.tsx wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInText: 'Sign in to log your workouts and keep your training journal.',
  loadingLabel: 'Loading training journal...',
};

/** Loaded when opened: its pieces are shared with the upload code of other pages (see use-activity-import.ts). */
const ImportActivitiesDialog = lazy(() => import('../components/import-activities-dialog.tsx'));

export default function TrainingJournalPage() {
  useDocumentTitle('Training Journal');
  const { unit } = useUnits();
  const [params, setParams] = useSearchParams();
  const sort = sortFrom(params.get('sort'));
  const activity = params.get('activity') ?? '';
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const [editing, setEditing] = useState<TrainingLog | 'new' | undefined>();
  const [deleting, setDeleting] = useState<TrainingLog | undefined>();
  // The page owns the imports, so closing the dialog while files go in loses none of them.
  const imports = useActivityImport();
  const [importing, setImporting] = useState(false);
  const logs = useTrainingLogs({ q, activity, sort });
  const remove = useDeleteLog();
  const exportLog = useExportLog();
  const { toast } = useToast();

  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (typed === q) return;
    const timer = setTimeout(() => setParam('q', typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the wait
  }, [typed]);

  const items = logs.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(q || activity);

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: 'Workout Deleted', description: 'It is gone from your log and your stats.' }),
      onError: () => toast({ title: 'Failed to delete workout', description: 'Please try again.', variant: 'destructive' }),
      onSettled: () => setDeleting(undefined),
    });
  }

  let body;
  if (!unit) body = <UnitsChoice />;
  else if (logs.isLoading) body = <LoadingBlock label="Loading training journal..." />;
  else if (logs.isError && items.length === 0) body = <LoadErrorPanel title="Failed to load training logs" error={logs.error} retry={() => void logs.refetch()} />;
  else if (items.length === 0) {
    body = (
      <div className="state-panel">
        <h2 className="state-panel__title">{filtered ? 'No Matching Workouts' : 'No Workouts Yet'}</h2>
        <p className="state-panel__text">
          {filtered ? 'Try other words or another activity.' : 'Log your first workout, or import the runs your watch or phone recorded, to start your journal and your weekly stats.'}
        </p>
        {filtered ? null : (
          <div className="state-panel__actions">
            <Button variant="primary" onClick={() => setEditing('new')}>
              <PlusIcon size={18} />
              Log Workout
            </Button>
            <Button onClick={() => setImporting(true)}>Import Activities</Button>
          </div>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <ul className="workout-list" aria-label="Workouts" aria-busy={logs.isFetching}>
          {items.map((log) => (
            <WorkoutRow
              key={log.id}
              log={log}
              unit={unit}
              details={<RecordingDetails log={log} unit={unit} />}
              actions={
                <>
                  <Button size="sm" onClick={() => setEditing(log)} aria-label={`Edit the workout of ${log.logDate}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(log)} aria-label={`Delete the workout of ${log.logDate}`}>
                    Delete
                  </Button>
                </>
              }
            />
          ))}
        </ul>
        {logs.hasNextPage ? (
          <div className="training-more">
            <Button onClick={() => void logs.fetchNextPage()} disabled={logs.isFetchingNextPage}>
              {logs.isFetchingNextPage ? 'Loading…' : 'Show more workouts'}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Training"
        title="Training Journal"
        lede="Every workout you log, to search, sort, edit and export."
        actions={
          unit ? (
            <>
              <Button onClick={() => exportLog.mutate(undefined, { onError: (error) => toast({ title: 'Export failed', description: error.message, variant: 'destructive' }) })} disabled={exportLog.isPending}>
                Export Data
              </Button>
              <Button onClick={() => setImporting(true)}>{imports.busy ? 'Importing…' : 'Import Activities'}</Button>
              <Button variant="primary" onClick={() => setEditing('new')}>
                <PlusIcon size={18} />
                Log Workout
              </Button>
            </>
          ) : undefined
        }
      />
      <div className="container training-page">
        {unit ? (
          <Suspense fallback={null}>
            <StravaSection />
          </Suspense>
        ) : null}
        {unit ? (
          <div className="training-toolbar" role="search">
            <TextField label="Search workouts" type="search" placeholder="Notes, pace or activity" value={typed} onChange={(e) => setTyped(e.target.value)} />
            <ChoiceField label="Activity" value={activity} onChange={(value) => setParam('activity', value)} options={[{ value: '', label: 'All activities' }, ...ACTIVITY_TYPES.map((value) => ({ value, label: ACTIVITY_LABELS[value] }))]} />
            <ChoiceField label="Sort" value={sort} onChange={(value) => setParam('sort', value === 'date_desc' ? '' : value)} options={LOG_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))} />
          </div>
        ) : null}
        {body}
      </div>
      {importing ? (
        <Suspense fallback={null}>
          <ImportActivitiesDialog files={imports.files} busy={imports.busy} onFiles={imports.start} onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
      {editing && unit ? <LogWorkoutDialog log={editing === 'new' ? undefined : editing} unit={unit} onClose={() => setEditing(undefined)} /> : null}
      {deleting ? (
        <ConfirmDialog title="Delete this workout?" confirmText="Delete workout" busy={remove.isPending} onConfirm={confirmDelete} onCancel={() => setDeleting(undefined)}>
          <p>
            The {ACTIVITY_LABELS[deleting.activityType].toLowerCase()} workout of {deleting.logDate} leaves your log and your stats. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
