import { Annotations, Duration, Stack, Validations } from 'aws-cdk-lib';
import { Grant, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { LISTED_RACES_PREFIX, SUPPRESSION_PARTITION_PREFIX } from '#shared/notification-partitions';
import type { Data } from './data.ts';
import type { NotificationMailConfig } from './deploy-config.ts';
import { LambdaFunction } from './lambda-function.ts';
import { handlerEnvironment, notificationQueueEnvironment, notificationSenderEnvironment, unsubscribeSecretEnvironment } from './lambda-environment.ts';
import { TRIGGERS } from './lambda-triggers.ts';
import { invokeOnSchedule } from './site-schedule.ts';

/** The most sender containers at once: the deployment's send rate is split evenly among them. */
export const SENDER_MAX_CONCURRENCY = 2;
/** Messages per invocation: SQS's most for a standard queue without a batching window. */
export const SENDER_BATCH_SIZE = 10;
/**
 * Long enough for a batch at the slowest rate deploy-config.ts allows (1 a second for the deployment, 0.5 for a
 * container: 18 s of SES pacing) with the table's writes and SES's own latency beside it.
 */
export const SENDER_TIMEOUT = Duration.seconds(60);
/** Receives before a message is moved to the dead-letter queue: five tries over about half an hour. */
export const MAX_RECEIVE_COUNT = 5;
/** When the daily alerts run: early morning on the site's clock, before runners check their mail. */
export const DAILY_ALERTS_SCHEDULE = 'cron(0 6 * * ? *)';
/** When the weekly training summaries go out: Monday morning, as the week starts. */
export const WEEKLY_SUMMARY_SCHEDULE = 'cron(0 6 ? * MON *)';
/** The unsubscribe links' HMAC key: well over lambdas/lib/config.ts UNSUBSCRIBE_SECRET_MIN_LENGTH (32). */
export const UNSUBSCRIBE_SECRET_LENGTH = 64;

export interface NotificationsProps {
  readonly data: Data;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
  /** The site's origin, for the links in the messages (a lazy value: the distribution is built after this). */
  readonly siteUrl: string;
  /** From deploy context (mailFrom, sesIdentity); absent, nothing may be sent (deploy-config.ts says why). */
  readonly mail?: NotificationMailConfig;
  /** SES sends per second for the whole deployment (deploy context notificationSendRate). */
  readonly sendRatePerSecond: number;
}

/**
 * Notifications (issue 23): the queue producers put messages on (grantEnqueue), the sender that drains it into
 * the inbox and SES at the deployment's rate, the SES configuration set whose bounce and complaint events reach
 * the suppression list through an SNS topic and a small function, and the key that signs one-click unsubscribe
 * links (grantUnsubscribeSecret).
 *
 * A message that fails MAX_RECEIVE_COUNT times (SES refusing, the table unreachable, a message that never parses)
 * moves to the dead-letter queue, which keeps it 14 days; infra/operations.ts alarms on any message there, and
 * docs/operations.md says how to move them back once the cause is fixed.
 */
export class Notifications extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly sender: LambdaFunction;
  readonly unsubscribeSecret: Secret;
  readonly configurationSet: ConfigurationSet;
  /** The daily alerts and weekly summary jobs, and the race-change reader (addProducers). */
  readonly dailyAlerts: LambdaFunction;
  readonly weeklySummary: LambdaFunction;
  readonly raceChanges: LambdaFunction;
  /** SES's bounce and complaint events for the configuration set. */
  readonly feedbackTopic: Topic;
  readonly feedbackTopicKey: Key;
  readonly feedback: LambdaFunction;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const environment = handlerEnvironment({ tableName: props.data.table.tableName, appVersion: props.appVersion, superAdminEmails: props.superAdminEmails });

    this.unsubscribeSecret = new Secret(this, 'UnsubscribeSecret', {
      description: `${stack.stackName}: signs the one-click unsubscribe links of notification e-mail`,
      generateSecretString: { passwordLength: UNSUBSCRIBE_SECRET_LENGTH, excludePunctuation: true },
    });
    Validations.of(this.unsubscribeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The unsubscribe links in mail already sent are signed with this key and stay valid for weeks ' +
        '(lambdas/lib/unsubscribe-token.ts); rotating it would break every one of them, and it guards nothing but those links',
    });

    // A message that moves here keeps its first enqueue time, so this queue must keep messages longer than the
    // main queue (4 days) or some would expire on arrival.
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's advice for a queue that feeds Lambda: six times the function's timeout, so a batch that is still
      // being worked on (or retried by the event source's poller) is not handed to another container meanwhile.
      visibilityTimeout: Duration.seconds(SENDER_TIMEOUT.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {});

    // SES publishes to an encrypted topic only with a customer managed key it may use: the AWS managed key for SNS
    // cannot be shared with it. The key lets SES encrypt for SNS; which configuration set may publish to the topic
    // at all is the topic policy's condition, which the event destination below adds.
    this.feedbackTopicKey = new Key(this, 'FeedbackTopicKey', {
      description: `${stack.stackName}: encrypts SES's bounce and complaint events`,
      enableKeyRotation: true,
    });
    this.feedbackTopicKey.addToResourcePolicy(
      new PolicyStatement({
        sid: 'SesPublish',
        principals: [new ServicePrincipal('ses.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.feedbackTopic = new Topic(this, 'FeedbackTopic', {
      displayName: `${stack.stackName} SES feedback`,
      masterKey: this.feedbackTopicKey,
      enforceSSL: true,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(this.feedbackTopic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });

    this.sender = new LambdaFunction(this, 'Sender', {
      handlerModule: TRIGGERS.notificationSender.handler,
      description: TRIGGERS.notificationSender.summary,
      timeout: SENDER_TIMEOUT,
      environment: {
        ...environment,
        ...notificationSenderEnvironment({
          // Each container paces itself (lambdas/notifications/send-notifications.ts), so the deployment's rate is
          // split among the most containers the event source runs at once.
          sendRatePerSecond: props.sendRatePerSecond / SENDER_MAX_CONCURRENCY,
          ...(props.mail ? { mailFrom: props.mail.from } : {}),
          configurationSet: this.configurationSet.configurationSetName,
          siteUrl: props.siteUrl,
        }),
      },
    });
    this.sender.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: SENDER_BATCH_SIZE,
        // Only the failed messages of a batch come back, not the ones already delivered.
        reportBatchItemFailures: true,
        // The pacing above holds only while no more containers than this run.
        maxConcurrency: SENDER_MAX_CONCURRENCY,
      }),
    );
    // Inbox items, delivery records, profiles, preferences, the system configuration and the suppression list.
    props.data.grantReadWriteData(this.sender);
    this.grantUnsubscribeSecret(this.sender);
    if (props.mail) {
      // SESv2 SendEmail is authorized on the identity sent as and on the configuration set named in the call.
      this.sender.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [
            stack.formatArn({ service: 'ses', resource: 'identity', resourceName: props.mail.identity }),
            stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName }),
          ],
        }),
      );
    } else {
      Annotations.of(this).addWarningV2(
        'racefinder:noMailFrom',
        'mailFrom is not set: notifications reach the in-app inbox only, every message ends in the notification dead-letter queue and its alarm fires. Set mailFrom (and sesIdentity) to send e-mail',
      );
    }

    this.feedback = new LambdaFunction(this, 'SesFeedback', {
      handlerModule: TRIGGERS.sesFeedback.handler,
      description: TRIGGERS.sesFeedback.summary,
      environment,
    });
    // lambdas/data/email-suppression.ts suppress(): one UpdateItem under the suppression list's own prefix.
    Grant.addToPrincipal({
      grantee: this.feedback,
      actions: ['dynamodb:UpdateItem'],
      resourceArns: [props.data.table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${SUPPRESSION_PARTITION_PREFIX}*`] } },
    });
    this.feedbackTopic.addSubscription(new LambdaSubscription(this.feedback));
    ({ dailyAlerts: this.dailyAlerts, weeklySummary: this.weeklySummary, raceChanges: this.raceChanges } = this.addProducers(props, environment));
  }

  /**
   * The producers that run on their own: the daily alerts and the weekly summaries on schedules (EventBridge
   * Scheduler, in the site's time zone) and the race-change reader on the table's stream (event items only,
   * filtered before Lambda is called). All put messages on the queue; none sends anything itself.
   */
  private addProducers(
    props: NotificationsProps,
    environment: Record<string, string>,
  ): { dailyAlerts: LambdaFunction; weeklySummary: LambdaFunction; raceChanges: LambdaFunction } {
    // A day's races against every saved search: seconds at 1,000 races and 50,000 searches (npm run bench); then
    // the closing reminders. The job's window starts where its last run ended, so a missed day is caught up.
    const dailyAlerts = this.scheduledJob('DailyAlerts', TRIGGERS.dailyAlerts, environment, {
      expression: DAILY_ALERTS_SCHEDULE,
      description: 'Daily alerts: digests of new races for saved searches, and registration closing reminders',
    });
    // Reads events, postings and saves; writes its run record (ALERTS#DAILY).
    props.data.grantReadWriteData(dailyAlerts);
    const weeklySummary = this.scheduledJob('WeeklySummary', TRIGGERS.weeklySummary, environment, {
      expression: WEEKLY_SUMMARY_SCHEDULE,
      description: 'Weekly training summaries for the people who turned them on',
    });
    // Reads the readers' index, their week figures and plans; writes nothing.
    props.data.grantReadData(weeklySummary);

    const raceChanges = new LambdaFunction(this, 'RaceChanges', {
      handlerModule: TRIGGERS.raceChanges.handler,
      description: TRIGGERS.raceChanges.summary,
      timeout: Duration.minutes(2),
      environment,
    });
    // Reads who saved the race (the saves index); the stream itself is granted by the event source.
    props.data.grantReadData(raceChanges);
    // Writes only the record of a race made public (lambdas/data/listed-races.ts), under its own prefix.
    Grant.addToPrincipal({
      grantee: raceChanges,
      actions: ['dynamodb:PutItem'],
      resourceArns: [props.data.table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${LISTED_RACES_PREFIX}*`] } },
    });
    this.grantEnqueue(raceChanges);
    raceChanges.addEventSource(
      new DynamoEventSource(props.data.table, {
        // Records written before the reader existed are history, as locally (infra/local/race-change-stream.ts).
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        retryAttempts: 5,
        reportBatchItemFailures: true,
        filters: [FilterCriteria.filter({ eventName: FilterRule.isEqual('MODIFY'), dynamodb: { NewImage: { entity: { S: FilterRule.isEqual('event') } } } })],
      }),
    );
    return { dailyAlerts, weeklySummary, raceChanges };
  }

  /** A job that puts messages on the queue, run by EventBridge Scheduler on the site's clock, invoking it alone. */
  private scheduledJob(id: string, trigger: { handler: string; summary: string }, environment: Record<string, string>, schedule: { expression: string; description: string }): LambdaFunction {
    const job = new LambdaFunction(this, id, { handlerModule: trigger.handler, description: trigger.summary, timeout: Duration.minutes(5), environment });
    this.grantEnqueue(job);
    invokeOnSchedule(this, id, job, schedule);
    return job;
  }

  /** Lets a function put notifications on the queue (lambdas/data/notification-queue.ts) and tells it where. */
  grantEnqueue(fn: LambdaFn): void {
    this.queue.grantSendMessages(fn);
    for (const [name, value] of Object.entries(notificationQueueEnvironment({ queueUrl: this.queue.queueUrl }))) fn.addEnvironment(name, value);
  }

  /** Lets a function read the unsubscribe links' key (lambdas/lib/unsubscribe-secret.ts) and tells it which secret. */
  grantUnsubscribeSecret(fn: LambdaFn): void {
    this.unsubscribeSecret.grantRead(fn);
    for (const [name, value] of Object.entries(unsubscribeSecretEnvironment(this.unsubscribeSecret.secretArn))) fn.addEnvironment(name, value);
  }
}
