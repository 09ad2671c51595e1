import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ArnFormat, CustomResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Choice, Condition, DefinitionBody, LogLevel, StateMachine, Succeed, Timeout } from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { Data } from './data.ts';
import { handlerEnvironment } from './lambda-environment.ts';
import { LAMBDAS_DIR, LambdaFunction } from './lambda-function.ts';
import { TRIGGERS } from './lambda-triggers.ts';

/** The data migrations' ids, from their files (lambdas/migrations/0001-....ts): what a deploy runs when it changes. */
export function migrationIds(dir = join(LAMBDAS_DIR, 'migrations')): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}-.+\.ts$/.test(name))
    .map((name) => name.replace(/\.ts$/, ''))
    .sort();
}

export interface MigrationsProps {
  readonly data: Data;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
}

/**
 * The data migrations (lambdas/migrations) in AWS:
 *
 *   deploy ─ custom resource AfterDeploy ─ starts ─► state machine: RunSteps ─ all done? ─ yes ─► Migrated
 *            (waits up to 2 hours; fails the deploy       ▲                          │ no
 *             when the execution fails)                   └──────────────────────────┘
 *
 * RunSteps takes steps for about a minute an invocation, each recorded in the table, so an execution that stops
 * anywhere leaves the next one (the next deploy, or a start by hand) to resume. The custom resource changes, and so
 * runs, whenever the app version or the list of migrations does; it passes the list, so a rollback to an older
 * template runs only that template's migrations and cannot fail on the newer one that made the deploy roll back.
 */
export class Migrations extends Construct {
  readonly stateMachine: StateMachine;
  readonly stepFunction: LambdaFunction;
  /** The step function and the custom resource's two: what operations alarms on. */
  readonly functions: readonly LambdaFunction[];
  readonly afterDeploy: CustomResource;

  constructor(scope: Construct, id: string, props: MigrationsProps) {
    super(scope, id);
    this.stepFunction = new LambdaFunction(this, 'RunSteps', {
      handlerModule: TRIGGERS.migrationSteps.handler,
      description: TRIGGERS.migrationSteps.summary,
      // The minute of steps, and the step in progress when it ends.
      timeout: Duration.minutes(3),
      environment: handlerEnvironment({ tableName: props.data.table.tableName, appVersion: props.appVersion, superAdminEmails: props.superAdminEmails }),
    });
    // The migrations walk keys and indexes like any request path: reads and writes, never a Scan.
    props.data.grantReadWriteData(this.stepFunction);

    const runSteps = new LambdaInvoke(this, 'RunStepsTask', {
      stateName: 'RunSteps',
      lambdaFunction: this.stepFunction,
      // Each invocation gets the execution's input (the migrations its deploy brought, when it names them), and its
      // answer is kept beside it rather than in its place.
      resultPath: '$.result',
      payloadResponseOnly: true,
      retryOnServiceExceptions: false,
      taskTimeout: Timeout.duration(Duration.minutes(4)),
    });
    runSteps.addRetry({
      errors: ['Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.TooManyRequestsException', 'States.Timeout'],
      interval: Duration.seconds(5),
      maxAttempts: 3,
      backoffRate: 2,
    });
    const definition = runSteps.next(new Choice(this, 'AllDone').when(Condition.booleanEquals('$.result.done', true), new Succeed(this, 'Migrated')).otherwise(runSteps));

    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      comment: 'Data migrations: runs every migration not yet done, in order, a minute of steps at a time',
      definitionBody: DefinitionBody.fromChainable(definition),
      timeout: Duration.hours(2),
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: false },
    });
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-SF2',
      reason: 'X-Ray tracing is off like on every function of the app: the execution history, the logs and the migration records show each step',
    });
    Validations.of(this.stateMachine.role).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Delivering execution logs to CloudWatch Logs needs the logs:*LogDelivery and resource-policy actions, which ' +
          'support no resource-level permissions; "*" is the only valid resource and no other action has it',
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.stepFunction.node.defaultChild as never)}.Arn>:*]`,
        reason: "CDK's LambdaInvoke grants invoking the task function's versions and aliases too; only our own function is named",
      },
    );

    const environment = { ...handlerEnvironment({ tableName: props.data.table.tableName, appVersion: props.appVersion, superAdminEmails: props.superAdminEmails }), MIGRATIONS_STATE_MACHINE_ARN: this.stateMachine.stateMachineArn };
    const start = new LambdaFunction(this, 'StartAfterDeploy', { handlerModule: TRIGGERS.migrationsStart.handler, description: TRIGGERS.migrationsStart.summary, environment });
    this.stateMachine.grantStartExecution(start);
    const check = new LambdaFunction(this, 'CheckAfterDeploy', { handlerModule: TRIGGERS.migrationsCheck.handler, description: TRIGGERS.migrationsCheck.summary, environment });
    // Only DescribeExecution, on this state machine's executions (grantRead would add List* on every resource).
    const executions = Stack.of(this).formatArn({
      service: 'states',
      resource: 'execution',
      resourceName: `${this.stateMachine.stateMachineName}:*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    check.addToRolePolicy(new PolicyStatement({ actions: ['states:DescribeExecution'], resources: [executions] }));
    Validations.of(check.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:<${Stack.of(this).getLogicalId(this.stateMachine.node.defaultChild as never)}.Name>:*]`,
      reason: 'An execution ARN is known only once the deploy starts it; the wildcard covers executions of this one state machine',
    });

    const provider = new Provider(this, 'Provider', {
      onEventHandler: start,
      isCompleteHandler: check,
      queryInterval: Duration.seconds(30),
      totalTimeout: Duration.hours(2),
      logGroup: new LogGroup(this, 'ProviderLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
      disableWaiterStateMachineLogging: false,
      waiterStateMachineLogOptions: { destination: new LogGroup(this, 'WaiterLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }), level: LogLevel.ALL },
    });
    // The provider's own functions, roles and waiter are CDK's framework, the same in every app that waits on a custom resource.
    Validations.of(provider).acknowledge(
      { id: 'AwsSolutions-L1', reason: "The custom resource provider framework's functions are CDK's; CDK chooses and updates their runtime" },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's provider framework roles use the AWS-managed basic execution policy; CDK owns those roles",
      },
      ...[start, check].map((fn) => ({
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(fn.node.defaultChild as never)}.Arn>:*]`,
        reason: "The provider framework invokes our onEvent and isComplete functions' versions too; only those two are named",
      })),
      ...['framework-isComplete', 'framework-onTimeout'].map((name) => ({
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(provider.node.findChild(name).node.defaultChild as never)}.Arn>:*]`,
        reason: "CDK's waiter state machine invokes the framework's own functions and their versions",
      })),
      { id: 'AwsSolutions-SF2', reason: "CDK's waiter state machine polls isComplete; the migrations' own state machine and records show the work" },
      { id: 'AwsSolutions-IAM5[Resource::*]', reason: 'Delivering the waiter state machine\'s logs needs the logs:*LogDelivery actions, which support no resource-level permissions' },
    );
    this.functions = [this.stepFunction, start, check];
    this.afterDeploy = new CustomResource(this, 'AfterDeploy', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::DataMigrations',
      properties: { AppVersion: props.appVersion, Migrations: migrationIds() },
    });
  }
}
