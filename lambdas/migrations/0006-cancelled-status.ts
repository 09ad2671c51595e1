/**
 * Races an import saw cancelled before events had a status (shared/event-status.ts) carry only the admin's flag
 * (reviewFlag 'cancelled', unlisted); this code reads a race without a status as scheduled, so an admin who lists
 * one again would show a cancelled race as going ahead. Each such event gets the status 'cancelled' through the
 * event store (its postings and admin row with it). A step takes a page of every event (GSI3 EVENTS) and writes
 * only those; one that has a status already is left alone, so a step run again after a kill writes nothing twice.
 */
import { eventPageStep } from './event-page-step.ts';
import { markCancelled } from './mark-cancelled.ts';
import type { Migration } from './migration.ts';

/** Events of a page written at once: the writes are rare and independent. */
const EVENTS_IN_FLIGHT = 4;

export const cancelledStatus: Migration = {
  id: '0006-cancelled-status',
  summary: 'Races an import saw cancelled before events had a status are marked cancelled',
  step: (cursor) => eventPageStep(cursor, async (item) => ((await markCancelled(item)) ? 1 : 0), EVENTS_IN_FLIGHT),
};
