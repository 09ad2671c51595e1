import { Duration } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { Data } from './data.ts';
import type { Exports } from './exports.ts';
import { LambdaFunction } from './lambda-function.ts';
import { accountDeletionWorkerEnvironment, handlerEnvironment } from './lambda-environment.ts';
import { TRIGGERS } from './lambda-triggers.ts';

export interface AccountDeletionProps {
  readonly data: Data;
  readonly exports: Exports;
  readonly userPool: IUserPool;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
}

/**
 * Account deletion (DELETE /api/me): the worker that removes a person's sign-in, items and export files, invoked
 * asynchronously by the route (grantStart). It resumes from the step its job records, so Lambda's two retries of a
 * run that threw finish the job rather than start it over; a job that fails all three raises the triggers' alarm
 * (infra/operations.ts) and docs/operations.md says how to run it again.
 */
export class AccountDeletion extends Construct {
  readonly worker: LambdaFunction;

  constructor(scope: Construct, id: string, props: AccountDeletionProps) {
    super(scope, id);
    this.worker = new LambdaFunction(this, 'Worker', {
      handlerModule: TRIGGERS.accountDeletionWorker.handler,
      description: TRIGGERS.accountDeletionWorker.summary,
      // An athlete with years of daily logs takes seconds; the most Lambda allows leaves room for a slow table.
      timeout: Duration.minutes(15),
      retryAttempts: 2,
      environment: {
        ...handlerEnvironment({ tableName: props.data.table.tableName, appVersion: props.appVersion, superAdminEmails: props.superAdminEmails }),
        ...accountDeletionWorkerEnvironment({ userPoolId: props.userPool.userPoolId, exportsBucket: props.exports.bucket.bucketName }),
      },
    });
    props.data.grantReadWriteData(this.worker);
    this.worker.addToRolePolicy(new PolicyStatement({ actions: ['cognito-idp:AdminDeleteUser'], resources: [props.userPool.userPoolArn] }));
    props.exports.grantDeletePersonalFiles(this.worker);
  }

  /** Lets a route start the worker (an asynchronous Invoke of its unqualified name). */
  grantStart(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.worker.functionArn] }));
  }
}
