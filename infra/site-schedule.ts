import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';

/** When a job runs and what the schedule and its role say they are for. */
export interface SiteSchedule {
  /** An EventBridge Scheduler expression, read on the site's clock ('cron(5 0 * * ? *)'). */
  readonly expression: string;
  readonly description: string;
}

/**
 * Invokes `fn` on a schedule read in the site's time zone (America/New_York), through EventBridge Scheduler with a
 * role of its own that may invoke that function and nothing else; two retries. The constructs are `<id>ScheduleRole`
 * and `<id>Schedule` in `scope`.
 */
export function invokeOnSchedule(scope: Construct, id: string, fn: IFunction, schedule: SiteSchedule): CfnSchedule {
  const role = new Role(scope, `${id}ScheduleRole`, {
    assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(scope).account } } }),
    description: `EventBridge Scheduler: ${schedule.description}`,
  });
  // The function itself, not its versions (grantInvoke would add '<arn>:*').
  role.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
  return new CfnSchedule(scope, `${id}Schedule`, {
    description: schedule.description,
    scheduleExpression: schedule.expression,
    scheduleExpressionTimezone: 'America/New_York',
    flexibleTimeWindow: { mode: 'OFF' },
    state: 'ENABLED',
    target: { arn: fn.functionArn, roleArn: role.roleArn, retryPolicy: { maximumRetryAttempts: 2 } },
  });
}
