/**
 * Whether a race goes ahead as listed (issue 24): scheduled, postponed (a new date to be announced), rescheduled
 * (moved, with the date it had before), cancelled, or virtual (run anywhere, on the runner's own course). Cards,
 * the event page, calendar feeds and messages to the people who saved a race all read it from here.
 *
 * Stored only when it is not 'scheduled': an event written before statuses existed reads as scheduled, which it is,
 * but for a race an import had flagged cancelled (migration 0006 marks those). `previousEventDate` belongs to a
 * rescheduled race alone and is set by the server (withStatusDates, on every write of the event store), never by a
 * client.
 */
import { formatIsoDate } from './date-format.ts';

export const EVENT_STATUSES = ['scheduled', 'postponed', 'rescheduled', 'cancelled', 'virtual'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** What a new event may be: the others describe a change to a race already listed. */
export const NEW_EVENT_STATUSES = ['scheduled', 'virtual'] as const satisfies readonly EventStatus[];

/** The choices of the event form's Race Status (owners and admins edit through it), in the order they read best. */
export const EVENT_STATUS_CHOICES: readonly { value: EventStatus; label: string; hint: string }[] = [
  { value: 'scheduled', label: 'Scheduled', hint: 'Going ahead on the date listed' },
  { value: 'rescheduled', label: 'Rescheduled', hint: 'Moved to a new date: change the event date, the old one is shown beside it' },
  { value: 'postponed', label: 'Postponed', hint: 'Not on the date listed; a new date is still to be announced' },
  { value: 'cancelled', label: 'Cancelled', hint: 'Will not take place' },
  { value: 'virtual', label: 'Virtual', hint: 'Run anywhere, on the runner’s own course' },
];

export interface StatusFacts {
  readonly eventDate: string;
  readonly status?: EventStatus;
  readonly previousEventDate?: string;
}

export const statusOf = (event: Pick<StatusFacts, 'status'>): EventStatus => event.status ?? 'scheduled';

/**
 * The status fields as the store keeps them after a write of `after` over `before`: no status when scheduled;
 * a rescheduled race whose date moves in this write keeps the date it moved from (a second move keeps the latest
 * one); any other status has no previous date.
 */
export function withStatusDates<T extends StatusFacts>(after: T, before?: StatusFacts): T {
  const { status, previousEventDate, ...rest } = after;
  if (!status || status === 'scheduled') return rest as T;
  if (status !== 'rescheduled') return { ...rest, status } as T;
  const moved = before && before.eventDate !== after.eventDate ? before.eventDate : (previousEventDate ?? before?.previousEventDate);
  return { ...rest, status, ...(moved ? { previousEventDate: moved } : {}) } as T;
}

/** Why a write may not mark a race rescheduled: it needs the new date, in the same edit or an earlier one. */
export const RESCHEDULE_NEEDS_DATE = 'A rescheduled race needs its new date: change the event date in the same edit';

/** Whether `after` is a rescheduled race without the date it moved from, which an edge refuses (RESCHEDULE_NEEDS_DATE). */
export function lacksPreviousDate(after: StatusFacts, before: StatusFacts): boolean {
  return statusOf(after) === 'rescheduled' && !withStatusDates(after, before).previousEventDate;
}

/** The few words that say a race is not simply scheduled (a calendar entry's first line), or undefined when it is. */
export function statusNote(event: StatusFacts): string | undefined {
  switch (statusOf(event)) {
    case 'scheduled':
      return undefined;
    case 'postponed':
      return 'Postponed: new date to be announced';
    case 'rescheduled':
      return event.previousEventDate ? `Rescheduled from ${formatIsoDate(event.previousEventDate)}` : 'Rescheduled';
    case 'cancelled':
      return 'Cancelled';
    case 'virtual':
      return 'Virtual race';
  }
}
