import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import type { Data } from './data.ts';
import { LambdaFunction } from './lambda-function.ts';
import { handlerEnvironment } from './lambda-environment.ts';
import { TRIGGERS } from './lambda-triggers.ts';
import { invokeOnSchedule } from './site-schedule.ts';

/**
 * When the daily price job runs (lambdas/events/daily-prices.ts): just after midnight on the site's clock, when a
 * passed deadline's price stops being sold, so the price order is right for the whole day.
 */
export const DAILY_PRICES_SCHEDULE = 'cron(5 0 * * ? *)';

export interface DailyPricesProps {
  readonly data: Data;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
}

/** The daily price job, run by EventBridge Scheduler on the site's clock (site-schedule.ts). */
export class DailyPrices extends Construct {
  readonly job: LambdaFunction;

  constructor(scope: Construct, id: string, props: DailyPricesProps) {
    super(scope, id);
    this.job = new LambdaFunction(this, 'Job', {
      handlerModule: TRIGGERS.dailyPrices.handler,
      description: TRIGGERS.dailyPrices.summary,
      // A day's changed races and passed races: a few hundred event writes on a large catalogue.
      timeout: Duration.minutes(5),
      environment: handlerEnvironment({ tableName: props.data.table.tableName, appVersion: props.appVersion, superAdminEmails: props.superAdminEmails }),
    });
    // Reads the reprice partitions, the passed races and the events; writes events and their postings, and its run record.
    props.data.grantReadWriteData(this.job);
    invokeOnSchedule(this, '', this.job, {
      expression: DAILY_PRICES_SCHEDULE,
      description: 'the daily price job: races whose price tier changed today move in the price order; passed races leave it',
    });
  }
}
