/**
 * Organizations: the organization behind an event, as its page shows it, the public organizer directory, and
 * every organization for the admin's CSV export. An approved organizer application creates the applicant's
 * organization (organizer-application.ts, with organizationCreateItems in its transaction) and links it from
 * their profile; the events they create or claim name it (organizationId). Imports create none: RunSignup's
 * race search names no organizer (docs/organizers.md "Organizer directory").
 *
 * | item                  | PK                | SK                 | GSI1 (all organizations, by name) |
 * | organization          | ORG#<id>          | ORG                | ORGS / <name key>#<id>            |
 * | review aggregate      | ORG#<id>          | REVIEWS            |                                   |
 * | word posting          | ORGIDX#<term>     | <name key>#<id>    |                                   |
 * | organization counters | COUNTER           | ORGANIZATIONS      |                                   |
 *
 * The organization item also carries the counters of its public (verified) events, moved in the same
 * transaction as each event write by organization-events.ts: `publicEvents`, `day#<YYYY-MM-DD>` per event
 * date (so upcoming and past counts are exact on any day without reading the events), `type#<eventType>`
 * (its specialties) and `place#<city>|<state>` (its location: where most of its events are). An
 * organization's events themselves are search postings (search-index.ts, IDX#ORG#<id>).
 *
 * Word postings make the directory's search a Query: one per term (shared/search-text.ts termsOf: the
 * 3-character prefix of a word, the 6-character one of longer words) of its name's words (`named`), and of
 * the words its public events lend it (place and kind, placeAndKindWords), counted in `n`, which the event
 * writes move up and down. A posting is live while `named` or n > 0; one whose count fell to 0 stays (at
 * most one per term an organization ever had) and the search's filter passes over it.
 *
 * The review aggregate (`count` of reviews, `sum` of their stars) of its public events moves with each event
 * write too (organization-events.ts, from the `rating` the review store keeps on every event).
 *
 * Access patterns (docs/data-model.md): an organization (table, PK = ORG#<id>, SK = ORG); all organizations by name
 * (GSI1, GSI1PK = ORGS); organizations with a word starting with a term (table, PK = ORGIDX#<term>, by name);
 * organization count (table, COUNTER / ORGANIZATIONS, attribute `total`).
 */
import { EVENT_TYPES, enumLabel, type EventType } from '#shared/event-vocabulary';
import { ULID_SOURCE } from '#shared/ids';
import type { RaceEvent } from '#shared/schemas/event';
import { OrganizationSchema, type Organization, type OrganizationCard, type OrganizationRating } from '#shared/schemas/organization';
import { termsOf, words } from '#shared/search-text';
import { US_STATES, isStateCode } from '#shared/us-states';
import { defineEntity } from '#lib/kit/entity';
import { counterUpdateItems } from '#lib/kit/counter-update';
import { queryIndexPage } from '#lib/kit/index-page';
import { queryPages, table } from '#lib/kit/table';
import { AlreadyDone, transact, type TransactItem } from '#lib/kit/transact';
import { ConflictError } from '#lib/errors';

export const organizationKey = (id: string) => ({ PK: `ORG#${id}`, SK: 'ORG' });
export const organizationReviewsKey = (id: string) => ({ PK: `ORG#${id}`, SK: 'REVIEWS' });
export const ORGANIZATION_COUNTERS_KEY = { PK: 'COUNTER', SK: 'ORGANIZATIONS' } as const;
/** GSI1's partition of every organization. */
export const ALL_ORGANIZATIONS_PARTITION = 'ORGS';
/** The directory's word postings of one term. */
export const organizationTermPartition = (term: string) => `ORGIDX#${term}`;

/** The organization item's counters of its public events (see the header). */
export const PUBLIC_EVENTS = 'publicEvents';
const DAY = 'day#';
const TYPE = 'type#';
const PLACE = 'place#';
export const dayCounter = (date: string) => `${DAY}${date}`;
export const typeCounter = (type: string) => `${TYPE}${type}`;
export const placeCounter = (city: string, state: string) => `${PLACE}${city}|${state}`;

/** The name as it sorts: its normalized words, so 'the Boulder Runners' sorts with 'The Boulder...'. */
export const nameKey = (name: string) => words(name).join(' ');
/** Where an organization sits in every list of organizations (GSI1 and its word postings): by name, then id. */
export const organizationPosition = (organization: Pick<Organization, 'id' | 'name'>) => `${nameKey(organization.name)}#${organization.id}`;

