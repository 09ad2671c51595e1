import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
  type StreamSpecification,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { INDEXES, KEY, TTL_ATTRIBUTE } from '#shared/table';

/** The table's stream as infra/data.ts gives it in AWS: its readers (race changes, issue 23) compare both images. */
export const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const satisfies StreamSpecification;

/**
 * Creates the table with the same keys and indexes as the CDK data construct (both read shared/table.ts), and
 * its stream. Returns true when it created the table, false when it was already there; a table kept from
 * before the stream was added (an old data folder, an older seed image) gets its stream now.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  let existing: TableDescription | undefined;
  try {
    existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  if (existing) {
    await ensureStream(client, tableName, existing);
    return false;
  }
  const attributes = [KEY.pk, KEY.sk, ...INDEXES.flatMap((index) => [index.partitionKey, index.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: KEY.pk, KeyType: 'HASH' },
        { AttributeName: KEY.sk, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: INDEXES.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: TABLE_STREAM,
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
  return true;
}

/** Turns the stream on when the table has none; one of another view is turned off first, as DynamoDB requires. */
async function ensureStream(client: DynamoDBClient, tableName: string, table: TableDescription): Promise<void> {
  const stream = table.StreamSpecification;
  if (stream?.StreamEnabled && stream.StreamViewType === TABLE_STREAM.StreamViewType) return;
  if (stream?.StreamEnabled) await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }));
  await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: TABLE_STREAM }));
}
