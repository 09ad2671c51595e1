import { inject } from 'vitest';
import { handlerEnvironment, offAwsEnvironment, stripeEnvironment } from '../../infra/lambda-environment.ts';

// Handlers imported directly by a test talk to the same DynamoDB Local table the gateway uses. The table and
// endpoint are the stack's; the rest may be set from outside (a log level to debug a test, say).
const stack = inject('localStack');
const environment = {
  ...handlerEnvironment({
    tableName: stack.tableName,
    appVersion: process.env.APP_VERSION ?? 'test',
    superAdminEmails: process.env.SUPER_ADMIN_EMAILS ?? '',
  }),
  ...offAwsEnvironment({ dynamoEndpoint: stack.dynamoEndpoint, logLevel: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT' }),
  ...stripeEnvironment({ apiUrl: stack.stripe.url, localSecretKey: stack.stripe.secretKey, localWebhookSecret: stack.stripe.webhookSecret }),
  // The notification sender, run by tests in this process: the stack's SES stand-in, key, From address and site.
  SES_ENDPOINT: stack.notifications.sesEndpoint,
  UNSUBSCRIBE_SECRET: stack.notifications.unsubscribeSecret,
  MAIL_FROM: stack.notifications.mailFrom,
  SQS_ENDPOINT: stack.notifications.sqsEndpoint,
  NOTIFICATION_QUEUE_URL: stack.notifications.queueUrl,
  SITE_URL: stack.url,
};
for (const [name, value] of Object.entries(environment)) {
  if (name === 'AWS_ACCESS_KEY_ID' || name === 'AWS_SECRET_ACCESS_KEY') process.env[name] ??= value;
  else process.env[name] = value;
}
