/**
 * Training load (issue 25): the month aggregates keep each day's load (lambdas/data/training-figures.ts), and every
 * log written since adds its own; the logs written before add theirs here. A step takes a page of profiles (GSI1
 * USERS) and counts each one's uncounted logs (countUncountedLoads: each log marked with the load it added, in the
 * same transaction), so a step run again after a kill, or racing an athlete's edit, counts nothing twice.
 */
import { storedProfilePage } from '#data/profile';
import { countUncountedLoads } from '#data/training-log';
import type { Migration } from './migration.ts';

/** Athletes a step counts: a page smaller than other migrations', since one athlete may have years of logs. */
const ATHLETES_PER_STEP = 25;

export const trainingLoad: Migration = {
  id: '0009-training-load',
  summary: 'Workouts logged before training load was kept add their load to their day’s aggregate',
  async step(cursor) {
    const page = await storedProfilePage(cursor, ATHLETES_PER_STEP);
    let changed = 0;
    for (const item of page.items) changed += await countUncountedLoads(String(item.PK).slice('USER#'.length));
    return { changed, ...(page.nextCursor ? { cursor: page.nextCursor } : {}) };
  },
};
