/**
 * The partitions the one-click unsubscribe may write. The route is open to anyone holding a signed token, so IAM
 * limits its writes (PutItem and UpdateItem, no deletes) to keys under these prefixes (infra/data.ts
 * grantPartitionWrites): the person's notification preferences, which live in their own USER# partition, and the
 * record that a token was used (UNSUBSCRIBED#<mac>). lambdas/data/notification-preferences.ts writes both.
 */
export const UNSUBSCRIBE_PARTITION_PREFIXES = ['USER#', 'UNSUBSCRIBED#'] as const;

/**
 * The suppression list's partitions (lambdas/data/email-suppression.ts): SES's bounce and complaint feedback
 * (lambdas/notifications/ses-feedback.ts) writes only under this prefix, and IAM holds it to that
 * (infra/notifications.ts).
 */
export const SUPPRESSION_PARTITION_PREFIX = 'SUPPRESSED#';

/**
 * The partitions of races made public after they were made (lambdas/data/listed-races.ts): the table stream's race
 * reader (lambdas/notifications/race-changes.ts) writes only under this prefix, and IAM holds it to that
 * (infra/notifications.ts).
 */
export const LISTED_RACES_PREFIX = 'ALERTS#LISTED#';

/**
 * Where an e-mail's footer "Unsubscribe" link leads: a page that asks before it changes anything, since mail
 * scanners open every link. (The newsletter's own page is /unsubscribe.) The List-Unsubscribe header goes to the
 * API route itself, which only a POST changes.
 */
export const notificationUnsubscribePath = (token: string) => `/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
