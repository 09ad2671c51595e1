/** No defineEntity here: it adds index keys to items other modules own (review guards, votes, reports, recap guards). */
/**
 * A person's footprint in other partitions: the items that name a person in their sort key but live in an event's
 * partition (the guard of their review of a race, of their recap, their helpful votes and their reports) carry
 * GSI1 keys of the person's own, so everything of theirs outside `USER#<sub>` is found by one Query when their
 * account is deleted (lambdas/users/account-deletion-steps.ts), never by reading every event.
 *
 * | item kind                     | PK           | SK                     | GSI1                                  |
 * | review guard, recap guard     | EVENT#<eid>  | REVIEWER#<sub>, RECAPPER#<sub> | PERSON#<sub> / <PK>#<SK>      |
 * | helpful vote, review report   | EVENT#<eid>  | HELPFUL#<rid>#<sub>, REPORT#<rid>#<sub> | PERSON#<sub> / <PK>#<SK> |
 *
 * Items written before these keys existed get them from migration 0004-person-footprints.
 */
import { queryAll, queryPages, table } from '#lib/kit/table';
import { isConditionFailure } from '#lib/transactions';

export const personPartition = (sub: string) => `PERSON#${sub}`;

/** The GSI1 keys that list an item under the person it names. */
export function footprintKeys(sub: string, key: Readonly<{ PK: string; SK: string }>): { GSI1PK: string; GSI1SK: string } {
  return { GSI1PK: personPartition(sub), GSI1SK: `${key.PK}#${key.SK}` };
}

/** The kinds of footprint item, by the start of their sort key; the person's sub ends each sort key. */
export const FOOTPRINT_PREFIXES = ['REVIEWER#', 'RECAPPER#', 'HELPFUL#', 'REPORT#'] as const;
export type FootprintKind = (typeof FOOTPRINT_PREFIXES)[number];

/** The footprint kind of a sort key and the sub it names, or undefined for any other item of an event's partition. */
export function footprintOf(sk: string): { kind: FootprintKind; sub: string } | undefined {
  const kind = FOOTPRINT_PREFIXES.find((prefix) => sk.startsWith(prefix));
  if (!kind) return undefined;
  const sub = sk.slice(sk.lastIndexOf('#') + 1);
  return sub ? { kind, sub } : undefined;
}

/** Every footprint item of a person, a DynamoDB page at a time (GSI1, GSI1PK = PERSON#<sub>). */
export function footprintPages(sub: string): AsyncGenerator<Record<string, unknown>[]> {
  return queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :person',
    ExpressionAttributeValues: { ':person': personPartition(sub) },
  });
}

/** The first and last sort keys an event's footprint items can have: HELPFUL#, RECAPPER#, REPORT#, REVIEWER#. */
const FIRST = 'HELPFUL#';
const LAST = 'REVIEWER#\uffff';

/**
 * Gives the footprint items of one event's partition that lack them their person's keys (items written before the
 * keys existed: migration 0004-person-footprints); how many it changed. Reads only that part of the partition, keys only.
 */
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