/** The words of a place: its city's, its state code and its state's name. */
function placeWords(city: string, state: string): string[] {
  return [...words(city), state.toLowerCase(), ...words(isStateCode(state) ? US_STATES[state] : '')];
}

/** The words an event lends its organization: its place (placeWords) and the label of its kind ('trail', 'race'). */
export function placeAndKindWords(event: Pick<RaceEvent, 'city' | 'state' | 'eventType'>): string[] {
  return [...new Set([...placeWords(event.city, event.state), ...words(enumLabel(event.eventType))])];
}

export function toOrganizationItem(organization: Organization) {
  return {
    ...organizationKey(organization.id),
    entity: 'organization',
    ...organization,
    GSI1PK: ALL_ORGANIZATIONS_PARTITION,
    GSI1SK: organizationPosition(organization),
  };
}

const organizations = defineEntity<Organization, [string]>({ name: 'organization', key: organizationKey, schema: OrganizationSchema });
const readOrganization = organizations.read;

/** Only the fields the API shows, whatever else the item carries (keys, counters); empty texts count as unset. */
export function fromOrganizationItem(item: Readonly<Record<string, unknown>>): Organization {
  const organization: Record<string, unknown> = { ...readOrganization(item) };
  for (const [field, value] of Object.entries(organization)) if (value === '' && field !== 'name') delete organization[field];
  return { ...organization, name: String(organization.name ?? '') } as Organization;
}

export async function getOrganization(id: string): Promise<Organization | undefined> {
  const { Item } = await table.get({ Key: organizationKey(id) });
  return Item ? fromOrganizationItem(Item) : undefined;
}

/** The organization item as stored (with its counters), for the directory. */
export async function getOrganizationItem(id: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await table.get({ Key: organizationKey(id) });
  return Item;
}

/** The writes that make an organization's name findable: one posting per term of its words, marked `named`. */
function namePostingItems(organization: Organization): TransactItem[] {
  return termsOf(words(organization.name)).map((term) => ({
    Update: {
      Key: { PK: organizationTermPartition(term), SK: organizationPosition(organization) },
      // An update, not a put: a posting its events made first keeps their count.
      UpdateExpression: 'SET named = :named, entity = :entity, organizationId = :id',
      ExpressionAttributeValues: { ':named': true, ':entity': 'organization-posting', ':id': organization.id },
    },
  }));
}

/**
 * The writes that store a new organization, make its name findable and count it, for a transaction; an
 * existing id fails the Put.
 */
export function organizationCreateItems(organization: Organization): TransactItem[] {
  return [
    { Put: { Item: toOrganizationItem(organization), ConditionExpression: 'attribute_not_exists(PK)' } },
    ...namePostingItems(organization),
    ...counterUpdateItems(ORGANIZATION_COUNTERS_KEY, { total: 1 }),
  ];
}

/**
 * An organization's place in GSI1 ORGS, as any version wrote it: by its id alone before the directory sorted by
 * name (organizationPosition), so a migration can walk both.
 */
const ANY_ORGANIZATION_POSITION = new RegExp(`^(?:.*#)?(${ULID_SOURCE})$`);

/** One page of every stored organization (GSI1 ORGS, which every organization carries): what a data migration walks. */
export async function storedOrganizationPage(cursor: string | undefined, pageSize: number): Promise<{ items: Organization[]; nextCursor?: string }> {
  const page = await queryIndexPage(
    { index: 'GSI1', partition: ALL_ORGANIZATIONS_PARTITION, cursorPattern: ANY_ORGANIZATION_POSITION, keyOf: (match) => organizationKey(match[1]!), newestFirst: false, pageSize, exactLimit: true },
    cursor,
  );
  return { ...page, items: page.items.map(fromOrganizationItem) };
}

/**
 * Puts a stored organization into the lists of organizations again (GSI1 by name, and its name's word postings),
 * as this code lays them out: for organizations stored before the directory sorted and searched by name (a data
 * migration). Safe to run twice; an organization deleted meanwhile is skipped.
 */
export async function indexOrganizationName(organization: Organization): Promise<void> {
  await transact(
    () => [
      {
        Update: {
          Key: organizationKey(organization.id),
          UpdateExpression: 'SET GSI1PK = :all, GSI1SK = :position',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':all': ALL_ORGANIZATIONS_PARTITION, ':position': organizationPosition(organization) },
        },
      },
      ...namePostingItems(organization),
    ],
    // Deleted meanwhile: nothing to list.
    { ifAnyConditionFails: new AlreadyDone(undefined) },
  );
}

