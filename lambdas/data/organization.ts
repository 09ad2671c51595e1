/**
 * Organizations: the organization behind an event, as its page shows it, and every organization for the
 * admin's CSV export. An approved organizer application creates the applicant's organization
 * (organizer-application.ts, with organizationCreateItems in its transaction) and links it from their
 * profile; the events they create or claim name it (organizationId).
 *
 * | item                  | PK         | SK            | GSI1 (all organizations) |
 * | organization          | ORG#<id>   | ORG           | ORGS / <id>              |
 * | organization counters | COUNTER    | ORGANIZATIONS |                          |
 *
 * Ids are ULIDs, so GSI1's sort key lists organizations in the order they were created.
 *
 * Access patterns (README): an organization (table, PK = ORG#<id>, SK = ORG); all organizations (GSI1,
 * GSI1PK = ORGS); organization count (table, COUNTER / ORGANIZATIONS, attribute `total`). Whatever writes
 * organizations creates them with createOrganization, which counts them in the same transaction, so screens
 * never count by reading them all.
 */
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { OrganizationSchema, type Organization } from '#shared/schemas/organization';
import { counterUpdateItems } from '#lib/counter-update';
import { db, tableName } from '#lib/dynamo';
import { ConflictError } from '#lib/errors';
import { itemReader, schemaFields } from '#lib/item';
import { isConditionFailure } from '#lib/transactions';
import { queryPages } from '#lib/query-pages';

export const organizationKey = (id: string) => ({ PK: `ORG#${id}`, SK: 'ORG' });
export const ORGANIZATION_COUNTERS_KEY = { PK: 'COUNTER', SK: 'ORGANIZATIONS' } as const;
/** GSI1's partition of every organization. */
export const ALL_ORGANIZATIONS_PARTITION = 'ORGS';

export function toOrganizationItem(organization: Organization) {
  return {
    ...organizationKey(organization.id),
    entity: 'organization',
    ...organization,
    GSI1PK: ALL_ORGANIZATIONS_PARTITION,
    GSI1SK: organization.id,
  };
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

/** The writes that store a new organization and count it, for a transaction; an existing id fails the Put. */
export function organizationCreateItems(organization: Organization): NonNullable<TransactWriteCommandInput['TransactItems']> {
  return [
    { Put: { TableName: tableName, Item: toOrganizationItem(organization), ConditionExpression: 'attribute_not_exists(PK)' } },
    ...counterUpdateItems(ORGANIZATION_COUNTERS_KEY, { total: 1 }),
  ];
}

/** Stores a new organization and counts it, in one transaction; an id that exists already is a conflict. */
export async function createOrganization(organization: Organization): Promise<Organization> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: organizationCreateItems(organization) }));
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('An organization with this id exists already');
    throw error;
  }
  return organization;
}

/** Every organization, oldest first, one DynamoDB page at a time (GSI1, GSI1PK = ORGS): what a CSV export reads. */
export async function* allOrganizationPages(): AsyncGenerator<Organization[]> {
  for await (const items of queryPages({
    TableName: tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :all',
    ExpressionAttributeValues: { ':all': ALL_ORGANIZATIONS_PARTITION },
  })) {
    yield items.map(fromOrganizationItem);
  }
}
