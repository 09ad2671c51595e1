/** No defineEntity here: subscriber, token and counter items have no zod schema and change by UpdateExpressions in transactions; readers look at single attributes. */
/**
 * Newsletter subscribers: one item per address (lower-cased and trimmed, so 'Ann@X.org ' and 'ann@x.org' are
 * one subscriber), an unsubscribe token of 256 random bits made with it, and the newsletter's counters. Every
 * key is under NEWSLETTER# (shared/newsletter.ts), the only partition the open sign-up and unsubscribe routes
 * may write (IAM, infra/data.ts grantPartitionWrites).
 *
 * | item       | PK                                | SK         | GSI1 (active only)                           | attributes                                        |
 * | subscriber | NEWSLETTER#EMAIL#<e-mail>         | SUBSCRIBER | NEWSLETTER#ACTIVE / <subscribedAt>#<e-mail>  | email, status, token, subscribedAt, unsubscribedAt |
 * | token      | NEWSLETTER#TOKEN#<token>          | TOKEN      |                                              | email                                             |
 * | counters   | NEWSLETTER#COUNTER                | NEWSLETTER |                                              | active, unsubscribed (ADD)                        |
 *
 * A sign-up creates the subscriber and its token item in one transaction with the counters, on the condition
 * that the address is new; an address on the list already is left alone (its token stays, so links already
 * mailed keep working), and one that had unsubscribed becomes active again with the same token. An
 * unsubscribe reads the token item and ends the subscription, once, with the counters. Nothing is deleted:
 * an address that unsubscribed stays unsubscribed, and its link keeps answering (idempotently).
 *
 * Access patterns (docs/data-model.md): a subscriber by address (table, PK = NEWSLETTER#EMAIL#<e-mail>); a token (table,
 * PK = NEWSLETTER#TOKEN#<token>); active subscribers, oldest first (GSI1, GSI1PK = NEWSLETTER#ACTIVE, the
 * export); the counters (table, PK = NEWSLETTER#COUNTER).
 */
import { randomBytes } from 'node:crypto';
import { unsubscribePath } from '#shared/newsletter';
import { counterUpdateItems } from '#lib/kit/counter-update';
import { queryPages, table } from '#lib/kit/table';
import { AlreadyDone, lostToTransactionInFlight, retryingConflicts, transact } from '#lib/kit/transact';
import { NotFoundError } from '#lib/errors';

const ACTIVE_PARTITION = 'NEWSLETTER#ACTIVE';
export const NEWSLETTER_COUNTERS_KEY = { PK: 'NEWSLETTER#COUNTER', SK: 'NEWSLETTER' } as const;

const subscriberKey = (email: string) => ({ PK: `NEWSLETTER#EMAIL#${email}`, SK: 'SUBSCRIBER' });
const tokenKey = (token: string) => ({ PK: `NEWSLETTER#TOKEN#${token}`, SK: 'TOKEN' });
const activeIndexKeys = (email: string, subscribedAt: string) => ({ GSI1PK: ACTIVE_PARTITION, GSI1SK: `${subscribedAt}#${email}` });

const newToken = () => randomBytes(32).toString('base64url');

/** The one spelling of an address the list keys on. Only case and spaces: 'ann+races@x.org' is its own mailbox. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What became of a sign-up. The route answers the same for all three; the tests and the log tell them apart. */
export type SubscribeOutcome = 'subscribed' | 'already-subscribed' | 'resubscribed';

/** Two sign-ups of one address at the same moment collide in a transaction; the second one simply looks again. */
const ATTEMPTS = 3;

export async function subscribeToNewsletter(email: string, now = new Date()): Promise<SubscribeOutcome> {
  const address = normalizeEmail(email);
  return retryingConflicts(() => subscribeOnce(address, now), { attempts: ATTEMPTS, retryOn: lostToTransactionInFlight });
}

