import { Aws, Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  AlarmWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IAlarm, IMetric, IWidget } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { METRICS_DIMENSIONS, METRICS_NAMESPACE, WEBHOOK_FAILURES_METRIC } from '#shared/operations-metrics';
import { DEPLOY_REGION } from './deploy-config.ts';
import type { SiteFirewall } from './waf.ts';
import { chunksOf } from '#shared/chunks';

/** Every alarm and graph looks at 5-minute sums or percentiles. */
export const ALARM_PERIOD = Duration.minutes(5);

/**
 * CloudWatch takes at most 10 metrics into one alarm's metric math, so the route functions' errors are summed
 * in groups of at most this many: one alarm per group, groups never spanning two API areas.
 */
export const FUNCTIONS_PER_ERROR_ALARM = 10;

/** Custom metric of the API access log (metric filter below): requests API Gateway answered 429. */
export const API_THROTTLED_METRIC = 'ApiThrottledRequests';

/** The thresholds, in one place so docs/operations.md and the tests read the same numbers. */
export const THRESHOLDS = {
  /** Percent of requests answered 5xx in 5 minutes, in 2 of 3 periods. */
  apiServerErrorPercent: 5,
  /** Fewer requests than this in 5 minutes are too few for a rate: the rate counts as 0. */
  apiServerErrorMinRequests: 20,
  /** p95 of API Gateway's latency in ms, in 3 periods in a row. */
  apiLatencyP95Ms: 2000,
  /** 429s from the per-route throttles in 5 minutes, in 2 of 3 periods. */
  apiThrottledRequests: 100,
  /** Lambda throttles (the account's concurrency ran out) in 5 minutes, in 2 of 3 periods. */
  lambdaThrottles: 1,
  /** Errors of the functions of one group in 5 minutes, in 2 of 3 periods. */
  lambdaErrors: 1,
  /** Import executions failed or timed out in 5 minutes: any. */
  failedImports: 1,
  /** Webhook deliveries that could not be applied in 5 minutes: any. */
  webhookFailures: 1,
  /** Messages in the notification dead-letter queue: any (each is a person who was not told). */
  notificationDeadLetters: 1,
  /** Messages in the Strava sync dead-letter queue: any (each is an activity or event not applied). */
  stravaDeadLetters: 1,
} as const;

/** Route functions under one name (an API area or part of one), for the error alarms. */
export interface FunctionGroup {
  readonly name: string;
  readonly functions: readonly IFunction[];
}

export interface OperationsProps {
  readonly httpApi: IHttpApi;
  /** The API stage's access log (JSON lines with a `status` field), for the throttled-requests metric. */
  readonly apiAccessLogs: ILogGroup;
  /** The route functions, grouped by API area. */
  readonly functionGroups: readonly FunctionGroup[];
  /** Subscribed to the alarm topic when given (deploy context alarmEmail). */
  readonly alarmEmail?: string;
  /** The import state machine: alarms on failed and timed-out executions. */
  readonly importStateMachine?: IStateMachine;
  /** The site's web ACL: its allowed and blocked requests go on the dashboard. */
  readonly firewall?: SiteFirewall;
  /** The notification queue's dead-letter queue (infra/notifications.ts): alarms on any message in it. */
  readonly notificationDeadLetterQueue?: IQueue;
  /** Strava sync's dead-letter queue (infra/strava-sync.ts): any message there is worth an alarm. */
  readonly stravaDeadLetterQueue?: IQueue;
}

/** Console links /admin/system shows (shared/runtime-config.ts `operations`). */
export interface OperationsLinks {
  readonly dashboardUrl: string;
  readonly alarmsUrl: string;
}

/**
 * Operations (issue 8): an encrypted SNS topic that alarms notify (its e-mail subscription from deploy
 * context), alarms on the API's 5xx rate, p95 latency, throttles, the route functions' errors, failed
 * imports, webhook failures and undelivered notifications, and one dashboard of their metrics and states. Every alarm treats missing
 * data as not breaching: a quiet night is not an incident.
 */
export class Operations extends Construct {
  readonly topic: Topic;
  readonly topicKey: Key;
  readonly alarms: readonly Alarm[];
  readonly dashboard: Dashboard;
  readonly links: OperationsLinks;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const prefix = stack.stackName;

