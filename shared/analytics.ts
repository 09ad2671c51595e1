/**
 * Event analytics (the organizer dashboard's Analytics tab): views, saves and registration clicks per event per
 * day, counted on the server. The partitions the counting writes live here because IAM limits the public
 * beacon's writes to exactly these key prefixes (infra/data.ts grantPartitionWrites) and the data module writes
 * them (lambdas/data/event-analytics.ts).
 *
 * | item          | PK                  | SK                          | attributes                                   |
 * | daily counts  | STATS#<eventId>     | DAY#<yyyy-mm-dd>            | views, saves, registerClicks (ADD)           |
 * | seen visitor  | SEEN#<visitor hash> | <eventId>#<kind>            | expiresAt (TTL): not counted again until then |
 * | daily salt    | ANALYTICS_SALT      | <yyyy-mm-dd>                | salt: random, for hashing visitors' IP+UA    |
 */
export const COUNTER_PARTITION_PREFIXES = ['STATS#', 'SEEN#', 'ANALYTICS_SALT'] as const;

export const BEACON_KINDS = ['view', 'register'] as const;
export type BeaconKind = (typeof BEACON_KINDS)[number];

/** A visitor's repeat of the same kind on the same event within this window is not counted again. */
export const REPEAT_WINDOW_SECONDS = 30 * 60;

/** The longest span the analytics route answers, and the span it answers by default. */
export const MAX_ANALYTICS_DAYS = 366;
export const DEFAULT_ANALYTICS_DAYS = 30;
