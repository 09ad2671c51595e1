import { buildIcs, icsFileName } from '../../../../../shared/ics.ts';
import { raceCalendarEntry } from '../../../../../shared/race-calendar.ts';
import { addressLine } from './place-format.ts';
import type { EventDetail } from '../api/use-event.ts';

/**
 * The .ics file of an event page: the same entry as the race feeds' (its status, facts and links), with the full
 * address the page knows and the page's address as its URL, so the calendar entry links back.
 */
export function eventIcs(event: EventDetail, pageUrl: string, now = new Date()): string {
  return buildIcs({ ...raceCalendarEntry(event, new URL(pageUrl).origin), location: addressLine(event), url: pageUrl, now });
}

/** Saves the file through a temporary object URL (no server round trip; works offline). */
export function downloadIcs(event: EventDetail, pageUrl: string): void {
  const blob = new Blob([eventIcs(event, pageUrl)], { type: 'text/calendar;charset=utf-8' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = icsFileName(event.title);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
