/** No defineEntity here: the entry is written only as one Put inside a caller's transaction and read by a coercing reader; the module stays zod-free (profile.ts, bundled by the sign-up trigger, imports it). */
/**
 * The platform's activity record: one item per decision that changes what someone may do or pays for (an
 * organizer application decided, a role changed, a promotion approved or rejected and refunded), written in the same transaction as the change, so the record can
 * never show a change that did not happen or miss one that did. /superadmin's recent activity reads it.
 *
 * | item     | PK       | SK                  | attributes                                        |
 * | activity | ACTIVITY | <at ISO time>#<id>  | kind, actorId, subjectId, summary; expires (TTL) a year on |
 *
 * One partition on purpose: admins make a few decisions a day, and "newest first" is one Query.
 */
import { batchGetItems } from '#lib/kit/batch-get';
import { decodeCursorText, encodeCursorText, invalidCursor } from '#lib/cursor';
import { monotonicFactory } from 'ulid';
import { TTL_ATTRIBUTE } from '#shared/table';
import { queryPages, table } from '#lib/kit/table';
import { DELETED_ACCOUNT_ID } from '#shared/schemas/account-deletion';
import type { TransactItem } from '#lib/kit/transact';

export const ACTIVITY_PK = 'ACTIVITY';
// Monotonic, so entries written in one transaction (a decision and the role change it makes) sort in the
// order they were made, newest first, rather than by the random part of two ids of the same millisecond.
const ulid = monotonicFactory();
const KEEP_SECONDS = 365 * 86_400;

export const ACTIVITY_KINDS = ['application-approved', 'application-denied', 'role-changed', 'promotion-approved', 'promotion-rejected', 'event-approved', 'event-sent-back', 'event-rejected'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface Activity {
  readonly id: string;
  readonly at: string;
  readonly kind: ActivityKind;
  /** Who acted (an admin's sub). */
  readonly actorId: string;
  /** Whom or what it was about (a user's sub). */
  readonly subjectId: string;
  /** One line a person reads: 'Approved the organizer application of Pine Valley Runners'. */
  readonly summary: string;
}

/** The activity item's Put, for the transaction of the change it records. */
export function activityPut(entry: Omit<Activity, 'id' | 'at'>, now: Date = new Date()): TransactItem {
  const at = now.toISOString();
  const id = ulid(now.getTime());
  return {
    Put: {
      Item: { PK: ACTIVITY_PK, SK: `${at}#${id}`, entity: 'activity', id, at, ...entry, [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + KEEP_SECONDS },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

const activityOf = (item: Record<string, unknown>): Activity => ({
  id: String(item.id),
  at: String(item.at),
  kind: item.kind as ActivityKind,
  actorId: String(item.actorId),
  subjectId: String(item.subjectId),
  summary: String(item.summary),
});

const ACTIVITY_PAGE_SIZE = 20;
const ACTIVITY_SORT_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9A-HJKMNP-TV-Z]{26}$/;

/** The e-mails of the people who acted, by sub (one BatchGet of their profiles; a deleted profile has none). */
async function actorEmails(subs: readonly string[]): Promise<Map<string, string>> {
  const profiles = await batchGetItems([...new Set(subs)].map((sub) => ({ PK: `USER#${sub}`, SK: 'PROFILE' })), { projection: 'id, email' });
  return new Map(profiles.map((item) => [String(item.id), String(item.email)]));
}

/** One page of the activity record, newest first, each entry with its actor's e-mail. */
export async function listActivity(cursor?: string): Promise<{ items: (Activity & { actorEmail?: string })[]; nextCursor?: string }> {
  let startKey: Record<string, unknown> | undefined;
  if (cursor) {
    const text = decodeCursorText(cursor);
    if (!ACTIVITY_SORT_KEY.test(text)) throw invalidCursor();
    startKey = { PK: ACTIVITY_PK, SK: text };
  }
  const { Items = [] } = await table.query({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': ACTIVITY_PK },
    ScanIndexForward: false,
    Limit: ACTIVITY_PAGE_SIZE + 1,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  });
  const page = Items.slice(0, ACTIVITY_PAGE_SIZE);
  const entries = page.map(activityOf);
  const emails = await actorEmails(entries.map((entry) => entry.actorId));
  const last = page.at(-1);
  return {
    items: entries.map((entry) => ({ ...entry, ...(emails.has(entry.actorId) ? { actorEmail: emails.get(entry.actorId)! } : {}) })),
    ...(Items.length > ACTIVITY_PAGE_SIZE && last ? { nextCursor: encodeCursorText(String(last.SK)) } : {}),
  };
}

/**
 * A deleted account in the activity record (lambdas/users/account-deletion-steps.ts): entries about them or by them
 * stay (what admins did is kept a year), naming no one, their e-mail taken out of the summary. Reads the one
 * partition with a filter: a year of admin decisions, not a table.
 */
export async function forgetActivityPerson(sub: string, email: string): Promise<void> {
  for await (const items of queryPages({
    KeyConditionExpression: 'PK = :activity',
    FilterExpression: 'subjectId = :sub OR actorId = :sub',
    ExpressionAttributeValues: { ':activity': ACTIVITY_PK, ':sub': sub },
  })) {
    for (const item of items) {
      const summary = String(item.summary).split(email).join('a former member');
      await table.update({
        Key: { PK: ACTIVITY_PK, SK: String(item.SK) },
        UpdateExpression: 'SET subjectId = :subject, actorId = :actor, summary = :summary',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':subject': item.subjectId === sub ? DELETED_ACCOUNT_ID : item.subjectId,
          ':actor': item.actorId === sub ? DELETED_ACCOUNT_ID : item.actorId,
          ':summary': summary,
        },
      });
    }
  }
}
