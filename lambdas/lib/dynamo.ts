import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';

/** One document client per container, reused across invocations. */
export const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: config.region,
    // Without a bound, a table that does not answer holds a request until the function times out (a 503 from
    // API Gateway with no word of why); bounded, the SDK's own retries follow and the wrapper answers 503.
    requestHandler: { connectionTimeout: 3_000 },
    ...(config.dynamoEndpoint
      ? { endpoint: config.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);

export const tableName = config.tableName;
