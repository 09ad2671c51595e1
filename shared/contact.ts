/**
 * The contact form: what anyone may write to the RaceFinder team, and where it is kept. No zod here, so the
 * informative pages can link to the form with a topic without bringing the schemas along.
 *
 * The form is open to visitors, so its route may write only under CONTACT_PARTITION_PREFIXES: IAM limits its
 * PutItem and UpdateItem to those partition keys (infra/data.ts grantPartitionWrites), and the data module
 * (lambdas/data/contact-message.ts) keeps both the messages and their counter there.
 *
 * | item             | PK                 | SK       | GSI1 (by status, newest first)     | TTL                          |
 * | contact message  | CONTACT#<id>       | MESSAGE  | CONTACTS#<status> / <createdAt>#<id> | handled only: handledAt + 1 year |
 * | contact counters | CONTACT#COUNTS     | COUNTS   |                                    |                              |
 */
export const CONTACT_PARTITION_PREFIXES = ['CONTACT#'] as const;

/** What a message is about; the informative pages preselect theirs (/contact?topic=sponsorship). */
export const CONTACT_TOPICS = ['general', 'organizers', 'sponsorship', 'partners', 'corporate', 'volunteer', 'ambassador', 'press', 'bug'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Readonly<Record<ContactTopic, string>> = {
  general: 'General question',
  organizers: 'Race organizers',
  sponsorship: 'Sponsorship',
  partners: 'Partnerships',
  corporate: 'Corporate wellness',
  volunteer: 'Volunteering',
  ambassador: 'Ambassador program',
  press: 'Press',
  bug: 'Report a problem',
};

export function isContactTopic(value: string | null | undefined): value is ContactTopic {
  return (CONTACT_TOPICS as readonly string[]).includes(value ?? '');
}

/** The form's link with a topic chosen. */
export function contactPath(topic: ContactTopic): string {
  return `/contact?topic=${topic}`;
}

export const CONTACT_STATUSES = ['open', 'handled'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/**
 * How long a message is kept once an admin has handled it (DynamoDB's TTL then deletes it). Open messages
 * stay until someone handles them: the inbox's count of open messages is a counter, and a message deleted
 * while open would leave it counting one that is gone.
 */
export const CONTACT_KEEP_DAYS_AFTER_HANDLED = 365;
