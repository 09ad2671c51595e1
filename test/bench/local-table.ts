/**
 * A bench's own table: DynamoDB Local in memory with the app's table, and the handlers' environment pointed at it,
 * for the length of `work`. A bench process holds one (handler modules read their configuration once).
 */
import { TABLE_NAME_DEFAULT } from '#shared/table';
import { applyHandlerEnvironment } from '../../infra/local/handler-env.ts';

export async function withLocalTable<T>(work: () => Promise<T>): Promise<T> {
  const { startDynamoDbLocal } = await import('../../infra/local/dynamodb-local.ts');
  const { ensureTable } = await import('../../infra/local/table-bootstrap.ts');
  const dynamo = await startDynamoDbLocal();
  try {
    await ensureTable(dynamo.client, TABLE_NAME_DEFAULT);
    applyHandlerEnvironment({ tableName: TABLE_NAME_DEFAULT, dynamoEndpoint: dynamo.endpoint, logLevel: 'SILENT' });
    return await work();
  } finally {
    await dynamo.stop();
  }
}