    // CloudWatch can publish to an encrypted topic only with a customer managed key whose policy lets it use
    // the key: the AWS managed key for SNS cannot be shared with CloudWatch.
    this.topicKey = new Key(this, 'TopicKey', {
      description: `${prefix}: encrypts the alarm topic`,
      enableKeyRotation: true,
    });
    this.topicKey.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `${prefix} alarms`,
      masterKey: this.topicKey,
      enforceSSL: true,
    });
    // The topic policy (enforceSSL) replaces SNS's default one: say who may publish, and only for this account's alarms.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:*` },
        },
      }),
    );
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const action = new SnsAction(this.topic);
    const alarms: Alarm[] = [];
    const alarm = (
      id: string,
      name: string,
      metric: IMetric,
      options: { threshold: number; evaluationPeriods: number; datapointsToAlarm?: number; description: string },
    ) => {
      const created = new Alarm(this, id, {
        alarmName: `${prefix}-${name}`,
        alarmDescription: options.description,
        metric,
        threshold: options.threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: options.evaluationPeriods,
        datapointsToAlarm: options.datapointsToAlarm ?? options.evaluationPeriods,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      alarms.push(created);
      return created;
    };

    const { httpApi } = props;
    const requests = httpApi.metricCount({ period: ALARM_PERIOD, statistic: 'Sum' });
    const serverErrors = httpApi.metricServerError({ period: ALARM_PERIOD, statistic: 'Sum' });
    alarm(
      'ApiServerErrorRate',
      'api-5xx-rate',
      new MathExpression({
        label: 'API 5xx (% of requests)',
        // A handful of requests makes no rate: one 500 among three is not an outage.
        expression: `IF(requests >= ${THRESHOLDS.apiServerErrorMinRequests}, 100 * FILL(errors, 0) / requests, 0)`,
        usingMetrics: { requests, errors: serverErrors },
        period: ALARM_PERIOD,
      }),
      {
        threshold: THRESHOLDS.apiServerErrorPercent,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        description: `${THRESHOLDS.apiServerErrorPercent}% or more of API requests answered 5xx (at least ${THRESHOLDS.apiServerErrorMinRequests} requests in 5 minutes), in 2 of 3 periods`,
      },
    );

    alarm('ApiLatencyP95', 'api-latency-p95', httpApi.metricLatency({ period: ALARM_PERIOD, statistic: 'p95' }), {
      threshold: THRESHOLDS.apiLatencyP95Ms,
      evaluationPeriods: 3,
      description: `API p95 latency at or over ${THRESHOLDS.apiLatencyP95Ms} ms for 15 minutes`,
    });

    // HTTP APIs publish no throttle metric; the stage's access log has every request with its status, and a
    // 429 there is API Gateway's throttle (handlers never answer 429 themselves for load).
    const throttledFilter = new MetricFilter(this, 'ApiThrottledFilter', {
      logGroup: props.apiAccessLogs,
      filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: METRICS_NAMESPACE,
      metricName: API_THROTTLED_METRIC,
      metricValue: '1',
    });
    alarm('ApiThrottled', 'api-throttled', throttledFilter.metric({ period: ALARM_PERIOD, statistic: 'Sum' }), {
      threshold: THRESHOLDS.apiThrottledRequests,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      description: `${THRESHOLDS.apiThrottledRequests} or more requests answered 429 by the API's per-route throttles in 5 minutes, in 2 of 3 periods`,
    });

    // The functions draw on the account's unreserved concurrency in the region; a throttle there is a
    // request of ours (or soon one) that never runs.
    alarm('LambdaThrottles', 'lambda-throttles', LambdaFunction.metricAllThrottles({ period: ALARM_PERIOD, statistic: 'Sum' }), {
      threshold: THRESHOLDS.lambdaThrottles,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      description: 'Lambda throttled invocations in this account and region (concurrency exhausted), in 2 of 3 periods of 5 minutes',
    });

    // Errors here are crashes, timeouts and failed cold starts: the handler wrapper turns thrown errors into
    // responses, which count as 5xx above but not as function errors.
    for (const group of props.functionGroups) {
      const parts = chunksOf(group.functions, FUNCTIONS_PER_ERROR_ALARM);
      parts.forEach((functions, index) => {
        const suffix = parts.length > 1 ? `-${index + 1}` : '';
        const usingMetrics = Object.fromEntries(
          functions.map((fn, position) => [`e${position}`, fn.metricErrors({ period: ALARM_PERIOD, statistic: 'Sum' })]),
        );
        const terms = Object.keys(usingMetrics).map((key) => `FILL(${key}, 0)`);
        alarm(
          `LambdaErrors${group.name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, letter: string) => letter.toUpperCase())}${suffix.replace('-', '')}`,
          `lambda-errors-${group.name}${suffix}`,
          new MathExpression({
            label: `Function errors: ${group.name}${suffix}`,
            expression: `SUM([${terms.join(', ')}])`,
            usingMetrics,
            period: ALARM_PERIOD,
          }),
          {
            threshold: THRESHOLDS.lambdaErrors,
            evaluationPeriods: 3,
            datapointsToAlarm: 2,
            description: `Errors (crashes, timeouts) of the ${group.name} route functions${suffix ? ` (part ${index + 1})` : ''} in 2 of 3 periods of 5 minutes`,
          },
        );
      });
    }

    if (props.importStateMachine) {
      const machine = props.importStateMachine;
      alarm(
        'ImportsFailed',
        'imports-failed',
        new MathExpression({
          label: 'Import executions failed or timed out',
          expression: 'FILL(failed, 0) + FILL(timedOut, 0)',
          usingMetrics: {
            failed: machine.metricFailed({ period: ALARM_PERIOD, statistic: 'Sum' }),
            timedOut: machine.metricTimedOut({ period: ALARM_PERIOD, statistic: 'Sum' }),
          },
          period: ALARM_PERIOD,
        }),
        {
          threshold: THRESHOLDS.failedImports,
          evaluationPeriods: 1,
          description: 'An import state machine execution failed or timed out (the job may be left unfinished)',
        },
      );
    }

    alarm(
      'WebhookFailures',
      'webhook-failures',
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: WEBHOOK_FAILURES_METRIC,
        dimensionsMap: { ...METRICS_DIMENSIONS },
        period: ALARM_PERIOD,
        statistic: 'Sum',
      }),
      {
        threshold: THRESHOLDS.webhookFailures,
        evaluationPeriods: 1,
        description: 'A verified Stripe webhook delivery could not be applied (shared/operations-metrics.ts WEBHOOK_FAILURES_METRIC)',
      },
    );
    if (props.notificationDeadLetterQueue) {
      // The maximum, not the sum: the metric is a count of what is there, sampled each minute. SQS keeps
      // publishing it while the queue holds messages, so the alarm stays on until someone moves them back or
      // deletes them (docs/operations.md); no data means an empty, idle queue.
      alarm(
        'NotificationDeadLetters',
        'notification-dead-letters',
        props.notificationDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
        {
          threshold: THRESHOLDS.notificationDeadLetters,
          evaluationPeriods: 1,
          description:
            'A notification failed every delivery attempt and waits in the dead-letter queue (its person was not told); ' +
            'see docs/operations.md, Notifications, to find the cause and move it back',
        },
      );
    }
    if (props.stravaDeadLetterQueue) {
      alarm(
        'StravaDeadLetters',
        'strava-dead-letters',
        props.stravaDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: ALARM_PERIOD, statistic: 'Maximum' }),
        {
          threshold: THRESHOLDS.stravaDeadLetters,
          evaluationPeriods: 1,
          description:
            'A Strava event, backfill page or activity failed every attempt and waits in the dead-letter queue (an athlete\'s log misses it); ' +
            'see docs/strava.md, Operations, to find the cause and move it back',
        },
      );
    }
    this.alarms = alarms;

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${prefix}-operations`,
      defaultInterval: Duration.hours(6),
    });
    const widgets: IWidget[] = [
      new TextWidget({
        markdown: `# ${prefix} operations\nAlarms notify the SNS topic ${props.alarmEmail ? 'and its e-mail subscription' : '(no e-mail subscribed: deploy context alarmEmail)'}.`,
        width: 24,
        height: 2,
      }),
      new AlarmStatusWidget({ title: 'Alarms', alarms: alarms as IAlarm[], width: 24, height: 4 }),
      new GraphWidget({
        title: 'API requests',
        left: [requests.with({ label: 'Requests' })],
        right: [
          httpApi.metricClientError({ period: ALARM_PERIOD, statistic: 'Sum', label: '4xx' }),
          serverErrors.with({ label: '5xx' }),
          throttledFilter.metric({ period: ALARM_PERIOD, statistic: 'Sum', label: '429 (throttled)' }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'API latency (ms)',
        left: ['p50', 'p95', 'p99'].map((statistic) => httpApi.metricLatency({ period: ALARM_PERIOD, statistic, label: statistic })),
        width: 12,
      }),
      ...alarms.map((each) => new AlarmWidget({ title: each.alarmName, alarm: each, width: 8, height: 6 })),
    ];
    if (props.firewall) {
      const firewall = props.firewall;
      // A CloudFront web ACL's metrics are in us-east-1, without a Region dimension.
      const wafMetric = (metricName: string, rule: string, label: string) =>
        new Metric({
          namespace: 'AWS/WAFV2',
          metricName,
          dimensionsMap: { WebACL: firewall.metricName, Rule: rule },
          region: DEPLOY_REGION,
          period: ALARM_PERIOD,
          statistic: 'Sum',
          label,
        });
      widgets.push(
        new GraphWidget({
          title: 'WAF (CloudFront)',
          left: [wafMetric('AllowedRequests', 'ALL', 'Allowed'), wafMetric('BlockedRequests', 'ALL', 'Blocked')],
          right: firewall.ruleMetricNames.map((rule) => wafMetric('BlockedRequests', rule, `Blocked: ${rule}`)),
          width: 24,
        }),
      );
    }
    this.dashboard.addWidgets(...widgets);

    const cloudWatchConsole = `https://${stack.region}.console.aws.amazon.com/cloudwatch/home?region=${stack.region}`;
    this.links = {
      dashboardUrl: `${cloudWatchConsole}#dashboards/dashboard/${prefix}-operations`,
      alarmsUrl: `${cloudWatchConsole}#alarmsV2:`,
    };
  }
}
