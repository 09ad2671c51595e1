import { inject } from 'vitest';

// Handlers imported directly by a test talk to the same DynamoDB Local table the gateway uses.
const stack = inject('localStack');
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.TABLE_NAME = stack.tableName;
process.env.DYNAMODB_ENDPOINT = stack.dynamoEndpoint;
process.env.APP_VERSION ??= 'test';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
