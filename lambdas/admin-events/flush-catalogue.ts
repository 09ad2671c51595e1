/**
 * FLUSH DATABASE (spec 001, super admins): deletes every event, each with its search postings, admin index
 * items and counts in its own transaction through the event store, walking the admin index (GSI1
 * ADMIN#EVENTS, newest first) rather than scanning. One request does bounded work (FLUSH_WORK_MS, well under
 * API Gateway's 30 s and the route's timeout) and answers what it deleted and what remains; the screen
 * repeats it, showing progress, until nothing remains. Stopping half-way leaves whole events, never parts.
 */
import type { FlushResult } from '#shared/schemas/admin-events';
import { table } from '#lib/kit/table';
import { deleteEventImageFiles } from '#lib/media-bucket';
import { ADMIN_ALL_PARTITION, ROW_PARTITION_INDEX } from '#data/admin-event-index';
import { deleteEvent, EVENT_COUNTERS_KEY, EventNotFoundError, EventWriteConflictError } from '#data/event';

/** Work one request may do before it answers. */
export const FLUSH_WORK_MS = 20_000;
/** Events read from the index per round. */
const ROUND = 50;
const IN_FLIGHT = 4;
const INDEX = ROW_PARTITION_INDEX.all;

async function eventIds(limit: number): Promise<string[]> {
  const { Items } = await table.query({
    IndexName: INDEX,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': `${INDEX}PK`, '#id': 'id' },
    ExpressionAttributeValues: { ':pk': ADMIN_ALL_PARTITION },
    ProjectionExpression: '#id',
    Limit: limit,
  });
  return (Items ?? []).map((item) => item.id as string);
}

/** Deletes one event; false when it could not be deleted this time (changed meanwhile: the next round retries it). */
async function deleteOne(id: string): Promise<boolean> {
  try {
    // Its images' files go after it: once the event is gone nothing names them.
    await deleteEventImageFiles(await deleteEvent(id));
    return true;
  } catch (error) {
    if (error instanceof EventNotFoundError || error instanceof EventWriteConflictError) return false;
    throw error;
  }
}

export async function flushEvents(workMs = FLUSH_WORK_MS): Promise<FlushResult> {
  const until = Date.now() + workMs;
  let deleted = 0;
  let stalled = 0;
  while (Date.now() < until && stalled < 3) {
    const ids = await eventIds(ROUND);
    if (ids.length === 0) break;
    let next = 0;
    let round = 0;
    const worker = async () => {
      while (next < ids.length && Date.now() < until) {
        if (await deleteOne(ids[next++] as string)) round += 1;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    deleted += round;
    stalled = round === 0 ? stalled + 1 : 0;
  }
  const [more] = await eventIds(1);
  if (more === undefined) return { deleted, remaining: 0 };
  const { Item } = await table.get({ Key: EVENT_COUNTERS_KEY, ProjectionExpression: '#t', ExpressionAttributeNames: { '#t': 'total' } });
  // The counter says how many; the index says whether any: never report 0 while one is left.
  return { deleted, remaining: Math.max(1, Number(Item?.total ?? 0)) };
}
