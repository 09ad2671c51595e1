/**
 * Grouped creates (an import's new races, #data/event createEventsTogether) against DynamoDB Local: the group
 * is committed in one transaction and its postings follow in batches. These tests hold the event store to
 * what that may cost: the finished result is the same as a single create's, a group whose postings could not
 * be written is never edited under them, and whoever finishes it (the job, a later sweep, an edit once its
 * writer is gone) leaves the index whole.
 *
 * The table is shared with other test files, so every check is pinned to this file's events (a marker word in
 * their titles, a year no other file uses) and to its own queue items.
 */
import { randomInt } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import { db, tableName } from '#lib/dynamo';
import { todayInNewYork } from '#shared/dates';
import { createEvent, createEventsTogether, deleteEvent, EventWriteConflictError, finishPendingIndexes, getEvent, updateEvent } from '#data/event';
import { adminIndexKeysOf } from '#data/admin-event-index';
import { INDEX_QUEUE_PK, INDEX_WRITER_LIMIT_MS } from '#data/index-queue';
import { postingKeysOf } from '#data/search-index';
import { searchEvents } from '../../lambdas/events/event-search.ts';
import { listAdminEvents } from '../../lambdas/admin-events/admin-event-list.ts';
import { testRaceEvent } from '../support/race-event.ts';

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');
const YEAR = 2051 + randomInt(15);
const today = todayInNewYork();

function newEvent(marker: string, index: number, fields: Partial<RaceEvent> = {}): RaceEvent {
  return testRaceEvent({ title: `${marker} Grouped Run ${index}`, eventDate: `${YEAR}-0${1 + (index % 9)}-1${index % 10}`, source: 'runsignup', ...fields });
}

async function storedItem(PK: string, SK: string) {
  return (await db.send(new GetCommand({ TableName: tableName, Key: { PK, SK }, ConsistentRead: true }))).Item;
}

/** Which of the event's index items (public postings, admin row and postings) are stored. */
async function storedIndexKeys(event: RaceEvent): Promise<{ present: string[]; missing: string[] }> {
  const keys = [...postingKeysOf(event), ...adminIndexKeysOf(event)];
  const present: string[] = [];
  const missing: string[] = [];
  for (const key of keys) ((await storedItem(key.PK, key.SK)) ? present : missing).push(`${key.PK}|${key.SK}`);
  return { present, missing };
}

/** This file's queue items: those naming any of these events. */
async function queueItemsOf(events: readonly RaceEvent[]) {
  const ids = new Set(events.map((event) => event.id));
  const { Items = [] } = await db.send(
    new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': INDEX_QUEUE_PK }, ConsistentRead: true }),
  );
  return Items.filter((item) => (item.eventIds as string[]).some((id) => ids.has(id)));
}

const pendingTicketOf = async (event: RaceEvent) => (await storedItem(`EVENT#${event.id}`, 'EVENT'))?.indexPending;

/** Makes this process's BatchWriteItem calls fail while installed: the postings of a group cannot be written. */
function failBatchWrites(): () => void {
  const name = `fail-batch-writes-${ulid()}`;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'BatchWriteItemCommand') throw Object.assign(new Error('injected: the batch did not arrive'), { name: 'InternalServerError' });
      return next(args);
    },
    { step: 'initialize', name },
  );
  return () => db.middlewareStack.remove(name);
}

/**
 * Creates the group while its postings cannot be written, as a writer that crashed right after its
 * transaction leaves it; `abandoned` dates it further back than any writer may live.
 */
async function createWithoutPostings(group: readonly RaceEvent[], { owner, abandoned = false }: { owner?: string; abandoned?: boolean }): Promise<void> {
  if (abandoned) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - INDEX_WRITER_LIMIT_MS - 60_000 });
  const restore = failBatchWrites();
  try {
    // The events are created: the failure is the postings', logged and left queued, not thrown.
    await createEventsTogether(group.map((event) => ({ event, extraItems: [] })), owner ? { owner } : {});
  } finally {
    restore();
    vi.useRealTimers();
  }
}

const wordSearch = async (word: string) => (await searchEvents({ q: word, from: `${YEAR}-01-01`, to: `${YEAR}-12-31` }, { today })).page.items.map((card) => card.id).sort();
const adminWordSearch = async (word: string) => (await listAdminEvents({ q: word })).page.items.map((row) => row.id).sort();
const ids = (events: readonly RaceEvent[]) => events.map((event) => event.id).sort();

afterEach(() => {
  vi.useRealTimers();
});

