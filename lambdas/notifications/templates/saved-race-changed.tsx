/**
 * A race the reader saved changed what they planned around: its day, start time, place, status or registration
 * link. Each change reads 'now ... (was ...)', on the race's own clock. A reader with a training plan still built
 * for the old day is pointed to it (reader-facts.ts finds those plans).
 */
import type { ReactNode } from 'react';
import { formatRaceStart } from '#shared/race-start-format';
import type { NotificationRace, RaceChange } from '#shared/schemas/notifications';
import { longDate, placeOf, titleForSubject } from './format.ts';
import { Facts, InlineLink, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';
import { RaceFacts } from './race-facts.tsx';

const CHANGE_NAMES: Readonly<Record<RaceChange['field'], string>> = {
  date: 'date',
  startTime: 'start time',
  place: 'place',
  status: 'status',
  registrationUrl: 'registration link',
};

/** 'new date and start time'. */
function changedWhat(changes: readonly RaceChange[]): string {
  const names = changes.map((change) => CHANGE_NAMES[change.field]);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

function changeLine(change: RaceChange, race: NotificationRace, changes: readonly RaceChange[]): [string, ReactNode] {
  switch (change.field) {
    case 'date':
      return ['Date', `now ${longDate(change.to)} (was ${longDate(change.from)})`];
    case 'startTime': {
      // The old start is read on the day it was set for: the zone's abbreviation may differ across a DST change.
      const oldDay = changes.find((other) => other.field === 'date')?.from ?? race.eventDate;
      const now = change.to ? formatRaceStart({ ...race, startTime: change.to }) : 'not announced';
      const was = change.from ? formatRaceStart({ eventDate: oldDay, startTime: change.from, timeZone: race.timeZone }) : 'not announced';
      return ['Start time', `now ${now} (was ${was})`];
    }
    case 'place':
      return ['Place', `now ${placeOf(change.to)} (was ${placeOf(change.from)})`];
    case 'status':
      return ['Status', change.to === 'cancelled' ? 'Cancelled' : 'Postponed'];
    case 'registrationUrl':
      return ['Registration', <InlineLink href={change.to}>{change.to}</InlineLink>];
  }
}

/** 'Your training plan “Boulder 10K · 10K” still builds to Saturday, May 3, 2027. Move it to the new date.' */
function PlanToMove({ plan, href }: { plan: { name: string; date: string }; href: string }) {
  return (
    <Paragraph>
      Your training plan “{plan.name}” still builds to {longDate(plan.date)}. <InlineLink href={href}>Move it to the new date</InlineLink>
    </Paragraph>
  );
}

export const savedRaceChanged: Template<'saved-race-changed'> = (data, { url, reader }) => {
  const { race, changes, plans = [] } = data;
  const status = changes.find((change) => change.field === 'status')?.to;
  const title = titleForSubject(race.title);
  const what = changedWhat(changes);
  const planLine = plans.length === 0 ? '' : plans.length === 1 ? ' Your training plan for it still builds to the old date.' : ' Your training plans for it still build to the old date.';
  return {
    subject: status ? `${title} is ${status}` : `${title}: new ${what}`,
    preview: status ? `The organizer says ${race.title} is ${status}.${planLine}` : `${race.title} has a new ${what}.${planLine}`,
    heading: status === 'cancelled' ? 'A race you saved is cancelled' : status === 'postponed' ? 'A race you saved is postponed' : 'A race you saved changed',
    action: { label: 'See the race', href: url(`/events/${race.id}`) },
    body: (
      <>
        <Paragraph>
          {status
            ? `${race.title} is ${status}. Check the race's page and the organizer's site for what happens to registrations.`
            : `${race.title} has a new ${what}. Here is what changed:`}
        </Paragraph>
        <Facts facts={changes.map((change) => changeLine(change, race, changes))} />
        {plans.map((plan) => (
          <PlanToMove key={plan.id} plan={plan} href={url(`/training/plans/${plan.id}`)} />
        ))}
        <RaceFacts race={race} unit={reader.unit} />
      </>
    ),
    because: `you saved ${race.title}`,
  };
};
