/**
 * What every template gets besides its data: who reads the message (their name, units and address) and where
 * its links go. A template returns the parts of its message; render-message.ts puts them in the one layout.
 */
import type { ReactNode } from 'react';
import type { NotificationData, NotificationKind } from '#shared/schemas/notifications';
import type { DistanceUnit } from '#shared/units';

export interface MessageReader {
  readonly name?: string;
  readonly unit: DistanceUnit;
  readonly email: string;
}

export interface MessageLinks {
  /** The site's origin (SITE_URL), every link back to the site starts with it. */
  readonly siteUrl: string;
  /**
   * The one-click endpoint (POST, RFC 8058) with the reader's signed token: the List-Unsubscribe header's URI.
   */
  readonly unsubscribeUrl: string;
  /**
   * Where the footer's "Unsubscribe" link goes, when it is not the endpoint itself: a page that asks before it
   * changes anything, since mail scanners open every link in a message. Without it the footer uses unsubscribeUrl.
   */
  readonly unsubscribePageUrl?: string;
}

export interface MessageContext {
  readonly kind: NotificationKind;
  readonly reader: MessageReader;
  readonly links: MessageLinks;
  /** An absolute link to a page of the site: url('/events/01H...'). */
  url(path: string): string;
}

/** A message's parts, as one kind's template writes them. */
export interface MessageContent {
  /** One line; render-message.ts flattens whitespace, so a title with a line break cannot split it. */
  readonly subject: string;
  /** The preheader: the line mail apps show after the subject. */
  readonly preview: string;
  readonly heading: string;
  /** The one button: the page the message is about, or where the reader acts on it (a race's registration). */
  readonly action: { readonly label: string; readonly href: string };
  /**
   * The page of this site the inbox item leads to, when the button leaves the site: the inbox links only to the
   * site's own pages (lambdas/notifications/deliver.ts).
   */
  readonly page?: { readonly label: string; readonly href: string };
  /** The body between the greeting and the button. */
  readonly body: ReactNode;
  /** The footer's reason, when the kind's own (NOTIFICATION_KIND_INFO) can be more precise: 'you saved Boulder 10K'. */
  readonly because?: string;
}

export type Template<K extends NotificationKind> = (data: NotificationData<K>, context: MessageContext) => MessageContent;