/** Stores a new organization and counts it, in one transaction; an id that exists already is a conflict. */
export async function createOrganization(organization: Organization): Promise<Organization> {
  await transact(() => organizationCreateItems(organization), {
    attempts: 1,
    ifAnyConditionFails: () => new ConflictError('An organization with this id exists already'),
  });
  return organization;
}

/** Every organization, by name, one DynamoDB page at a time (GSI1, GSI1PK = ORGS): what a CSV export reads. */
export async function* allOrganizationPages(): AsyncGenerator<Organization[]> {
  for await (const items of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :all',
    ExpressionAttributeValues: { ':all': ALL_ORGANIZATIONS_PARTITION },
  })) {
    yield items.map(fromOrganizationItem);
  }
}

// Reading the counters --------------------------------------------------------------------------------

/** The positive counters of an item whose names start with a prefix, by the rest of the name. */
function countersWith(item: Readonly<Record<string, unknown>>, prefix: string): [string, number][] {
  return Object.entries(item)
    .filter(([name, value]) => name.startsWith(prefix) && typeof value === 'number' && value > 0)
    .map(([name, value]) => [name.slice(prefix.length), value as number]);
}

/** The kinds of race an organization's public events are, the most frequent first (ties in vocabulary order). */
function specialtiesOf(item: Readonly<Record<string, unknown>>): EventType[] {
  const counts = new Map(countersWith(item, TYPE));
  return EVENT_TYPES.filter((type) => counts.has(type)).sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
}

/** Where most of its public events are (ties: alphabetically), if it has any. */
function locationOf(item: Readonly<Record<string, unknown>>): OrganizationCard['location'] {
  const [top] = countersWith(item, PLACE).sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  if (!top) return undefined;
  const at = top[0].lastIndexOf('|');
  const state = top[0].slice(at + 1);
  return isStateCode(state) ? { city: top[0].slice(0, at), state } : undefined;
}

/** Its public events dated before `today` and from `today` on, from the per-day counters. */
export function eventCountsOf(item: Readonly<Record<string, unknown>>, today: string): { upcoming: number; past: number } {
  let upcoming = 0;
  let past = 0;
  for (const [date, count] of countersWith(item, DAY)) {
    if (date >= today) upcoming += count;
    else past += count;
  }
  return { upcoming, past };
}

/** Every word an organization is found by: its name's and those its public events lend it (placeAndKindWords). */
export function organizationWordsOf(item: Readonly<Record<string, unknown>>): string[] {
  const places = countersWith(item, PLACE).map(([place]) => {
    const at = place.lastIndexOf('|');
    return placeWords(place.slice(0, at), place.slice(at + 1));
  });
  return [...new Set([...words(String(item.name ?? '')), ...places.flat(), ...specialtiesOf(item).flatMap((kind) => words(enumLabel(kind)))])];
}

/** The rating of a review aggregate item (count, sum of stars), or null when there are no reviews. */
export function ratingOf(reviews: Readonly<Record<string, unknown>> | undefined): OrganizationRating {
  const count = Number(reviews?.count ?? 0);
  const sum = Number(reviews?.sum ?? 0);
  if (!Number.isFinite(count) || count <= 0 || !Number.isFinite(sum)) return null;
  return { average: Math.min(5, Math.max(1, Math.round((sum / count) * 10) / 10)), count: Math.round(count) };
}

/** A directory card from the stored organization item, its review aggregate and its next event. */
export function organizationCardOf(
  item: Readonly<Record<string, unknown>>,
  reviews: Readonly<Record<string, unknown>> | undefined,
  nextEvent: OrganizationCard['nextEvent'],
  today: string,
): OrganizationCard & { pastEventCount: number } {
  const organization = fromOrganizationItem(item);
  const { upcoming, past } = eventCountsOf(item, today);
  const location = locationOf(item);
  return {
    id: organization.id,
    name: organization.name,
    verified: organization.verified === true,
    ...(location ? { location } : {}),
    eventCount: Math.max(0, Number(item[PUBLIC_EVENTS] ?? 0)),
    upcomingEventCount: upcoming,
    pastEventCount: past,
    specialties: specialtiesOf(item),
    rating: ratingOf(reviews),
    ...(nextEvent ? { nextEvent } : {}),
    ...(organization.websiteUrl ? { websiteUrl: organization.websiteUrl } : {}),
  };
}
