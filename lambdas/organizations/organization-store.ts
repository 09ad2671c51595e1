/**
 * Organizations, read side: the organization behind an event, as its page shows it. Organizations are
 * written by the organizer issue; the item shape is fixed here so that writer and tests build it the same way.
 *
 * | item         | PK         | SK  |
 * | organization | ORG#<id>   | ORG |
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Organization } from '#shared/schemas/organization';
import { db, tableName } from '#lib/dynamo';

export const organizationKey = (id: string) => ({ PK: `ORG#${id}`, SK: 'ORG' });

export function toOrganizationItem(organization: Organization) {
  return { ...organizationKey(organization.id), entity: 'organization', ...organization };
}

/** Only the fields the API shows, whatever else the item carries (keys, audit fields). */
export function fromOrganizationItem(item: Record<string, unknown>): Organization {
  const text = (name: string) => (typeof item[name] === 'string' && item[name] ? (item[name] as string) : undefined);
  return {
    id: String(item.id),
    name: String(item.name ?? ''),
    ...(text('description') ? { description: text('description') } : {}),
    ...(text('websiteUrl') ? { websiteUrl: text('websiteUrl') } : {}),
    ...(text('email') ? { email: text('email') } : {}),
  };
}

export async function getOrganization(id: string): Promise<Organization | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: organizationKey(id) }));
  return Item ? fromOrganizationItem(Item) : undefined;
}
