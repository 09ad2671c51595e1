/**
 * Calendar feeds a calendar app subscribes to. `FeedAddress` shows an address to copy or open in the calendar
 * app (webcal:); `CalendarFeed` is an athlete's private feed of one kind: turn it on, copy its address, give it
 * a new address or turn it off. Both of the last two break existing subscriptions, so each asks first.
 */
import { useState, type ReactNode } from 'react';
import type { CalendarFeedKind } from '#shared/schemas/calendar-feed';
import { errorMessage } from '../lib/api-error.ts';
import { formatEventDate } from '../lib/event-format.ts';
import { useCalendarFeed } from '../lib/use-calendar-feed.ts';
import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { TextField } from './field.tsx';
import { LoadErrorPanel } from './load-error-panel.tsx';
import { LoadingBlock } from './spinner.tsx';
import { useToast } from './toast.tsx';
import './calendar-feed.css';

/** The calendar apps every feed's text names. */
export const CALENDAR_APPS = 'Google Calendar, Apple Calendar or Outlook';

/** The webcal: form of a feed's http(s) address: calendar apps open it as a subscription. */
export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');

/** A feed's full address (read-only, selected on focus), Copy and Open in calendar app, and any further actions. */
export function FeedAddress({ label, url, hint, children }: { label: string; url: string; hint: ReactNode; children?: ReactNode }) {
  const { toast } = useToast();
  const copy = () =>
    void navigator.clipboard?.writeText(url).then(
      () => toast({ title: 'Feed address copied', description: 'Paste it where your calendar app adds a calendar from a URL.' }),
      () => toast({ title: 'Copy failed', description: 'Your browser did not allow it. Select the address and copy it.', variant: 'destructive' }),
    );
  return (
    <>
      <TextField label={label} readOnly value={url} onFocus={(event) => event.currentTarget.select()} hint={hint} />
      <div className="calendar-feed__actions">
        <Button variant="primary" onClick={copy}>
          Copy address
        </Button>
        <a className="btn btn--secondary" href={webcalUrl(url)}>
          Open in calendar app
        </a>
        {children}
      </div>
    </>
  );
}

type Confirming = 'replace' | 'off' | undefined;

export interface CalendarFeedProps {
  kind: CalendarFeedKind;
  /** What the feed holds, in the sentences' words: 'your active plan'. */
  what: string;
  /** What subscribing gives, after 'Subscribe to <what> in <the apps>:': 'each workout appears on its day…'. */
  gives: string;
}

export function CalendarFeed({ kind, what, gives }: CalendarFeedProps) {
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
        <p>{`Subscribe to ${what} in ${CALENDAR_APPS}: ${gives} The address is private to you; you can replace it or turn it off at any time.`}</p>
        <div className="calendar-feed__actions">
          <Button variant="primary" onClick={() => turnOn(false)} disabled={create.isPending}>
            Turn on calendar feed
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="calendar-feed">
      <FeedAddress
        label="Private feed address"
        url={`${window.location.origin}${path}`}
        hint={`On since ${formatEventDate(feed.data!.createdAt!.slice(0, 10))}. Anyone with this address can see ${what}: keep it to yourself.`}
      >
        <Button onClick={() => setConfirming('replace')}>New address</Button>
        <Button variant="danger" onClick={() => setConfirming('off')}>
          Turn off
        </Button>
      </FeedAddress>
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
