import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Effect, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import {
  Choice,
  Condition,
  DefinitionBody,
  Fail,
  LogLevel,
  Map as MapState,
  Pass,
  StateMachine,
  Succeed,
  Timeout,
} from 'aws-cdk-lib/aws-stepfunctions';
import type { Chain, IChainable, RetryProps } from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { PAGES_AT_ONCE } from '../lambdas/imports/tasks/task-io.ts';
import { REQUEST_PATH_ACTIONS, type Data, type TableAction } from './data.ts';
import type { ImportScheduleConfig } from './deploy-config.ts';
import { LambdaFunction } from './lambda-function.ts';
import { TRIGGERS, type TriggerId } from './lambda-triggers.ts';
import { handlerEnvironment, importTaskEnvironment } from './lambda-environment.ts';

/** The task functions: their construct ids, handler modules and the table actions each one needs. */
export const IMPORT_TASKS = {
  StartJob: {
    trigger: 'importStartJob',
    // Reads the job, or creates it with the source lock (a transaction), and marks it running; before that it
    // finishes postings earlier runs left unwritten (a Query of the queue, BatchGet of the events, batches of
    // postings, a transaction clearing them) and writes the place directory when it is missing (batches):
    // every request-path action (never Scan).
    actions: REQUEST_PATH_ACTIONS,
  },
  ImportPage: {
    trigger: 'importPage',
    // The upsert reads events by source id (an index) and writes them with their postings and counters:
    // every request-path action (never Scan).
    actions: REQUEST_PATH_ACTIONS,
  },
  FinishJob: {
    trigger: 'importFinishJob',
    // Flags the source's events missing from a full sync (a Query by source), then finishes the job.
    actions: REQUEST_PATH_ACTIONS,
  },
} as const satisfies Record<string, { trigger: TriggerId; actions: readonly TableAction[] }>;

/** The handler module of a task function (infra/lambda-triggers.ts lists them with the other non-route functions). */
export function importTaskModule(name: ImportTaskName): string {
  return TRIGGERS[IMPORT_TASKS[name].trigger].handler;
}

export type ImportTaskName = keyof typeof IMPORT_TASKS;

/**
 * The Task states of the machine and the function each one runs (two states share a function where they are
 * two ends of one job: a page and its recorded failure, a finish and a failed finish). The local runner
 * (infra/local/step-functions/) runs these same states with the same handler modules.
 */
export const IMPORT_TASK_STATES = {
  StartJob: 'StartJob',
  ImportPage: 'ImportPage',
  RecordPageFailure: 'ImportPage',
  FinishJob: 'FinishJob',
  FailJob: 'FinishJob',
} as const satisfies Record<string, ImportTaskName>;

/** A page task's timeout: the page's fetch with its retries plus the upsert of one page. */
const PAGE_TIMEOUT = Duration.seconds(29);
const SHORT_TIMEOUT = Duration.seconds(20);

export interface ImportsProps {
  readonly data: Data;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
  /** The nightly run; absent or disabled: no schedule is created. */
  readonly schedule?: ImportScheduleConfig;
  /** @default https://runsignup.com */
  readonly runSignupApiUrl?: string;
}

/**
 * The RunSignup import (DESIGN section 8) as a Step Functions state machine:
 *
 *   StartJob ─ skipped? ─ ImportBatch (Map over 2 page numbers, at most 2 at once) ─ more pages? ─┐
 *                 │          └ per page: ImportPage, on failure after retries RecordPageFailure     │
 *                 │                              ▲──────────── NextBatch ◄────────── yes ─────────┘
 *                 └ yes: Skipped (another run holds the lock)          no ─► FinishJob ─► Imported
 *   any failure of the run itself ─► FailJob (the job ends 'failed') ─► ImportFailed
 *
 * Only page numbers and small counts travel in the state; each page's races are read, normalized and upserted
 * inside one ImportPage invocation. EventBridge Scheduler starts the nightly run from deploy context.
 */
