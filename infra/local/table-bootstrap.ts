import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { INDEXES, KEY, TTL_ATTRIBUTE } from '#shared/table';

/**
 * Creates the table with the same keys and indexes as the CDK data construct (both read shared/table.ts).
 * Returns true when it created the table, false when it was already there.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
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