describe('events created together', () => {
  it('end up stored exactly like events created one at a time, with nothing left queued', async () => {
    const marker = `qz${letters(6)}`;
    const single = newEvent(marker, 0);
    const group = [1, 2, 3].map((index) => newEvent(marker, index));
    await createEvent(single);
    await createEventsTogether(group.map((event) => ({ event, extraItems: [] })), { owner: `job-${marker}` });

    for (const event of [single, ...group]) {
      const { missing } = await storedIndexKeys(event);
      expect(missing).toEqual([]);
      expect(await pendingTicketOf(event)).toBeUndefined();
      // The stored event reads back as written: nothing of the grouped path leaks into it.
      expect(await getEvent(event.id)).toEqual(event);
    }
    expect(await queueItemsOf(group)).toEqual([]);
    expect(await wordSearch(marker)).toEqual(ids([single, ...group]));
    expect(await adminWordSearch(marker)).toEqual(ids([single, ...group]));
  });

  it('whose postings could not be written are listed but refuse edits until their job finishes them', async () => {
    const marker = `qz${letters(6)}`;
    const owner = `job-${marker}`;
    const group = [1, 2].map((index) => newEvent(marker, index));
    await createWithoutPostings(group, { owner });

    for (const event of group) {
      expect(await getEvent(event.id)).toEqual(event);
      expect(await pendingTicketOf(event)).toEqual(expect.any(String));
      // The admin row was in the transaction; the postings were not written.
      expect(await storedItem(`EVENT#${event.id}`, 'ADMIN')).toBeDefined();
      expect((await storedIndexKeys(event)).present).toEqual([`EVENT#${event.id}|ADMIN`]);
    }
    const [queued] = await queueItemsOf(group);
    expect(queued).toMatchObject({ owner, eventIds: group.map((event) => event.id) });
    expect(await wordSearch(marker)).toEqual([]);

    // Its writer may still be at work: an edit or a delete is a conflict, and nothing changes.
    await expect(updateEvent(group[0]!.id, { title: `${marker} Renamed` })).rejects.toBeInstanceOf(EventWriteConflictError);
    await expect(deleteEvent(group[1]!.id)).rejects.toBeInstanceOf(EventWriteConflictError);
    // Nor does another job's sweep touch a young group that is not its own.
    await finishPendingIndexes(`job-someone-else-${marker}`);
    expect(await pendingTicketOf(group[0]!)).toEqual(expect.any(String));
    expect(await queueItemsOf(group)).toHaveLength(1);

    // The job's own last task finishes it: the index is whole and edits go through.
    await finishPendingIndexes(owner);
    for (const event of group) {
      expect((await storedIndexKeys(event)).missing).toEqual([]);
      expect(await pendingTicketOf(event)).toBeUndefined();
    }
    expect(await queueItemsOf(group)).toEqual([]);
    expect(await wordSearch(marker)).toEqual(ids(group));
    const renamed = await updateEvent(group[0]!.id, { title: `${marker} Renamed Run` });
    expect((await storedIndexKeys(renamed)).missing).toEqual([]);
    await deleteEvent(group[1]!.id);
    expect(await wordSearch(marker)).toEqual([renamed.id]);
  });

  it('left by a writer that is certainly gone are finished by an edit of one, and the sweep finishes the rest', async () => {
    const marker = `qz${letters(6)}`;
    const group = [1, 2].map((index) => newEvent(marker, index));
    // The group was written longer ago than any writer may live.
    await createWithoutPostings(group, { owner: `job-${marker}`, abandoned: true });
    expect(await pendingTicketOf(group[0]!)).toEqual(expect.any(String));

    // An admin's edit of one finishes its postings first, then edits it: the index follows the edit.
    const edited = await updateEvent(group[0]!.id, { city: 'Cheyenne' });
    expect(edited.city).toBe('Cheyenne');
    expect((await storedIndexKeys(edited)).missing).toEqual([]);
    expect(await pendingTicketOf(edited)).toBeUndefined();
    // The other event of the group still waits, and its queue item with it.
    expect(await pendingTicketOf(group[1]!)).toEqual(expect.any(String));
    expect(await queueItemsOf(group)).toHaveLength(1);

    // Any later sweep (the next import's first task) finishes a group whose writer is gone, whoever wrote it.
    await finishPendingIndexes(undefined);
    expect((await storedIndexKeys(group[1]!)).missing).toEqual([]);
    expect(await pendingTicketOf(group[1]!)).toBeUndefined();
    expect(await queueItemsOf(group)).toEqual([]);
    expect(await wordSearch(marker)).toEqual(ids(group));
    expect(await wordSearch('cheyenne')).toContain(edited.id);
  });

  it('skips an event deleted before its group was finished, and leaves no posting of it', async () => {
    const marker = `qz${letters(6)}`;
    const group = [1, 2].map((index) => newEvent(marker, index));
    await createWithoutPostings(group, { abandoned: true });
    await deleteEvent(group[0]!.id);
    await finishPendingIndexes(undefined);
    expect((await storedIndexKeys(group[0]!)).present).toEqual([]);
    expect((await storedIndexKeys(group[1]!)).missing).toEqual([]);
    expect(await queueItemsOf(group)).toEqual([]);
    expect(await wordSearch(marker)).toEqual([group[1]!.id]);
  });
});
