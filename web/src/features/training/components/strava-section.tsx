/**
 * The journal's Strava section (issue 25, docs/strava.md), a chunk of its own: not connected, Connect (to Strava's
 * authorize page); connected, as whom, when an activity last came in and how the 90-day history stands, and
 * Disconnect behind a confirmation (the entries already imported stay). Where the site has no Strava application
 * it says so instead of offering a button that cannot work.
 */
import { useId, useState } from 'react';
import type { StravaConnection } from '#shared/schemas/strava';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { countOf } from '#shared/plural';
import { useConnectStrava, useDisconnectStrava, useStravaConnection } from '../api/use-strava.ts';
// The panel's own look (.training-panel) comes with this chunk too, whichever page shows it.
import './training.css';
import './strava-section.css';

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function History({ connection }: { connection: Extract<StravaConnection, { connected: true }> }) {
  const { backfill } = connection;
  if (backfill.status === 'running') {
    return (
      <span className="strava-section__running">
        <Spinner size={14} label="Importing" /> Importing the last 90 days: {countOf(backfill.imported, 'activity', 'activities')} so far
      </span>
    );
  }
  return <>{backfill.imported > 0 ? `${countOf(backfill.imported, 'activity', 'activities')} from the 90 days before connecting` : 'Nothing from the 90 days before connecting'}</>;
}

export default function StravaSection() {
  const titleId = useId();
  const connection = useStravaConnection();
  const connect = useConnectStrava();
  const disconnect = useDisconnectStrava();
  const [confirming, setConfirming] = useState(false);
  const { toast } = useToast();
  const data = connection.data;

  let body;
  if (connection.isLoading) body = <p className="strava-section__text" role="status">Checking your Strava connection…</p>;
  else if (connection.isError || !data) {
    body = (
      <div className="strava-section__row">
        <p className="strava-section__text">Your Strava connection could not be loaded. {errorMessage(connection.error)}</p>
        <Button size="sm" onClick={() => void connection.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!data.connected && !data.available) {
    body = <p className="strava-section__text">Strava sync is not set up on this site yet.</p>;
  } else if (!data.connected) {
    body = (
      <div className="strava-section__row">
        <p className="strava-section__text">Bring the activities you record on Strava into this journal: the last 90 days at once, then each new one as it arrives. One you delete on Strava leaves here too.</p>
        <Button variant="primary" className="strava-section__connect" disabled={connect.isPending} onClick={() => connect.mutate(undefined, { onError: (error) => toast({ title: 'Strava could not be reached', description: errorMessage(error), variant: 'destructive' }) })}>
          {connect.isPending ? 'Opening Strava…' : 'Connect with Strava'}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="strava-section__row">
        <dl className="strava-section__facts">
          <div>
            <dt>Connected as</dt>
            <dd>{data.athleteName}</dd>
          </div>
          <div>
            <dt>Last sync</dt>
            <dd>{data.lastSyncAt ? dateTime.format(new Date(data.lastSyncAt)) : 'Nothing yet'}</dd>
          </div>
          <div>
            <dt>History</dt>
            <dd>
              <History connection={data} />
            </dd>
          </div>
        </dl>
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          Disconnect
        </Button>
      </div>
    );
  }

  return (
    <section className="training-panel strava-section" aria-labelledby={titleId}>
      <div className="strava-section__head">
        <h2 id={titleId} className="training-panel__title strava-section__title">
          Strava
        </h2>
        {data?.connected ? <span className="strava-section__pill">Connected</span> : null}
      </div>
      {body}
      {confirming && data?.connected ? (
        <ConfirmDialog
          title="Disconnect Strava?"
          confirmText="Disconnect"
          busy={disconnect.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            disconnect.mutate(undefined, {
              onSuccess: () => toast({ title: 'Strava disconnected', description: 'New activities will not come in. Those already imported stay in your journal.' }),
              onError: (error) => toast({ title: 'Strava was not disconnected', description: errorMessage(error), variant: 'destructive' }),
              onSettled: () => setConfirming(false),
            })
          }
        >
          <p>RaceFinder stops reading {data.athleteName}&apos;s activities and forgets its access to Strava. The workouts already imported stay in your journal; delete them there if you want them gone.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
