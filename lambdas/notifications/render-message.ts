/**
 * One notification as an e-mail: subject, HTML and plain-text parts, and the headers of RFC 8058 one-click
 * unsubscribe. The sender calls renderMessage with what it took off the queue; the data is parsed again here
 * (the queue is an edge: a message enqueued by an older producer must not render half a page).
 *
 * The plain text is the HTML converted by React Email's toPlainText, the same conversion render's `plainText`
 * option runs on its own render: converting the one HTML saves a second React render per message and keeps the
 * two parts word for word the same. Headings keep their case (html-to-text shouts them by default).
 */
import { createElement } from 'react';
import { render, toPlainText } from 'react-email';
import { NOTIFICATION_DATA_SCHEMAS, type NotificationData, type NotificationKind } from '#shared/schemas/notifications';
import { claimDecided } from './templates/claim-decided.tsx';
import { EmailLayout } from './templates/layout.tsx';
import type { MessageContent, MessageContext, MessageLinks, MessageReader, Template } from './templates/message-context.ts';
import { organizerApplicationDecided } from './templates/organizer-application-decided.tsx';
import { promotionDecided } from './templates/promotion-decided.tsx';
import { promotionPaid } from './templates/promotion-paid.tsx';
import { promotionRefunded } from './templates/promotion-refunded.tsx';
import { registrationClosing } from './templates/registration-closing.tsx';
import { reviewHidden } from './templates/review-hidden.tsx';
import { savedRaceChanged } from './templates/saved-race-changed.tsx';
import { savedSearchMatches } from './templates/saved-search-matches.tsx';
import { submittedEventDecided } from './templates/submitted-event-decided.tsx';
import { weeklyTrainingSummary } from './templates/weekly-training-summary.tsx';

export type { MessageLinks, MessageReader };

const TEMPLATES: { readonly [K in NotificationKind]: Template<K> } = {
  'organizer-application-decided': organizerApplicationDecided,
  'claim-decided': claimDecided,
  'submitted-event-decided': submittedEventDecided,
  'promotion-decided': promotionDecided,
  'promotion-paid': promotionPaid,
  'promotion-refunded': promotionRefunded,
  'review-hidden': reviewHidden,
  'saved-race-changed': savedRaceChanged,
  'registration-closing': registrationClosing,
  'saved-search-matches': savedSearchMatches,
  'weekly-training-summary': weeklyTrainingSummary,
};

export interface RenderedMessage {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  /** Extra headers for SESv2's SendEmail (Content.Simple.Headers): the unsubscribe pair. */
  readonly headers: Readonly<Record<string, string>>;
}

const TEXT_OPTIONS = {
  selectors: ['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } })),
};

/** An absolute https URL (http only on the loopback, for the local stack): mail links leave the site. */
function checkedUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: ${value}`);
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new Error(`${name} must be an https URL, got ${value}`);
  return url;
}

/** One line: a title with a line break must not end the Subject header early. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A message's parts as its kind's template writes them, with the context they were written in. */
export interface ComposedMessage {
  readonly content: MessageContent;
  readonly context: MessageContext;
  /** Where the inbox item leads: the page the message names, else its button; always a page of the site. */
  readonly inboxLink: { readonly label: string; readonly href: string };
}

/** A message's parts as its kind's template writes them (what the inbox keeps), with the data checked again. */
export function composeMessage<K extends NotificationKind>(kind: K, data: NotificationData<K>, reader: MessageReader, links: MessageLinks): ComposedMessage {
  const parsed = NOTIFICATION_DATA_SCHEMAS[kind].parse(data) as NotificationData<K>;
  const site = checkedUrl('siteUrl', links.siteUrl);
  checkedUrl('unsubscribeUrl', links.unsubscribeUrl);
  const context: MessageContext = {
    kind,
    reader,
    links,
    url: (path) => new URL(path, site.origin).toString(),
  };
  const content = TEMPLATES[kind](parsed, context);
  const inboxLink = content.page ?? content.action;
  // A button to another site (a race's registration page) needs the site page beside it: the inbox keeps a path.
  if (new URL(inboxLink.href).origin !== site.origin) throw new Error(`The ${kind} template's inbox link leaves the site (${inboxLink.href}): give it a page`);
  return { content: { ...content, subject: oneLine(content.subject) }, context, inboxLink };
}

export async function renderMessage<K extends NotificationKind>(
  kind: K,
  data: NotificationData<K>,
  reader: MessageReader,
  links: MessageLinks,
): Promise<RenderedMessage> {
  return renderComposed(composeMessage(kind, data, reader, links));
}

/** The e-mail of a message already composed (the sender composes once, for the inbox and the e-mail alike). */
export async function renderComposed({ content, context }: ComposedMessage): Promise<RenderedMessage> {
  const unsubscribe = new URL(context.links.unsubscribeUrl);
  const { subject } = content;
  const html = await render(createElement(EmailLayout, { content, context }));
  return {
    subject,
    html,
    text: toPlainText(html, TEXT_OPTIONS),
    headers: {
      // RFC 8058: an https URI that takes the POST, and the body the client posts to it. A mailto: is left out:
      // RaceFinder has no mailbox that reads unsubscribe requests.
      'List-Unsubscribe': `<${unsubscribe.toString()}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
