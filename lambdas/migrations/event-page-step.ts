/**
 * The step of a migration that looks at every event (0004, 0006): a page of the all-events index (GSI3 EVENTS),
 * each stored event item handed to `each`, a few at a time, which answers how many items it changed.
 */
import { storedEventPage } from '#data/event';
import { inParallel } from '#lib/kit/batch-write';
import { MIGRATION_PAGE, type MigrationStep } from './migration.ts';

export async function eventPageStep(
  cursor: string | undefined,
  each: (item: Readonly<Record<string, unknown>>) => Promise<number>,
  inFlight: number,
): Promise<MigrationStep> {
  const page = await storedEventPage(cursor, MIGRATION_PAGE);
  let changed = 0;
  await inParallel(page.items, inFlight, async (item) => {
    changed += await each(item);
  });
  return { changed, ...(page.nextCursor ? { cursor: page.nextCursor } : {}) };
}
