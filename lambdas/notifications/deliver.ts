/**
 * Delivers one notification to one person (issue 23): the sender's work for each message it takes off the queue.
 *
 * 1. Who reads it: their profile (gone: nothing to deliver), their switches and the site's e-mail switch decide
 *    the channels (shared/schemas/notifications.ts deliveryChannels; account decisions and receipts always go
 *    both ways). What the message tells this reader alone is read now (reader-facts.ts).
 * 2. The inbox item and the delivery record in one transaction (lambdas/data/inbox.ts): the record is the
 *    idempotency key (person, kind, subject, day), so a retried message writes nothing a second time.
 * 3. The e-mail, unless it went out already (the record says so), the address is on the suppression list, or
 *    the person does not take this kind by e-mail: rendered in their units with a signed one-click unsubscribe,
 *    sent through SESv2, and only then marked sent. A failed send throws, so the queue keeps the message and
 *    retries it; the retry finds the inbox item delivered and sends only the e-mail.
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { notificationUnsubscribePath } from '#shared/notification-partitions';
import { deliveryChannels, unsubscribeScopeOf, type NotificationKind } from '#shared/schemas/notifications';
import { getDeliveryRecord, recordDelivery, recordEmailSent, type DeliveryKey, type InboxEntry } from '#data/inbox';
import { isSuppressed } from '#data/email-suppression';
import { getPreferences } from '#data/notification-preferences';
import { getProfile } from '#data/profile';
import { cachedSystemConfig } from '#data/system-config';
import { configurationSet, mailFrom, ses } from '#lib/ses';
import { requireSiteUrl } from '#lib/site-url';
import { unsubscribeSecret } from '#lib/unsubscribe-secret';
import { UNSUBSCRIBE_TOKEN_LIFETIME_MS, signUnsubscribeToken } from '#lib/unsubscribe-token';
import type { NotificationMessage } from '#shared/schemas/notification-message';
import { withReaderFacts } from './reader-facts.ts';
import { composeMessage, renderComposed, type ComposedMessage, type MessageLinks, type MessageReader } from './render-message.ts';

export interface DeliveryOutcome {
  /** No profile: the account is gone (or never finished signing up), and nothing was written. */
  readonly recipient: boolean;
  /** 'delivered' the first time, 'already' for a retried message. */
  readonly record?: 'delivered' | 'already';
  readonly inbox: boolean;
  readonly email: 'sent' | 'sent-before' | 'suppressed' | 'off';
}

export interface DeliveryDependencies {
  readonly now: () => Date;
  /** SESv2 SendEmail; tests replace it to make SES fail. */
  readonly send: (command: SendEmailCommand) => Promise<unknown>;
}

const DEFAULTS: DeliveryDependencies = { now: () => new Date(), send: (command) => ses().send(command) };

async function linksFor(sub: string, kind: NotificationKind, now: Date): Promise<MessageLinks> {
  const site = requireSiteUrl('The notification sender');
  const token = signUnsubscribeToken(
    { sub, kind: unsubscribeScopeOf(kind), issuedAt: now, expires: new Date(now.getTime() + UNSUBSCRIBE_TOKEN_LIFETIME_MS) },
    await unsubscribeSecret(),
  );
  return {
    siteUrl: site,
    unsubscribeUrl: `${site}/api/unsubscribe?token=${encodeURIComponent(token)}`,
    unsubscribePageUrl: `${site}${notificationUnsubscribePath(token)}`,
  };
}

/** The inbox's copy of a message: its subject, preheader and link, as a path of the site. */
function inboxEntryOf(kind: NotificationKind, { content, inboxLink }: ComposedMessage): InboxEntry {
  const href = new URL(inboxLink.href);
  return { kind, title: content.subject, summary: content.preview, path: `${href.pathname}${href.search}${href.hash}`, actionLabel: inboxLink.label };
}

export async function deliver<K extends NotificationKind>(message: NotificationMessage<K>, dependencies: DeliveryDependencies = DEFAULTS): Promise<DeliveryOutcome> {
  const now = dependencies.now();
  const profile = await getProfile(message.sub);
  if (!profile) return { recipient: false, inbox: false, email: 'off' };
  // The configuration a few seconds old at most (a batch of ten reads it once): the admin's switch reaches the sender within that.
  const [preferences, system, data] = await Promise.all([getPreferences(message.sub), cachedSystemConfig.get(), withReaderFacts(message)]);
  const channels = deliveryChannels(message.kind, preferences, system);
  const reader: MessageReader = { unit: profile.units ?? 'km', email: profile.email, ...(profile.firstName ? { name: profile.firstName } : {}) };
  const links = await linksFor(message.sub, message.kind, now);
  const key: DeliveryKey = { sub: message.sub, kind: message.kind, subject: message.subject, day: message.day };

  // Composed once: the inbox keeps its subject, preheader and button, the e-mail renders the same parts.
  const composed = composeMessage(message.kind, data, reader, links);
  const entry = channels.inApp ? inboxEntryOf(message.kind, composed) : undefined;
  const record = await recordDelivery(key, entry, now);
  const outcome = { recipient: true, record, inbox: entry !== undefined };
  if (!channels.email) return { ...outcome, email: 'off' };
  if (record === 'already' && (await getDeliveryRecord(key))?.emailSentAt) return { ...outcome, email: 'sent-before' };
  if (await isSuppressed(profile.email)) return { ...outcome, email: 'suppressed' };

  const rendered = await renderComposed(composed);
  const set = configurationSet();
  await dependencies.send(
    new SendEmailCommand({
      FromEmailAddress: mailFrom(),
      Destination: { ToAddresses: [profile.email] },
      Content: {
        Simple: {
          Subject: { Data: rendered.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: rendered.html, Charset: 'UTF-8' }, Text: { Data: rendered.text, Charset: 'UTF-8' } },
          Headers: Object.entries(rendered.headers).map(([Name, Value]) => ({ Name, Value })),
        },
      },
      ...(set ? { ConfigurationSetName: set } : {}),
      EmailTags: [{ Name: 'kind', Value: message.kind }],
    }),
  );
  await recordEmailSent(key, now);
  return { ...outcome, email: 'sent' };
}
