/**
 * Which event each imported race became, and which event each normalized title/date/place names, so an
 * import finds its own races again without reading the catalogue and never lists one race twice.
 *
 * | item          | PK                                | SK     | GSI4 (a source's races by date)           |
 * | source lookup | IMPORTED#<source>#<sourceId>      | LOOKUP | IMPORTED#<source> / <eventDate>#<sourceId> |
 * | match key     | MATCH#<digest of the match key>   | MATCH  |                                           |
 *
 * A lookup holds the event id, a digest of every imported field as the source last sent them (`hash`), the
 * job that last wrote it with the page and the outcome it counted (so a page task retried after a timeout
 * counts what its first attempt wrote, not 'repeated'), whether the source said cancelled then, and whether
 * it is `linked`: pointed at an
 * event another source (or another listing) created, which this source never edits. It is written in the
 * same transaction as its event's write (createEvent / updateEvent with extra items), and only then, so an
 * unchanged race costs reads only. The match item names the event an import created for a match key
 * (lambdas/imports/normalize/match-key.ts); events from outside imports are found by their verified
 * state-and-date index instead (GSI2).
 *
 * Access patterns (docs/data-model.md): a race's lookup (table, PK = IMPORTED#<source>#<sourceId>, BatchGet); a source's
 * races in a date range (GSI4, GSI4PK = IMPORTED#<source>, GSI4SK between dates); the event of a match key
 * (table, PK = MATCH#<digest>, BatchGet).
 */
import { createHash } from 'node:crypto';
import type { ExtraTransactItems } from '#data/event';
import { batchGetItems } from '#lib/kit/batch-get';
import { queryPages, table } from '#lib/kit/table';

/** What an import counted for a race it wrote. */
export type WrittenOutcome = 'created' | 'updated' | 'unchanged' | 'flagged';
const WRITTEN_OUTCOMES: readonly string[] = ['created', 'updated', 'unchanged', 'flagged'] satisfies WrittenOutcome[];

export interface SourceLookup {
  readonly source: string;
  readonly sourceId: string;
  readonly eventId: string;
  readonly hash: string;
  readonly jobId: string;
  /** The page of jobId that wrote it and what that page counted; absent on lookups written before they were kept. */
  readonly jobPage?: number;
  readonly jobOutcome?: WrittenOutcome;
  readonly eventDate: string;
  readonly state: string;
  readonly cancelled: boolean;
  readonly linked: boolean;
}

export const lookupKey = (source: string, sourceId: string) => ({ PK: `IMPORTED#${source}#${sourceId}`, SK: 'LOOKUP' });
const sourcePartition = (source: string) => `IMPORTED#${source}`;

/** Match keys can be long free text: the item key is a digest of it. */
export const matchItemKey = (matchKey: string) => ({
  PK: `MATCH#${createHash('sha256').update(matchKey).digest('base64url').slice(0, 32)}`,
  SK: 'MATCH',
});

function fromLookupItem(item: Record<string, unknown>): SourceLookup {
  return {
    source: String(item.source),
    sourceId: String(item.sourceId),
    eventId: String(item.eventId),
    hash: String(item.hash),
    jobId: String(item.jobId),
    ...(typeof item.jobPage === 'number' ? { jobPage: item.jobPage } : {}),
    ...(WRITTEN_OUTCOMES.includes(String(item.jobOutcome)) ? { jobOutcome: item.jobOutcome as WrittenOutcome } : {}),
    eventDate: String(item.eventDate),
    state: String(item.state),
    cancelled: item.cancelled === true,
    linked: item.linked === true,
  };
}

/** Strongly consistent BatchGet of whole items by key, unprocessed keys asked for again (lib/kit/batch-get.ts). */
const batchGet = (keys: readonly Record<string, string>[]) => batchGetItems(keys, { consistent: true });

/** The lookups of these races of one source that exist, by source id. */
export async function getLookups(source: string, sourceIds: readonly string[]): Promise<Map<string, SourceLookup>> {
  const items = await batchGet([...new Set(sourceIds)].map((id) => lookupKey(source, id)));
  return new Map(items.map((item) => [String(item.sourceId), fromLookupItem(item)]));
}

export async function getLookup(source: string, sourceId: string): Promise<SourceLookup | undefined> {
  const { Item } = await table.get({ Key: lookupKey(source, sourceId), ConsistentRead: true });
  return Item ? fromLookupItem(Item) : undefined;
}

/** The event id each of these match keys names, for those that have a match item. */
export async function getMatchedEventIds(matchKeys: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(matchKeys)];
  const byPk = new Map(unique.map((key) => [matchItemKey(key).PK, key]));
  const items = await batchGet(unique.map(matchItemKey));
  return new Map(items.map((item) => [byPk.get(String(item.PK))!, String(item.eventId)]));
}

/**
 * The lookup's Put for a transaction. `expect` is what the writer read: no lookup (it must still be absent,
 * so two pages creating the same race cannot both succeed) or the lookup with this hash and event.
 */
export function lookupPut(lookup: SourceLookup, expect: Pick<SourceLookup, 'hash' | 'eventId'> | undefined): ExtraTransactItems[number] {
  return {
    Put: {
      Item: {
        ...lookupKey(lookup.source, lookup.sourceId),
        entity: 'import-lookup',
        ...lookup,
        GSI4PK: sourcePartition(lookup.source),
        GSI4SK: `${lookup.eventDate}#${lookup.sourceId}`,
      },
      ...(expect
        ? {
            ConditionExpression: '#hash = :hash AND eventId = :eventId',
            ExpressionAttributeNames: { '#hash': 'hash' },
            ExpressionAttributeValues: { ':hash': expect.hash, ':eventId': expect.eventId },
          }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  };
}

/** The match item's Put: claims a match key for a new event (or takes it over from one that is gone). */
export function matchPut(matchKey: string, eventId: string, staleEventId: string | undefined): ExtraTransactItems[number] {
  return {
    Put: {
      Item: { ...matchItemKey(matchKey), entity: 'import-match', eventId },
      ...(staleEventId
        ? { ConditionExpression: 'eventId = :stale', ExpressionAttributeValues: { ':stale': staleEventId } }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  };
}

/** A source's lookups of races dated from..to (inclusive), optionally in one state. */
export async function lookupsInRange(source: string, range: { readonly from: string; readonly to: string; readonly state?: string }): Promise<SourceLookup[]> {
  const found: SourceLookup[] = [];
  const pages = queryPages({
    IndexName: 'GSI4',
    KeyConditionExpression: 'GSI4PK = :pk AND GSI4SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': sourcePartition(source),
      ':from': `${range.from}#`,
      ':to': `${range.to}#\uffff`,
      ...(range.state ? { ':state': range.state } : {}),
    },
    ...(range.state ? { FilterExpression: '#state = :state', ExpressionAttributeNames: { '#state': 'state' } } : {}),
  });
  for await (const items of pages) found.push(...items.map(fromLookupItem));
  return found;
}
