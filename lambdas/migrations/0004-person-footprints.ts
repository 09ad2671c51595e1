/**
 * A person's footprint (lambdas/data/person-footprint.ts): the guards of their reviews and recaps, their helpful
 * votes and their reports, stored in events' partitions before those items carried the person's GSI1 keys, get
 * them, so deleting an account finds them by one Query. A step takes a page of every event (GSI3 EVENTS) and reads
 * only the part of each event's partition where those items sort (HELPFUL# to REVIEWER#~, keys only).
 */
import { storedEventPage } from '#data/event';
import { addFootprints } from '#data/person-footprint';
import { inParallel } from '#lib/kit/batch-write';
import { MIGRATION_PAGE, type Migration } from './migration.ts';

const EVENTS_IN_FLIGHT = 8;

export const personFootprints: Migration = {
  id: '0004-person-footprints',
  summary: 'Review and recap guards, helpful votes and reports are listed under the person they name (for account deletion)',
  async step(cursor) {
    const page = await storedEventPage(cursor, MIGRATION_PAGE);
    let changed = 0;
    await inParallel(page.items, EVENTS_IN_FLIGHT, async (event) => {
      changed += await addFootprints(String(event.PK));
    });
    return { changed, ...(page.nextCursor ? { cursor: page.nextCursor } : {}) };
  },
};
