/**
 * Notifications in AWS (infra/notifications.ts): an encrypted queue whose messages go to a dead-letter queue after
 * five failed receives, and an alarm on that queue; a sender fed ten messages at a time by at most two containers,
 * which split the deployment's SES rate between them and may send only as the configured identity through the
 * stack's configuration set; SES's bounces and complaints reaching the suppression list through an encrypted topic
 * and a function that may write that list only; and the routes getting exactly what they use: the decision routes
 * may put messages on the queue, the one-click unsubscribe may read the links' key, no other route either.
 */
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SEND_RATE, DeployConfigError, readDeployConfig } from '../../infra/deploy-config.ts';
import { TRIGGERS } from '../../infra/lambda-triggers.ts';
import { LISTED_RACES_PREFIX } from '#shared/notification-partitions';
import { DAILY_ALERTS_SCHEDULE, WEEKLY_SUMMARY_SCHEDULE, MAX_RECEIVE_COUNT, SENDER_BATCH_SIZE, SENDER_MAX_CONCURRENCY, SENDER_TIMEOUT } from '../../infra/notifications.ts';
import { THRESHOLDS } from '../../infra/operations.ts';
import { DAILY_PRICES_SCHEDULE } from '../../infra/daily-prices.ts';
import { ROUTE_NEEDS, type RouteNeedsTable } from '../../infra/route-needs.ts';
import { ROUTES, ROUTE_IDS, type RouteId } from '../../shared/routes/index.ts';
import { SYNTH_TIMEOUT_MS, logicalIdOf, synthesizeRaceFinder } from './synth-stack.ts';
import type { Synthesized } from './synth-stack.ts';
import { asArray, functionForHandler, identityStatements, ourFunctions, resources, resourcesOfType, statementsOfFunctionRole } from './template-queries.ts';
import type { PolicyStatement, Resource } from './template-queries.ts';

