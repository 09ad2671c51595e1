/**
 * A person's notification switches (issue 23), and the one-click unsubscribe that turns one off.
 *
 * | item               | PK                   | SK                 | GSI1 (sparse)                               | TTL                |
 * | preferences        | USER#<sub>           | NOTIFICATION_PREFS | WEEKLY_SUMMARY#READERS / <sub>              |                    |
 * | unsubscribe used   | UNSUBSCRIBED#<mac>   | TOKEN              |                                             | the token's expiry |
 *
 * Only what the person changed is stored (shared/schemas/notifications.ts NotificationPreferencesSchema); a
 * missing kind keeps its default, so a kind added later starts at its default for everyone. `version` grows with
 * every write, so the unsubscribe, which changes one switch of what it read, never overwrites a change saved
 * meanwhile.
 *
 * The weekly training summary is opt-in, so the weekly job must find the few who turned it on without reading
 * everyone's settings: a preferences item that has it on (in the inbox or by e-mail) carries GSI1 keys in one
 * partition of readers, written in the same UpdateItem as the switches, and removed with them.
 *
 * An unsubscribe token is stateless (lambdas/lib/unsubscribe-token.ts); its first use is recorded here under its
 * MAC, in the same transaction as the switch it turns off, and a second use is refused. The record names no
 * person and expires with the token. Both prefixes are the unsubscribe route's only writable partitions
 * (shared/notification-partitions.ts).
 */
import {
  deliveryChannels,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_INFO,
  NotificationPreferencesSchema,
  OPTIONAL_KINDS,
  isEssentialKind,
  type NotificationPreferences,
  type UnsubscribeScope,
} from '#shared/schemas/notifications';
import type { NotificationSettings } from '#shared/schemas/inbox';
import { TTL_ATTRIBUTE } from '#shared/table';
import { ConflictError, NotFoundError } from '#lib/errors';
import { getItem, queryPages, table } from '#lib/kit/table';
import { transact } from '#lib/kit/transact';
import { getProfile } from './profile.ts';
import { getSystemConfig } from './system-config.ts';

export const preferencesKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'NOTIFICATION_PREFS' });
export const unsubscribeUseKey = (mac: string) => ({ PK: `UNSUBSCRIBED#${mac}`, SK: 'TOKEN' });

/** GSI1's partition of the people who turned on the weekly training summary. */
export const WEEKLY_SUMMARY_READERS = 'WEEKLY_SUMMARY#READERS';

/**
 * Whether the switches send the weekly summary anywhere (it is off on both channels by default), as the sender
 * decides it (deliveryChannels); the admin's e-mail switch is left out, since it can be turned back on.
 */
export function wantsWeeklySummary(preferences: NotificationPreferences): boolean {
  const { inApp, email } = deliveryChannels('weekly-training-summary', preferences, { emailNotifications: true });
  return inApp || email;
}

/** The part of an UpdateExpression that lists the person among the weekly summary's readers, or takes them off. */
function readerClauses(sub: string, preferences: NotificationPreferences): { set: string; remove: string; values: Record<string, string> } {
  return wantsWeeklySummary(preferences)
    ? { set: ', GSI1PK = :readers, GSI1SK = :sub', remove: '', values: { ':readers': WEEKLY_SUMMARY_READERS, ':sub': sub } }
    : { set: '', remove: ' REMOVE GSI1PK, GSI1SK', values: {} };
}

/** The people who turned on the weekly summary, a page at a time (GSI1, GSI1PK = WEEKLY_SUMMARY#READERS). */
export async function* weeklySummaryReaderPages(): AsyncGenerator<string[]> {
  for await (const page of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :readers',
    ExpressionAttributeValues: { ':readers': WEEKLY_SUMMARY_READERS },
    ProjectionExpression: 'GSI1SK',
  })) {
    yield page.flatMap((item) => (typeof item.GSI1SK === 'string' ? [item.GSI1SK] : []));
  }
}

export const ACCOUNT_GONE_MESSAGE = 'The account this unsubscribe link was sent to no longer exists, so RaceFinder sends it nothing.';
export const TOKEN_USED_MESSAGE = 'This unsubscribe link was used already. To change what RaceFinder sends you, sign in and open Settings, Notifications.';

