/**
 * Organizations, read side: the organization behind an event, as its page shows it. Organizations are
 * written by the organizer issue; the item shape is fixed here so that writer and tests build it the same way.
 *
 * | item         | PK         | SK  |
 * | organization | ORG#<id>   | ORG |
 *
 * Access pattern (README): an organization (table, PK = ORG#<id>, SK = ORG).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { OrganizationSchema, type Organization } from '#shared/schemas/organization';
import { db, tableName } from '#lib/dynamo';
import { itemReader, schemaFields } from '#lib/item';

export const organizationKey = (id: string) => ({ PK: `ORG#${id}`, SK: 'ORG' });

export function toOrganizationItem(organization: Organization) {
  return { ...organizationKey(organization.id), entity: 'organization', ...organization };
}

const readOrganization = itemReader(schemaFields<Organization>(OrganizationSchema));

/** Only the fields the API shows, whatever else the item carries (keys, audit fields); empty texts count as unset. */
export function fromOrganizationItem(item: Readonly<Record<string, unknown>>): Organization {
  const organization: Record<string, unknown> = { ...readOrganization(item) };
  for (const [field, value] of Object.entries(organization)) if (value === '' && field !== 'name') delete organization[field];
  return { ...organization, name: String(organization.name ?? '') } as Organization;
}

export async function getOrganization(id: string): Promise<Organization | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: organizationKey(id) }));
  return Item ? fromOrganizationItem(Item) : undefined;
}
