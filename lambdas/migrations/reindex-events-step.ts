/**
 * The step of a search index layout migration (0002, 0005, and the next layout's): each event of a page of the
 * all-events index (GSI3) is brought to this code's layout (event.ts reindexEvents), writing only the kinds changed
 * since its own; one at this layout, or that the layouts since change nothing for, is skipped, so a step run again
 * after a kill writes nothing twice.
 */
import { reindexEvents, storedEventPage } from '#data/event';
import { SEARCH_INDEX_PAGE, type MigrationStep } from './migration.ts';

export async function reindexEventsStep(cursor: string | undefined): Promise<MigrationStep> {
  const page = await storedEventPage(cursor, SEARCH_INDEX_PAGE);
  const changed = await reindexEvents(page.items);
  return { changed, ...(page.nextCursor ? { cursor: page.nextCursor } : {}) };
}