interface StoredPreferences {
  readonly preferences: NotificationPreferences;
  readonly version: number;
}

async function readPreferences(sub: string, consistent: boolean): Promise<StoredPreferences> {
  const item = await getItem(preferencesKey(sub), { consistent });
  // A stored shape this code cannot read (a kind removed) must not cost the person every other switch.
  const parsed = NotificationPreferencesSchema.safeParse(item?.preferences ?? {});
  return { preferences: parsed.success ? parsed.data : {}, version: Number(item?.version ?? 0) };
}

/** What the person chose, where they chose anything (the sender reads this). */
export async function getPreferences(sub: string): Promise<NotificationPreferences> {
  return (await readPreferences(sub, false)).preferences;
}

/** The preferences page: every kind with its switches as they apply now, and the site's e-mail switch. */
export async function notificationSettings(sub: string, preferences?: NotificationPreferences): Promise<NotificationSettings> {
  const [chosen, system] = await Promise.all([preferences ?? getPreferences(sub), getSystemConfig()]);
  return {
    emailNotifications: system.emailNotifications,
    rows: NOTIFICATION_KINDS.map((kind) => {
      // The person's own switches, as the sender reads them; the admin's e-mail switch is shown apart.
      const { inApp, email } = deliveryChannels(kind, chosen, { emailNotifications: true });
      return { kind, label: NOTIFICATION_KIND_INFO[kind].label, essential: isEssentialKind(kind), inApp, email };
    }),
  };
}

/** Saves the person's switches as sent (the page sends them all): what is left out goes back to its default. */
export async function putPreferences(sub: string, preferences: NotificationPreferences): Promise<void> {
  const readers = readerClauses(sub, preferences);
  await table.update({
    Key: preferencesKey(sub),
    UpdateExpression: `SET entity = :entity, preferences = :preferences${readers.set} ADD version :one${readers.remove}`,
    ExpressionAttributeValues: { ':entity': 'notification-preferences', ':preferences': preferences, ':one': 1, ...readers.values },
  });
}

/** The switches after unsubscribing from a scope: that kind's e-mail off, or every optional kind's. */
export function withoutEmail(preferences: NotificationPreferences, scope: UnsubscribeScope): NotificationPreferences {
  const kinds = scope === 'all' ? OPTIONAL_KINDS : [scope];
  const next: NotificationPreferences = { ...preferences };
  for (const kind of kinds) next[kind] = { ...next[kind], email: false };
  return next;
}

/**
 * Turns off the e-mail a token names for its person, once per token: a second use of the same token is a
 * ConflictError, with nothing changed.
 */
export async function unsubscribeOnce(token: { readonly sub: string; readonly scope: UnsubscribeScope; readonly mac: string; readonly expires: Date }): Promise<void> {
  // A deleted account's link must not leave a settings item behind in a partition that is otherwise gone.
  if (!(await getProfile(token.sub))) throw new NotFoundError(ACCOUNT_GONE_MESSAGE);
  await transact(
    async () => {
      const stored = await readPreferences(token.sub, true);
      const next = withoutEmail(stored.preferences, token.scope);
      const readers = readerClauses(token.sub, next);
      return [
        {
          Put: {
            Item: { ...unsubscribeUseKey(token.mac), entity: 'unsubscribe-used', scope: token.scope, [TTL_ATTRIBUTE]: Math.floor(token.expires.getTime() / 1000) },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
          ifConditionFails: new ConflictError(TOKEN_USED_MESSAGE),
        },
        {
          Update: {
            Key: preferencesKey(token.sub),
            UpdateExpression: `SET entity = :entity, preferences = :preferences, version = :next${readers.set}${readers.remove}`,
            ConditionExpression: stored.version === 0 ? 'attribute_not_exists(version)' : 'version = :version',
            ExpressionAttributeValues: {
              ':entity': 'notification-preferences',
              ':preferences': next,
              ':next': stored.version + 1,
              ...readers.values,
              ...(stored.version === 0 ? {} : { ':version': stored.version }),
            },
          },
          // The person saved their settings meanwhile: read them again and switch off the one kind in those.
          ifConditionFails: 'retry',
        },
      ];
    },
    { attempts: 4 },
  );
}