const configFrom = (context: Record<string, unknown>) => readDeployConfig(new App({ context }).node);
const ref = (logicalId: string) => ({ Ref: logicalId });
const arnOf = (logicalId: string) => ({ 'Fn::GetAtt': [logicalId, 'Arn'] });
const variables = (fn: Resource) => (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
const actionsOf = (statements: PolicyStatement[], prefix: string) =>
  statements.flatMap((statement) => asArray(statement.Action)).filter((action) => action.startsWith(prefix));
const withActions = (statements: PolicyStatement[], prefix: string) => statements.filter((statement) => actionsOf([statement], prefix).length > 0);

/** The routes that tell people about a decision or a payment (lambdas/data/decision-notices.ts and its callers). */
const PRODUCER_ROUTES = ['decideApplication', 'decideClaim', 'decideEventReview', 'decidePromotion', 'moderateRaceReview', 'stripeWebhook'];

const MAIL_CONTEXT = {
  mailFrom: 'RaceFinder <alerts@mail.races.example.com>',
  sesIdentity: 'races.example.com',
  notificationSendRate: '14',
};

describe('deploy context for notifications', () => {
  it('takes the From address bare or with a display name, and defaults the SES identity to its domain', () => {
    expect(configFrom({ mailFrom: 'RaceFinder <alerts@races.example.com>' }).mail).toEqual({
      from: 'RaceFinder <alerts@races.example.com>',
      identity: 'races.example.com',
    });
    expect(configFrom({ mailFrom: 'Alerts@Races.Example.com' }).mail).toEqual({ from: 'Alerts@Races.Example.com', identity: 'races.example.com' });
    expect(configFrom({}).mail).toBeUndefined();
  });

  it('refuses a From address SES could not take as it is', () => {
    for (const mailFrom of ['nobody', 'RaceFinder<alerts@races.example.com>', 'Race, Finder <alerts@races.example.com>', 'a@b@races.example.com', 'alerts@localhost']) {
      expect(() => configFrom({ mailFrom }), mailFrom).toThrow(/mailFrom must be an e-mail address/);
    }
  });

  it('takes an identity that covers the From address: its domain, a parent domain or the address itself', () => {
    expect(configFrom(MAIL_CONTEXT).mail!.identity).toBe('races.example.com');
    expect(configFrom({ mailFrom: 'alerts@races.example.com', sesIdentity: 'Alerts@races.example.com' }).mail!.identity).toBe('alerts@races.example.com');
    expect(() => configFrom({ mailFrom: 'alerts@races.example.com', sesIdentity: 'other.example.com' })).toThrow(/does not cover/);
    expect(() => configFrom({ mailFrom: 'alerts@races.example.com', sesIdentity: 'news@races.example.com' })).toThrow(/address other than/);
    expect(() => configFrom({ mailFrom: 'alerts@races.example.com', sesIdentity: 'not a domain' })).toThrow(DeployConfigError);
    expect(() => configFrom({ sesIdentity: 'races.example.com' })).toThrow(/mailFrom is not/);
  });

  it('takes the send rate as a number of at least 1, and leaves the default to notificationSendRateOf', () => {
    expect(configFrom({ notificationSendRate: '14' }).notificationSendRate).toBe(14);
    expect(configFrom({ notificationSendRate: 2.5 }).notificationSendRate).toBe(2.5);
    expect(configFrom({})).not.toHaveProperty('notificationSendRate');
    for (const notificationSendRate of ['0', '0.5', '-3', 'fast', 'Infinity']) {
      expect(() => configFrom({ notificationSendRate }), notificationSendRate).toThrow(/notificationSendRate must be a number/);
    }
  });
});

describe('notifications of the default deployment', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesizeRaceFinder();
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synth?.cleanup());

  const queueId = () => logicalIdOf(synth.stack, synth.stack.notifications.queue);
  const deadLetterId = () => logicalIdOf(synth.stack, synth.stack.notifications.deadLetterQueue);
  const secretId = () => logicalIdOf(synth.stack, synth.stack.notifications.unsubscribeSecret);
  const sender = () => functionForHandler(synth.template, TRIGGERS.notificationSender.handler);

  it('keeps messages in an encrypted, TLS-only queue that moves one to the dead-letter queue after 5 failed receives', () => {
    const queue = resources(synth.template)[queueId()]!;
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: arnOf(deadLetterId()), maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    expect(MAX_RECEIVE_COUNT).toBe(5);
    // AWS's advice for a queue feeding Lambda: at least six times the function's timeout.
    expect(queue.Properties!.VisibilityTimeout).toBeGreaterThanOrEqual(6 * (sender()[1].Properties!.Timeout as number));
    const deadLetters = resources(synth.template)[deadLetterId()]!;
    expect(deadLetters.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    for (const id of [queueId(), deadLetterId()]) {
      const policy = resourcesOfType(synth.template, 'AWS::SQS::QueuePolicy').find(([, candidate]) => JSON.stringify(candidate.Properties!.Queues) === JSON.stringify([ref(id)]));
      expect((policy![1].Properties!.PolicyDocument as { Statement: unknown[] }).Statement, id).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('feeds the sender 10 messages at a time, at most 2 containers at once, reporting failed messages one by one', () => {
    const [senderId, fn] = sender();
    const mappings = resourcesOfType(synth.template, 'AWS::Lambda::EventSourceMapping').filter(
      ([, mapping]) => JSON.stringify(mapping.Properties!.EventSourceArn) === JSON.stringify(arnOf(queueId())),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]![1].Properties).toMatchObject({
      FunctionName: ref(senderId),
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    expect([SENDER_BATCH_SIZE, SENDER_MAX_CONCURRENCY]).toEqual([10, 2]);
    expect(fn.Properties!.Timeout).toBe(SENDER_TIMEOUT.toSeconds());
    expect(fn.Properties!.Timeout).toBeGreaterThanOrEqual(60);
  });

  it.each([
    ['daily alerts', TRIGGERS.dailyAlerts.handler, DAILY_ALERTS_SCHEDULE],
    ['weekly summaries', TRIGGERS.weeklySummary.handler, WEEKLY_SUMMARY_SCHEDULE],
    ['daily prices', TRIGGERS.dailyPrices.handler, DAILY_PRICES_SCHEDULE],
  ])("runs the %s on the site's clock, invoking that function only", (_, handler, expression) => {
    const [jobId] = functionForHandler(synth.template, handler);
    const schedules = resourcesOfType(synth.template, 'AWS::Scheduler::Schedule').filter(([, schedule]) => JSON.stringify(schedule.Properties!.Target).includes(jobId));
    expect(schedules).toHaveLength(1);
    expect(schedules[0]![1].Properties).toMatchObject({ ScheduleExpression: expression, ScheduleExpressionTimezone: 'America/New_York', State: 'ENABLED' });
    const roleId = (schedules[0]![1].Properties!.Target as { RoleArn: { 'Fn::GetAtt': [string, string] } }).RoleArn['Fn::GetAtt'][0];
    const statements = resourcesOfType(synth.template, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties!.Roles) === JSON.stringify([ref(roleId)]))
      .flatMap(([, policy]) => (policy.Properties!.PolicyDocument as { Statement: PolicyStatement[] }).Statement);
    expect(statements).toEqual([expect.objectContaining({ Action: 'lambda:InvokeFunction', Resource: arnOf(jobId) })]);
  });

  it('lets the weekly summaries read the table and enqueue, never write the table', () => {
    const [, job] = functionForHandler(synth.template, TRIGGERS.weeklySummary.handler);
    const actions = statementsOfFunctionRole(synth.template, job).flatMap((statement) => asArray(statement.Action));
    expect(actions).toContain('sqs:SendMessage');
    expect(actions).toContain('dynamodb:Query');
    expect(actions.filter((action) => /dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)/.test(action))).toEqual([]);
  });

  it("reads the table's stream for changed event items only, from its latest record, reporting a failed record", () => {
    const [readerId, reader] = functionForHandler(synth.template, TRIGGERS.raceChanges.handler);
    const mappings = resourcesOfType(synth.template, 'AWS::Lambda::EventSourceMapping').filter(([, mapping]) => JSON.stringify(mapping.Properties!.FunctionName) === JSON.stringify(ref(readerId)));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]![1].Properties).toMatchObject({ StartingPosition: 'LATEST', BatchSize: 100, MaximumRetryAttempts: 5, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    const filter = JSON.stringify(mappings[0]![1].Properties!.FilterCriteria);
    expect(filter).toContain('MODIFY');
    expect(filter).toContain('event');
    // It reads the table and enqueues; its one write is the record of a race made public, under that prefix only.
    const statements = statementsOfFunctionRole(synth.template, reader);
    const actions = statements.flatMap((statement) => asArray(statement.Action));
    expect(actions).toContain('sqs:SendMessage');
    const writes = statements.filter((statement) => asArray(statement.Action).some((action) => /dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)/.test(action)));
    expect(writes).toEqual([
      expect.objectContaining({ Action: 'dynamodb:PutItem', Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${LISTED_RACES_PREFIX}*`] } } }),
    ]);
    expect(variables(reader).NOTIFICATION_QUEUE_URL).toEqual(ref(queueId()));
  });

  it("splits the default rate (SES's sandbox quota) between the containers, and has no From address nor any SES permission without mailFrom", () => {
    const [, fn] = sender();
    expect(variables(fn)).toMatchObject({
      SEND_RATE_PER_SECOND: String(DEFAULT_NOTIFICATION_SEND_RATE / SENDER_MAX_CONCURRENCY),
      SES_CONFIGURATION_SET: ref(logicalIdOf(synth.stack, synth.stack.notifications.configurationSet)),
      UNSUBSCRIBE_SECRET_SECRET_NAME: ref(secretId()),
      TABLE_NAME: ref(logicalIdOf(synth.stack, synth.stack.data.table)),
    });
    expect(variables(fn).MAIL_FROM).toBeUndefined();
    // The site's address, for the links in the messages.
    expect(JSON.stringify(variables(fn).SITE_URL)).toContain(logicalIdOf(synth.stack, synth.stack.site.distribution));
    expect(identityStatements(synth.template).filter(({ statement }) => actionsOf([statement], 'ses:').length > 0)).toEqual([]);
    const warnings = synth.stack.notifications.node.metadata.filter((entry) => entry.type === 'aws:cdk:warning').map((entry) => String(entry.data));
    expect(warnings.join('\n')).toMatch(/mailFrom is not set/);
  });

  it('lets the sender consume the queue, read the unsubscribe key and use the table, and nothing else', () => {
    const statements = statementsOfFunctionRole(synth.template, sender()[1]);
    const sqs = withActions(statements, 'sqs:');
    expect(sqs.map((statement) => statement.Resource)).toEqual([arnOf(queueId())]);
    expect(actionsOf(sqs, 'sqs:')).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility']));
    expect(withActions(statements, 'secretsmanager:').map((statement) => statement.Resource)).toEqual([ref(secretId())]);
    expect(actionsOf(statements, 'dynamodb:')).not.toContain('dynamodb:Scan');
    const services = new Set(statements.flatMap((statement) => asArray(statement.Action)).map((action) => action.split(':')[0]));
    expect([...services].sort()).toEqual(['dynamodb', 'logs', 'secretsmanager', 'sqs']);
  });

  it('lets exactly the routes that tell people about a decision or a payment put messages on the queue, and tells them where', () => {
    const notifying = ROUTE_IDS.filter((id) => (ROUTE_NEEDS as RouteNeedsTable)[id as RouteId]?.notifies);
    expect([...notifying].sort()).toEqual([...PRODUCER_ROUTES].sort());
    for (const id of ROUTE_IDS) {
      const [, fn] = functionForHandler(synth.template, ROUTES[id].handler);
      const sqs = withActions(statementsOfFunctionRole(synth.template, fn), 'sqs:');
      if (notifying.includes(id)) {
        expect(sqs, id).toHaveLength(1);
        expect(actionsOf(sqs, 'sqs:'), id).toContain('sqs:SendMessage');
        expect(actionsOf(sqs, 'sqs:'), id).not.toContain('sqs:ReceiveMessage');
        expect(sqs[0]!.Resource, id).toEqual(arnOf(queueId()));
        expect(variables(fn).NOTIFICATION_QUEUE_URL, id).toEqual(ref(queueId()));
      } else {
        // Other queues are theirs to use (the Strava routes put events on the Strava sync queue: test/infra/deploy-options.test.ts).
        expect(sqs.filter((statement) => JSON.stringify(statement.Resource) === JSON.stringify(arnOf(queueId()))), id).toEqual([]);
        expect(variables(fn).NOTIFICATION_QUEUE_URL, id).toBeUndefined();
      }
    }
  });

  it('lets the one-click unsubscribe read the key of its links, and gives it nothing else beyond its own partitions', () => {
    const [, route] = functionForHandler(synth.template, ROUTES.unsubscribe.handler);
    const statements = statementsOfFunctionRole(synth.template, route);
    const secrets = withActions(statements, 'secretsmanager:');
    expect(secrets.map((statement) => [asArray(statement.Action).sort(), statement.Resource])).toEqual([
      [['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'], ref(secretId())],
    ]);
    expect(variables(route).UNSUBSCRIBE_SECRET_SECRET_NAME).toEqual(ref(secretId()));
    const services = new Set(statements.flatMap((statement) => asArray(statement.Action)).map((action) => action.split(':')[0]));
    expect([...services].sort()).toEqual(['dynamodb', 'logs', 'secretsmanager']);
    // Besides it, only the sender (which signs the links) may read the key.
    const readers = ourFunctions(synth.template).filter(([, fn]) =>
      withActions(statementsOfFunctionRole(synth.template, fn), 'secretsmanager:').some((statement) => JSON.stringify(statement.Resource) === JSON.stringify(ref(secretId()))),
    );
    expect(readers.map(([id]) => id).sort()).toEqual([functionForHandler(synth.template, ROUTES.unsubscribe.handler)[0], sender()[0]].sort());
  });

  it('generates the unsubscribe key: 48 or more characters without punctuation', () => {
    const secret = resources(synth.template)[secretId()]!;
    const generated = secret.Properties!.GenerateSecretString as { PasswordLength: number; ExcludePunctuation: boolean };
    expect(generated.PasswordLength).toBeGreaterThanOrEqual(48);
    expect(generated.ExcludePunctuation).toBe(true);
    expect(secret.Properties!.SecretString).toBeUndefined();
  });

  it('alarms on any message in the dead-letter queue, on the alarm topic and the dashboard', () => {
    const alarms = resourcesOfType(synth.template, 'AWS::CloudWatch::Alarm').filter(([, alarm]) => alarm.Properties!.AlarmName === 'RaceFinder-notification-dead-letters');
    expect(alarms).toHaveLength(1);
    const [alarmId, alarm] = alarms[0]!;
    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLetterId(), 'QueueName'] } }],
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      AlarmActions: [ref(logicalIdOf(synth.stack, synth.stack.operations.topic))],
    });
    expect(THRESHOLDS.notificationDeadLetters).toBe(1);
    const [, dashboard] = resourcesOfType(synth.template, 'AWS::CloudWatch::Dashboard')[0]!;
    expect(JSON.stringify(dashboard.Properties!.DashboardBody)).toContain(`{"Fn::GetAtt":["${alarmId}","Arn"]}`);
  });

  it("sends the configuration set's bounces and complaints, and only those, to an encrypted topic SES may publish to", () => {
    const configurationSetId = logicalIdOf(synth.stack, synth.stack.notifications.configurationSet);
    const topicId = logicalIdOf(synth.stack, synth.stack.notifications.feedbackTopic);
    const destinations = resourcesOfType(synth.template, 'AWS::SES::ConfigurationSetEventDestination');
    expect(destinations).toHaveLength(1);
    const [, destination] = destinations[0]!;
    expect(destination.Properties!.ConfigurationSetName).toEqual(ref(configurationSetId));
    const eventDestination = destination.Properties!.EventDestination as { Enabled: boolean; MatchingEventTypes: string[]; SnsDestination: unknown };
    expect(eventDestination.Enabled).toBe(true);
    expect([...eventDestination.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint']);
    expect(eventDestination.SnsDestination).toEqual({ TopicARN: ref(topicId) });

    const keyId = logicalIdOf(synth.stack, synth.stack.notifications.feedbackTopicKey);
    expect(resources(synth.template)[topicId]!.Properties!.KmsMasterKeyId).toEqual(arnOf(keyId));
    const key = resources(synth.template)[keyId]!;
    expect(key.Properties!.EnableKeyRotation).toBe(true);
    expect((key.Properties!.KeyPolicy as { Statement: unknown[] }).Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Allow', Principal: { Service: 'ses.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] }),
    );
    const [, topicPolicy] = resourcesOfType(synth.template, 'AWS::SNS::TopicPolicy').find(([, policy]) => JSON.stringify(policy.Properties!.Topics) === JSON.stringify([ref(topicId)]))!;
    const statements = (topicPolicy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    const sesPublish = statements.filter((statement) => JSON.stringify(statement.Principal) === JSON.stringify({ Service: 'ses.amazonaws.com' }));
    expect(sesPublish).toHaveLength(1);
    expect(sesPublish[0]).toMatchObject({ Effect: 'Allow', Action: 'sns:Publish', Resource: ref(topicId) });
    // Only this stack's configuration set may publish.
    expect(JSON.stringify(sesPublish[0]!.Condition)).toContain(':configuration-set/');
    expect(JSON.stringify(sesPublish[0]!.Condition)).toContain(configurationSetId);
  });

  it('subscribes the feedback function to that topic, which may only add to the suppression list', () => {
    const topicId = logicalIdOf(synth.stack, synth.stack.notifications.feedbackTopic);
    const [feedbackId, feedback] = functionForHandler(synth.template, TRIGGERS.sesFeedback.handler);
    const subscriptions = resourcesOfType(synth.template, 'AWS::SNS::Subscription').filter(([, subscription]) => JSON.stringify(subscription.Properties!.TopicArn) === JSON.stringify(ref(topicId)));
    expect(subscriptions.map(([, subscription]) => subscription.Properties)).toEqual([{ Protocol: 'lambda', Endpoint: arnOf(feedbackId), TopicArn: ref(topicId) }]);
    const permission = resourcesOfType(synth.template, 'AWS::Lambda::Permission').find(([, candidate]) => JSON.stringify(candidate.Properties!.FunctionName) === JSON.stringify(arnOf(feedbackId)));
    expect(permission![1].Properties).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'sns.amazonaws.com', SourceArn: ref(topicId) });

    const statements = statementsOfFunctionRole(synth.template, feedback);
    expect(withActions(statements, 'dynamodb:')).toEqual([
      {
        Effect: 'Allow',
        Action: 'dynamodb:UpdateItem',
        Resource: arnOf(logicalIdOf(synth.stack, synth.stack.data.table)),
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SUPPRESSED#*'] } },
      },
    ]);
    const services = new Set(statements.flatMap((statement) => asArray(statement.Action)).map((action) => action.split(':')[0]));
    expect([...services].sort()).toEqual(['dynamodb', 'logs']);
  });

});

describe('notifications of a deployment that sends mail', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesizeRaceFinder(MAIL_CONTEXT);
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synth?.cleanup());

  it('mails from the configured address at the configured rate split between the 2 containers', () => {
    const [, fn] = functionForHandler(synth.template, TRIGGERS.notificationSender.handler);
    expect(variables(fn)).toMatchObject({ MAIL_FROM: MAIL_CONTEXT.mailFrom, SEND_RATE_PER_SECOND: '7' });
    expect(synth.stack.notifications.node.metadata.filter((entry) => entry.type === 'aws:cdk:warning')).toEqual([]);
  });

  it('lets only the sender call ses:SendEmail, and only as the configured identity through the configuration set', () => {
    const ses = identityStatements(synth.template).filter(({ statement }) => actionsOf([statement], 'ses:').length > 0);
    expect(ses).toHaveLength(1);
    const [, fn] = functionForHandler(synth.template, TRIGGERS.notificationSender.handler);
    expect(withActions(statementsOfFunctionRole(synth.template, fn), 'ses:')).toEqual([ses[0]!.statement]);
    const sesArn = (...resource: unknown[]) => ({
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ...resource]],
    });
    expect(ses[0]!.statement).toEqual({
      Effect: 'Allow',
      Action: 'ses:SendEmail',
      Resource: [sesArn(':identity/races.example.com'), sesArn(':configuration-set/', ref(logicalIdOf(synth.stack, synth.stack.notifications.configurationSet)))],
    });
  });

  it('has no unacknowledged cdk-nag AwsSolutions errors or warnings', () => {
    expect(synth.nagFindings).toEqual([]);
  });
});
