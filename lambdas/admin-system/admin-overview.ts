/**
 * The admin overview's figures, every one from a counter item: the event counters (COUNTER / EVENTS, kept by
 * the event store), the user counters (COUNTER / USERS, kept by the profile store) and the organization
 * counter (COUNTER / ORGANIZATIONS) and the newsletter's (NEWSLETTER#COUNTER / NEWSLETTER). One BatchGetItem of
 * four items, whatever the size of the catalogue.
 */
import { todayInNewYork } from '#shared/dates';
import type { AdminOverview } from '#shared/schemas/admin-overview';
import { batchGetItems } from '#lib/kit/batch-get';
import { EVENT_COUNTERS_KEY } from '#data/event';
import { NEWSLETTER_COUNTERS_KEY } from '#data/newsletter-subscription';
import { ORGANIZATION_COUNTERS_KEY } from '#data/organization';
import { USER_COUNTERS_KEY } from '#data/profile';

type Counters = Readonly<Record<string, unknown>>;

/** A counter's value; absent (nothing counted yet) is 0, and a counter is never shown below 0. */
function count(counters: Counters | undefined, name: string): number {
  const value = counters?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0;
}

/** The four counter items, by their sort key (EVENTS, USERS, ORGANIZATIONS, NEWSLETTER). */
export async function readCounterItems(): Promise<ReadonlyMap<string, Counters>> {
  const keys = [EVENT_COUNTERS_KEY, USER_COUNTERS_KEY, ORGANIZATION_COUNTERS_KEY, NEWSLETTER_COUNTERS_KEY];
  // BatchGetItem may leave keys unprocessed under load; three small items always fit in a retry or two.
  const items = await batchGetItems(
    keys.map((key) => ({ ...key })),
    { attempts: 5, backoff: false, onExhausted: () => new Error('The counters could not be read') },
  );
  return new Map(items.map((item) => [String(item.SK), item]));
}

export function overviewFromCounters(items: ReadonlyMap<string, Counters>, now = new Date()): Omit<AdminOverview, 'lastImport'> {
  const month = `created#${todayInNewYork(now).slice(0, 7)}`;
  const events = items.get(EVENT_COUNTERS_KEY.SK);
  const users = items.get(USER_COUNTERS_KEY.SK);
  const organizations = items.get(ORGANIZATION_COUNTERS_KEY.SK);
  const newsletter = items.get(NEWSLETTER_COUNTERS_KEY.SK);
  return {
    events: {
      total: count(events, 'total'),
      verified: count(events, 'verified'),
      featured: count(events, 'featured'),
      createdThisMonth: count(events, month),
      flaggedForReview: count(events, 'flagged'),
    },
    users: {
      total: count(users, 'total'),
      athletes: count(users, 'athlete'),
      organizers: count(users, 'organizer'),
      // Super admins are admins too: the overview counts everyone who can open the admin area.
      admins: count(users, 'admin') + count(users, 'superadmin'),
      createdThisMonth: count(users, month),
    },
    organizations: { total: count(organizations, 'total') },
    newsletter: { active: count(newsletter, 'active'), unsubscribed: count(newsletter, 'unsubscribed') },
  };
}
