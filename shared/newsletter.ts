/**
 * The newsletter's partitions. Signing up and unsubscribing are open to anyone, so IAM limits those routes'
 * writes to keys under these prefixes (infra/data.ts grantPartitionWrites): a sign-up can store a subscriber,
 * an unsubscribe token and the newsletter's counters, and nothing else. The items themselves are described in
 * lambdas/data/newsletter-subscription.ts, the one module that writes them.
 */
export const NEWSLETTER_PARTITION_PREFIXES = ['NEWSLETTER#'] as const;

/** Where an unsubscribe link leads: a page that asks before it changes anything (mail scanners follow links). */
export const unsubscribePath = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;

/** The toast of a sign-up (spec 000 section 5). Here rather than with the schemas: the footer loads no zod. */
export const SUBSCRIBED_TITLE = 'Subscribed!';
export const SUBSCRIBED_TEXT = "You'll receive the latest race updates and training tips.";
