/**
 * A person's footprint (lambdas/data/person-footprint.ts): the guards of their reviews and recaps, their helpful
 * votes and their reports, stored in events' partitions before those items carried the person's GSI1 keys, get
 * them, so deleting an account finds them by one Query. A step takes a page of every event (GSI3 EVENTS) and reads
 * only the part of each event's partition where those items sort (HELPFUL# to REVIEWER#~, keys only).
 */
import { addFootprints } from '#data/person-footprint';
import { eventPageStep } from './event-page-step.ts';
import type { Migration } from './migration.ts';

const EVENTS_IN_FLIGHT = 8;

export const personFootprints: Migration = {
  id: '0004-person-footprints',
  summary: 'Review and recap guards, helpful votes and reports are listed under the person they name (for account deletion)',
  step: (cursor) => eventPageStep(cursor, (event) => addFootprints(String(event.PK)), EVENTS_IN_FLIGHT),
};
