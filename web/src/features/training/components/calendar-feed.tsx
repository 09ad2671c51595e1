/**
 * A private calendar feed: turn it on, copy its address or open it in the calendar app (webcal:), give it a
 * new address or turn it off. Both of the last two break existing subscriptions, so each asks first.
 */
import { useState } from 'react';
import type { CalendarFeedKind } from '#shared/schemas/calendar-feed';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useCalendarFeed } from '../api/use-calendar-feed.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

type Confirming = 'replace' | 'off' | undefined;

export function CalendarFeed({ kind, what }: { kind: CalendarFeedKind; what: string }) {
  const { feed, create, remove } = useCalendarFeed(kind);
  const { toast } = useToast();
  const [confirming, setConfirming] = useState<Confirming>();

  if (feed.isLoading) return <LoadingBlock label="Loading your calendar feed" />;
  if (feed.isError) return <LoadErrorPanel title="Your calendar feed could not load" error={feed.error} retry={() => void feed.refetch()} />;

  const failed = (title: string) => (error: unknown) => toast({ title, description: errorMessage(error), variant: 'destructive' });
  const turnOn = (replacing: boolean) =>
    create.mutate(undefined, {
      onSuccess: () => {
        setConfirming(undefined);
        toast({ title: replacing ? 'New feed address ready' : 'Calendar feed on', description: replacing ? 'The old address no longer works.' : 'Add the address to your calendar app.' });
      },
      onError: failed('The calendar feed could not be changed'),
    });
  const turnOff = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(undefined);
        toast({ title: 'Calendar feed off', description: 'Its address no longer works.' });
      },
      onError: failed('The calendar feed could not be turned off'),
    });

  const path = feed.data?.path;
  if (!path) {
    return (
      <div className="calendar-feed">
        <p>
          Subscribe to {what} in Google Calendar, Apple Calendar or Outlook: each workout appears on its day, in your units, and
          follows the plan as it changes. The address is private to you; you can replace it or turn it off at any time.
        </p>
        <div className="training-actions">
          <Button variant="primary" onClick={() => turnOn(false)} disabled={create.isPending}>
            Turn on calendar feed
          </Button>
        </div>
      </div>
    );
  }

  const url = `${window.location.origin}${path}`;
  const webcal = url.replace(/^https?:/, 'webcal:');
  const copy = () =>
    void navigator.clipboard?.writeText(url).then(
      () => toast({ title: 'Feed address copied', description: 'Paste it where your calendar app adds a calendar from a URL.' }),
      () => toast({ title: 'Copy failed', description: 'Your browser did not allow it. Select the address and copy it.', variant: 'destructive' }),
    );
  return (
    <div className="calendar-feed">
      <TextField
        label="Private feed address"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        hint={`On since ${formatEventDate(feed.data!.createdAt!.slice(0, 10))}. Anyone with this address can see ${what}: keep it to yourself.`}
      />
      <div className="training-actions">
        <Button variant="primary" onClick={copy}>
          Copy address
        </Button>
        <a className="btn btn--secondary" href={webcal}>
          Open in calendar app
        </a>
        <Button onClick={() => setConfirming('replace')}>New address</Button>
        <Button variant="danger" onClick={() => setConfirming('off')}>
          Turn off
        </Button>
      </div>
      {confirming === 'replace' ? (
        <ConfirmDialog title="Give the feed a new address?" confirmText="Make new address" busy={create.isPending} onConfirm={() => turnOn(true)} onCancel={() => setConfirming(undefined)}>
          <p>The current address stops working at once. Calendars subscribed to it stop updating until you add the new one.</p>
        </ConfirmDialog>
      ) : null}
      {confirming === 'off' ? (
        <ConfirmDialog title="Turn off the calendar feed?" confirmText="Turn off" busy={remove.isPending} onConfirm={turnOff} onCancel={() => setConfirming(undefined)}>
          <p>Its address stops working at once, and calendars subscribed to it stop updating. You can turn it on again later with a new address.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
