/**
 * A person's footprint (lambdas/data/person-footprint.ts): the guards of their reviews and recaps, their helpful
 * votes and their reports, stored in events' partitions before those items carried the person's GSI1 keys, get
 * them, so deleting an account finds them by one Query. A step takes a page of every event (GSI3 EVENTS) and reads
 * only the part of each event's partition where those items sort (HELPFUL# to REVIEWER#~, keys only).
 */
import { storedEventPage } from '#data/event';
import { footprintKeys, footprintOf } from '#data/person-footprint';
import { inParallel } from '#lib/kit/batch-write';
import { queryAll, table } from '#lib/kit/table';
import { isConditionFailure } from '#lib/transactions';
import { MIGRATION_PAGE, type Migration } from './migration.ts';

/** The first and last sort keys an event's footprint items can have: HELPFUL#, RECAPPER#, REPORT#, REVIEWER#. */
const FIRST = 'HELPFUL#';
const LAST = 'REVIEWER#\uffff';
const EVENTS_IN_FLIGHT = 8;

/** Gives the footprint items of one event's partition that lack them their person's keys; how many it changed. */
export async function addFootprints(eventPk: string): Promise<number> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :last',
    ExpressionAttributeValues: { ':pk': eventPk, ':first': FIRST, ':last': LAST },
    ProjectionExpression: 'PK, SK, GSI1PK',
  });
  let changed = 0;
  for (const item of items) {
    const footprint = footprintOf(String(item.SK));
    if (!footprint || item.GSI1PK !== undefined) continue;
    const key = { PK: String(item.PK), SK: String(item.SK) };
    const keys = footprintKeys(footprint.sub, key);
    try {
      await table.update({
        Key: key,
        UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk',
        // Not an item deleted since it was read: an update would bring back a bare copy of its keys.
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':pk': keys.GSI1PK, ':sk': keys.GSI1SK },
      });
      changed += 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return changed;
}

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