export class Imports extends Construct {
  readonly stateMachine: StateMachine;
  readonly functions: Readonly<Record<ImportTaskName, LambdaFunction>>;
  readonly schedule?: CfnSchedule;

  constructor(scope: Construct, id: string, props: ImportsProps) {
    super(scope, id);
    const environment = {
      ...handlerEnvironment({ tableName: props.data.table.tableName, appVersion: props.appVersion, superAdminEmails: props.superAdminEmails }),
      ...importTaskEnvironment({ runSignupApiUrl: props.runSignupApiUrl }),
    };
    const fn = (name: ImportTaskName, timeout: Duration) => {
      const task = IMPORT_TASKS[name];
      const created = new LambdaFunction(this, `${name}Function`, {
        handlerModule: TRIGGERS[task.trigger].handler,
        description: TRIGGERS[task.trigger].summary,
        timeout,
        environment,
      });
      props.data.grant(created, task.actions);
      return created;
    };
    this.functions = {
      StartJob: fn('StartJob', SHORT_TIMEOUT),
      ImportPage: fn('ImportPage', PAGE_TIMEOUT),
      FinishJob: fn('FinishJob', PAGE_TIMEOUT),
    };

    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      comment: 'RunSignup import: start job, fetch and upsert pages (at most 2 at once), finish job',
      // States are constructs too: a scope of their own keeps their ids (the state names) apart from the functions'.
      definitionBody: DefinitionBody.fromChainable(importDefinition(new Construct(this, 'States'), this.functions)),
      // A run of 10,000 races is some 40 pages; a stuck run must not hold the source's lock for long.
      timeout: Duration.hours(2),
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: false },
    });
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-SF2',
      reason:
        'X-Ray tracing is off like on every function of the app: the execution history and ALL-level logs already ' +
        'show each state, retry and error of a run',
    });
    // LambdaInvoke grants lambda:InvokeFunction on each function and on its versions/aliases (`<arn>:*`).
    Validations.of(this.stateMachine.role).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Delivering execution logs to CloudWatch Logs needs the logs:*LogDelivery and resource-policy actions, which ' +
          'support no resource-level permissions; "*" is the only valid resource and no other action has it',
      },
      ...Object.values(this.functions).map((task) => ({
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(task.node.defaultChild as never)}.Arn>:*]`,
        reason: "CDK's LambdaInvoke grants invoking the task function's versions and aliases too; only our own functions are named",
      })),
    );

    if (props.schedule?.enabled) this.schedule = this.nightlySchedule(props.schedule);
  }

  /** Lets a function start runs of the import (the startImportJob route). */
  grantStartExecution(grantee: IGrantable): void {
    this.stateMachine.grantStartExecution(grantee);
  }

  private nightlySchedule(schedule: ImportScheduleConfig): CfnSchedule {
    // A role of its own that may start this state machine and do nothing else.
    const role = new Role(this, 'ScheduleRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: 'EventBridge Scheduler: starts the nightly RunSignup import',
      inlinePolicies: {
        StartImport: new PolicyDocument({
          statements: [
            new PolicyStatement({ effect: Effect.ALLOW, actions: ['states:StartExecution'], resources: [this.stateMachine.stateMachineArn] }),
          ],
        }),
      },
    });
    return new CfnSchedule(this, 'NightlySchedule', {
      description: 'Nightly RunSignup import',
      scheduleExpression: schedule.expression,
      scheduleExpressionTimezone: schedule.timezone,
      flexibleTimeWindow: { mode: 'OFF' },
      state: 'ENABLED',
      target: {
        arn: this.stateMachine.stateMachineArn,
        roleArn: role.roleArn,
        input: Stack.of(this).toJsonString({
          source: 'runsignup',
          startedBy: 'schedule',
          options: {
            ...(schedule.state ? { state: schedule.state } : {}),
            days: schedule.days,
            limit: schedule.limit,
            autoVerify: schedule.autoVerify,
            mode: 'full',
          },
        }),
        // A missed start is not worth repeating: the next night runs anyway.
        retryPolicy: { maximumRetryAttempts: 0 },
      },
    });
  }
}

/** Lambda's own transient failures and task timeouts are retried with backoff; handler errors are not. */
const TRANSIENT_RETRY: RetryProps = {
  errors: ['Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.TooManyRequestsException', 'States.Timeout'],
  interval: Duration.seconds(2),
  maxAttempts: 3,
  backoffRate: 2,
};

function task(scope: Construct, stateName: keyof typeof IMPORT_TASK_STATES, functions: Readonly<Record<ImportTaskName, LambdaFunction>>, props: { timeout: Duration; resultPath?: string }): LambdaInvoke {
  const invoke = new LambdaInvoke(scope, stateName, {
    lambdaFunction: functions[IMPORT_TASK_STATES[stateName]],
    // The function's answer is the state's result as it is, without the Lambda response envelope.
    payloadResponseOnly: true,
    retryOnServiceExceptions: false,
    taskTimeout: Timeout.duration(props.timeout.plus(Duration.seconds(5))),
    ...(props.resultPath !== undefined ? { resultPath: props.resultPath } : {}),
  });
  invoke.addRetry(TRANSIENT_RETRY);
  return invoke;
}

/**
 * The state machine's definition, built from the task functions. Infra and the local runner share it through
 * Imports (the local runner synthesizes this construct, so both run the same definition).
 */
export function importDefinition(scope: Construct, functions: Readonly<Record<ImportTaskName, LambdaFunction>>): IChainable {
  const failed = new Fail(scope, 'ImportFailed', { error: 'ImportFailed', cause: 'The import run failed; the job says why' });
  const failJob = task(scope, 'FailJob', functions, { timeout: SHORT_TIMEOUT }).next(failed);
  const onRunFailure = <T extends { addCatch(handler: IChainable, props: { resultPath: string }): unknown }>(state: T): T => {
    state.addCatch(failJob, { resultPath: '$.error' });
    return state;
  };

  const startJob = onRunFailure(task(scope, 'StartJob', functions, { timeout: SHORT_TIMEOUT }));

  const importPage = task(scope, 'ImportPage', functions, { timeout: PAGE_TIMEOUT });
  const recordFailure = task(scope, 'RecordPageFailure', functions, { timeout: SHORT_TIMEOUT });
  // A page that still fails after its retries is recorded on the job and the run goes on.
  importPage.addCatch(recordFailure, { errors: ['States.ALL'], resultPath: '$.error' });

  const batch = onRunFailure(
    new MapState(scope, 'ImportBatch', {
      comment: `Up to ${PAGES_AT_ONCE} pages, fetched at once`,
      itemsPath: '$.pages',
      itemSelector: { 'run.$': '$.run', 'page.$': '$$.Map.Item.Value' },
      maxConcurrency: PAGES_AT_ONCE,
      resultPath: '$.batch',
    }),
  );
  batch.itemProcessor(importPage);

  const nextBatch = new Pass(scope, 'NextBatch', {
    parameters: { 'jobId.$': '$.jobId', 'run.$': '$.run', 'pages.$': `$.batch[${PAGES_AT_ONCE - 1}].next` },
  });
  const finishJob = onRunFailure(task(scope, 'FinishJob', functions, { timeout: PAGE_TIMEOUT, resultPath: '$.result' }));
  finishJob.next(new Succeed(scope, 'Imported'));

  // The batch's last page decides: full and under the limit means later pages may hold races.
  const morePages = new Choice(scope, 'MorePages')
    .when(Condition.booleanEquals(`$.batch[${PAGES_AT_ONCE - 1}].more`, true), nextBatch.next(batch))
    .otherwise(finishJob);

  const skipped = new Choice(scope, 'SkippedOrRun')
    .when(Condition.booleanEquals('$.skipped', true), new Succeed(scope, 'Skipped', { comment: 'Another RunSignup import holds the lock' }))
    .otherwise(batch.next(morePages));

  return startJob.next(skipped) as Chain;
}
