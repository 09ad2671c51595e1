/** No defineEntity here: its items carry no `entity` tag and have no zod schema, and adding either would change the stored items. */
/**
 * Private calendar feeds. A calendar app cannot sign in, so the feed's URL carries the secret: 256 random bits.
 * The athlete can give the feed a new URL (the old one stops working at once) or turn it off.
 *
 * | item         | PK               | SK              | attributes            |
 * | athlete feed | USER#<sub>       | CALFEED#<kind>  | token, createdAt      |
 * | token        | CALFEED#<token>  | CALFEED         | sub, kind, createdAt  |
 *
 * The token item is what a feed request reads (one GetItem); the athlete's item is how they find their URL
 * again and what a replacement or revocation deletes through. Both change in one transaction, conditioned on
 * the token the caller read, so two replacements at once cannot leave a live token nobody can revoke.
 *
 * Access patterns (docs/data-model.md): the athlete's feed of a kind (table, PK = USER#<sub>, SK = CALFEED#<kind>); a
 * feed by its token (table, PK = CALFEED#<token>).
 */
import { randomBytes } from 'node:crypto';
import { calendarFeedPath, type CalendarFeed, type CalendarFeedKind } from '#shared/schemas/calendar-feed';
import { table } from '#lib/kit/table';
import { refuseLostRace, transact } from '#lib/kit/transact';
import { ConflictError, NotFoundError } from '#lib/errors';

const athleteFeedKey = (sub: string, kind: CalendarFeedKind) => ({ PK: `USER#${sub}`, SK: `CALFEED#${kind}` });
const tokenKey = (token: string) => ({ PK: `CALFEED#${token}`, SK: 'CALFEED' });

interface StoredFeed {
  readonly token: string;
  readonly createdAt: string;
}

const newToken = () => randomBytes(32).toString('base64url');

async function storedFeed(sub: string, kind: CalendarFeedKind): Promise<StoredFeed | undefined> {
  const { Item } = await table.get({ Key: athleteFeedKey(sub, kind), ConsistentRead: true });
  return typeof Item?.token === 'string' ? { token: Item.token, createdAt: String(Item.createdAt) } : undefined;
}

const feedOf = (kind: CalendarFeedKind, stored: StoredFeed | undefined): CalendarFeed => ({
  kind,
  path: stored ? calendarFeedPath(kind, stored.token) : null,
  createdAt: stored?.createdAt ?? null,
});

export async function getCalendarFeed(sub: string, kind: CalendarFeedKind): Promise<CalendarFeed> {
  return feedOf(kind, await storedFeed(sub, kind));
}

/** The athlete's item, kept only if it still holds the token read (or, when there was none, is still absent). */
function unchangedCondition(previous: StoredFeed | undefined) {
  return previous
    ? { ConditionExpression: '#token = :previous', ExpressionAttributeNames: { '#token': 'token' }, ExpressionAttributeValues: { ':previous': previous.token } }
    : { ConditionExpression: 'attribute_not_exists(PK)' };
}

const CHANGED_MEANWHILE = 'Your calendar feed was changed in another window. Reload to see its address.';

/** Turns the feed on, or gives it a new address: the previous token item goes in the same transaction. */
export async function createCalendarFeed(sub: string, kind: CalendarFeedKind, now = new Date()): Promise<CalendarFeed> {
  const previous = await storedFeed(sub, kind);
  const next: StoredFeed = { token: newToken(), createdAt: now.toISOString() };
  await transact(
    () => [
      { Put: { Item: { ...athleteFeedKey(sub, kind), ...next }, ...unchangedCondition(previous) } },
      { Put: { Item: { ...tokenKey(next.token), sub, kind, createdAt: next.createdAt }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ...(previous ? [{ Delete: { Key: tokenKey(previous.token) } }] : []),
    ],
    refuseLostRace(() => new ConflictError(CHANGED_MEANWHILE)),
  );
  return feedOf(kind, next);
}

/** Turns the feed off; turning off a feed that is off is done already. */
export async function deleteCalendarFeed(sub: string, kind: CalendarFeedKind): Promise<void> {
  const previous = await storedFeed(sub, kind);
  if (!previous) return;
  await transact(
    () => [
      { Delete: { Key: athleteFeedKey(sub, kind), ...unchangedCondition(previous) } },
      { Delete: { Key: tokenKey(previous.token) } },
    ],
    refuseLostRace(() => new ConflictError(CHANGED_MEANWHILE)),
  );
}

/** Whose feed of this kind a token opens; a 404 for a token that was never issued, was replaced or is off. */
export async function calendarFeedOwner(token: string, kind: CalendarFeedKind): Promise<string> {
  // Consistent: a feed turned off stops answering at once.
  const { Item } = await table.get({ Key: tokenKey(token), ConsistentRead: true });
  if (Item?.kind !== kind || typeof Item.sub !== 'string') throw new NotFoundError('This calendar feed is off or its address was replaced');
  return Item.sub;
}
