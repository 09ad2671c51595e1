import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';

/** One document client per container, reused across invocations. */
export const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: config.region,
    ...(config.dynamoEndpoint
      ? { endpoint: config.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);

export const tableName = config.tableName;

/** Whether a DynamoDB error is a failed condition, alone or inside a cancelled transaction. */
export function isConditionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException') return true;
  if (error.name === 'TransactionCanceledException') {
    const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return reasons.some((reason) => reason.Code === 'ConditionalCheckFailed');
  }
  return false;
}
