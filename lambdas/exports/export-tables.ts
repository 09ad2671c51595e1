/**
 * What each export writes: its columns (the header row, the API's field names) and its rows, read page by
 * page through the entity modules' Queries (events on GSI3's all-events partition, users on GSI1's, and
 * organizations on GSI1's), never a Scan. Events keep only those that pass the admin list's filters.
 */
import { matchesAdminEventFilters, type AdminEventFilters } from '#shared/schemas/admin-event-filters';
import type { RaceEvent } from '#shared/schemas/event';
import type { ExportTable } from '#shared/schemas/export-job';
import type { Organization } from '#shared/schemas/organization';
import type { Profile } from '#shared/schemas/profile';
import { allEventPages } from '#data/event';
import { allActiveSubscriberPages, type NewsletterSubscriberRow } from '#data/newsletter-subscription';
import { allOrganizationPages } from '#data/organization';
import { allProfilePages } from '#data/profile';
import type { Row } from '#lib/csv-cells';

export const EVENT_COLUMNS = [
  'id', 'title', 'eventDate', 'registrationEndDate', 'eventType', 'terrainType', 'locationName', 'city', 'state', 'country',
  'zipCode', 'latitude', 'longitude', 'distances', 'registrationFee', 'maxParticipants', 'registrationUrl', 'websiteUrl',
  'imageUrl', 'organizationId', 'organizerId', 'tags', 'featured', 'verified', 'source', 'sourceId', 'reviewFlag',
  'description', 'createdAt', 'updatedAt',
] as const satisfies readonly (keyof RaceEvent)[];

export const USER_COLUMNS = ['id', 'email', 'firstName', 'lastName', 'role', 'location', 'createdAt'] as const satisfies readonly (keyof Profile)[];

export const ORGANIZATION_COLUMNS = ['id', 'name', 'description', 'websiteUrl', 'email'] as const satisfies readonly (keyof Organization)[];

/**
 * The mailing tool puts each subscriber's unsubscribe link (the site's origin + unsubscribePath) in their e-mail;
 * unsubscribed addresses are not in the file.
 */
export const NEWSLETTER_COLUMNS = ['email', 'subscribedAt', 'unsubscribePath'] as const satisfies readonly (keyof NewsletterSubscriberRow)[];

/** Lists become one cell, their entries separated by '; ' (a distance such as '13.1 mi' has no semicolon). */
const LIST_SEPARATOR = '; ';

function eventRow(event: RaceEvent): Row {
  const row: Record<string, Row[string]> = {};
  for (const column of EVENT_COLUMNS) {
    const value = event[column];
    row[column] = Array.isArray(value) ? value.join(LIST_SEPARATOR) : (value as Row[string]);
  }
  return row;
}

export interface ExportSource {
  readonly columns: readonly string[];
  /** The rows, one page at a time. */
  pages(): AsyncGenerator<Row[]>;
}

async function* filteredEventRows(filters: AdminEventFilters): AsyncGenerator<Row[]> {
  for await (const events of allEventPages()) {
    yield events.filter((event) => matchesAdminEventFilters(event, filters)).map(eventRow);
  }
}

async function* plainRows<T extends object>(pages: AsyncGenerator<T[]>): AsyncGenerator<Row[]> {
  for await (const page of pages) yield page as unknown as Row[];
}

export function exportSource(table: ExportTable, filters: AdminEventFilters = {}): ExportSource {
  switch (table) {
    case 'events':
      return { columns: EVENT_COLUMNS, pages: () => filteredEventRows(filters) };
    case 'users':
      return { columns: USER_COLUMNS, pages: () => plainRows(allProfilePages()) };
    case 'organizations':
      return { columns: ORGANIZATION_COLUMNS, pages: () => plainRows(allOrganizationPages()) };
    case 'newsletter':
      return { columns: NEWSLETTER_COLUMNS, pages: () => plainRows(allActiveSubscriberPages()) };
  }
}