async function subscribeOnce(email: string, now: Date): Promise<SubscribeOutcome> {
  const subscribedAt = now.toISOString();
  const token = newToken();
  const created = await transact(
    () => ({
      items: [
        {
          Put: {
            Item: { ...subscriberKey(email), entity: 'newsletter-subscriber', email, status: 'active', token, subscribedAt, ...activeIndexKeys(email, subscribedAt) },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
          // On the list already: see below.
          ifConditionFails: new AlreadyDone(false),
        },
        { Put: { Item: { ...tokenKey(token), entity: 'newsletter-token', email }, ConditionExpression: 'attribute_not_exists(PK)' } },
        ...counterUpdateItems(NEWSLETTER_COUNTERS_KEY, { active: 1 }, 'newsletter-counters'),
      ],
      result: true,
    }),
    { attempts: 1 },
  );
  if (created) return 'subscribed';
  // On the list already: active stays as it is; unsubscribed comes back with its token.
  const { Item } = await table.get({ Key: subscriberKey(email), ConsistentRead: true });
  if (!Item || Item.status === 'active') return 'already-subscribed';
  return transact(
    () => ({
      items: [
        {
          Update: {
            Key: subscriberKey(email),
            UpdateExpression: 'SET #status = :active, subscribedAt = :at, GSI1PK = :partition, GSI1SK = :sort REMOVE unsubscribedAt',
            ConditionExpression: '#status = :unsubscribed',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':active': 'active',
              ':unsubscribed': 'unsubscribed',
              ':at': subscribedAt,
              ':partition': ACTIVE_PARTITION,
              ':sort': activeIndexKeys(email, subscribedAt).GSI1SK,
            },
          },
        },
        ...counterUpdateItems(NEWSLETTER_COUNTERS_KEY, { active: 1, unsubscribed: -1 }),
      ],
      result: 'resubscribed' as SubscribeOutcome,
    }),
    {
      attempts: 1,
      // Someone signed the address up again a moment ago: it is active, which is what was asked.
      ifAnyConditionFails: ({ conflicted }) => (conflicted ? undefined : new AlreadyDone('already-subscribed')),
    },
  );
}

/**
 * Ends the subscription a token names. A token never issued is a 404; one whose subscriber has unsubscribed
 * already answers as the first time did (a link clicked twice, or by two people).
 */
export async function unsubscribeFromNewsletter(token: string, now = new Date()): Promise<void> {
  // Consistent: a link used right after signing up must find its token.
  const { Item } = await table.get({ Key: tokenKey(token), ConsistentRead: true });
  if (typeof Item?.email !== 'string') throw new NotFoundError('This unsubscribe link is not valid. It may be mistyped: open it from the e-mail again.');
  const email = Item.email;
  await transact(
    () => [
      {
        Update: {
          Key: subscriberKey(email),
          UpdateExpression: 'SET #status = :unsubscribed, unsubscribedAt = :at REMOVE GSI1PK, GSI1SK',
          ConditionExpression: '#status = :active AND #token = :token',
          ExpressionAttributeNames: { '#status': 'status', '#token': 'token' },
          ExpressionAttributeValues: { ':active': 'active', ':unsubscribed': 'unsubscribed', ':at': now.toISOString(), ':token': token },
        },
      },
      ...counterUpdateItems(NEWSLETTER_COUNTERS_KEY, { active: -1, unsubscribed: 1 }),
    ],
    // Unsubscribed already (or signed up again with a new token): answered as the first time.
    { attempts: 1, ifAnyConditionFails: ({ conflicted }) => (conflicted ? undefined : new AlreadyDone(undefined)) },
  );
}

/** A row of the admins' export: the address, since when, and the link to put in each mailing. */
export interface NewsletterSubscriberRow {
  readonly email: string;
  readonly subscribedAt: string;
  readonly unsubscribePath: string;
}

/** Every active subscriber, oldest first, a DynamoDB page at a time (the CSV export). */
export async function* allActiveSubscriberPages(): AsyncGenerator<NewsletterSubscriberRow[]> {
  for await (const items of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :active',
    ExpressionAttributeValues: { ':active': ACTIVE_PARTITION },
  })) {
    yield items.map((item) => ({ email: String(item.email), subscribedAt: String(item.subscribedAt), unsubscribePath: unsubscribePath(String(item.token)) }));
  }
}

/** The subscriber item of an address, for tests and tools: its status and token (undefined when never signed up). */
export async function newsletterSubscriber(email: string): Promise<{ status: string; token: string; subscribedAt: string } | undefined> {
  const { Item } = await table.get({ Key: subscriberKey(normalizeEmail(email)), ConsistentRead: true });
  return Item ? { status: String(Item.status), token: String(Item.token), subscribedAt: String(Item.subscribedAt) } : undefined;
}

/**
 * A deleted account's newsletter subscription (lambdas/users/account-deletion-steps.ts): the address and its token
 * are removed, and the counter that counted it (active or unsubscribed) moves. Idempotent.
 */
export async function forgetSubscriber(email: string): Promise<void> {
  const address = normalizeEmail(email);
  const { Item } = await table.get({ Key: subscriberKey(address), ConsistentRead: true });
  if (!Item) return;
  const status = String(Item.status) === 'active' ? 'active' : 'unsubscribed';
  await transact(
    () => [
      {
        Delete: {
          Key: subscriberKey(address),
          ConditionExpression: '#status = :status AND #token = :token',
          ExpressionAttributeNames: { '#status': 'status', '#token': 'token' },
          ExpressionAttributeValues: { ':status': Item.status, ':token': Item.token },
        },
      },
      { Delete: { Key: tokenKey(String(Item.token)) } },
      ...counterUpdateItems(NEWSLETTER_COUNTERS_KEY, { [status]: -1 }),
    ],
    // Signed up again or unsubscribed meanwhile: the next run of the step reads it again.
    { attempts: 1 },
  );
}
