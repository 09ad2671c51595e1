import { Duration, Names, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EXPORT_RETENTION_DAYS } from '#shared/schemas/export-job';
import type { Data } from './data.ts';
import { LambdaFunction } from './lambda-function.ts';
import { exportsEnvironment, handlerEnvironment } from './lambda-environment.ts';
import { TRIGGERS } from './lambda-triggers.ts';

export interface ExportsProps {
  readonly data: Data;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
}

/** Where the worker writes files (and lambdas/data/export-job.ts's exportObjectKey puts them). */
const OBJECTS = 'exports/*';
/** Where personal data exports go (lambdas/data/personal-export.ts personalExportObjectKey). */
const PERSONAL_OBJECTS = 'exports/me/*';
const OBJECTS_WILDCARD_REASON =
  'Export files are named by job id (exports/<id>/<table>-<date>.csv), unknown until an admin asks for one: the ' +
  'grant covers the exports/ prefix of the exports bucket and nothing else';

/**
 * CSV exports (DESIGN section 11), and each person's "Export my data" ZIP (POST /api/me/exports, files under
 * exports/me/): the private bucket the files go to and the worker Lambda that writes them.
 * POST /api/admin/exports invokes the worker asynchronously, so an export of the whole catalogue runs for up
 * to 15 minutes, far from API Gateway's 30 s; GET /api/admin/exports/{id} signs a short-lived download link.
 * Files and job items both expire after EXPORT_RETENTION_DAYS. The routes get exactly what they use through
 * grantStart and grantDownload (infra/route-needs.ts).
 */
export class Exports extends Construct {
  readonly bucket: Bucket;
  readonly worker: LambdaFunction;

  constructor(scope: Construct, id: string, props: ExportsProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [
        { expiration: Duration.days(EXPORT_RETENTION_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      // Only copies of table data that expire within a week: `cdk destroy` may empty and delete it.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Every file is reached only through a 5-minute presigned link that GET /api/admin/exports/{id} signs for an ' +
        'admin; that request is in the API access log and the route log, and the files expire after 7 days',
    });

    this.worker = new LambdaFunction(this, 'Worker', {
      handlerModule: TRIGGERS.exportWorker.handler,
      description: TRIGGERS.exportWorker.summary,
      // Lambda's most: a 100,000-event export reads about 100 pages and writes a few parts.
      timeout: Duration.minutes(15),
      memorySize: 1024,
      // An export that failed has said so on its job; a retry would only write the same file again.
      retryAttempts: 0,
      environment: {
        ...handlerEnvironment({ tableName: props.data.table.tableName, appVersion: props.appVersion, superAdminEmails: props.superAdminEmails }),
        ...exportsEnvironment({ bucketName: this.bucket.bucketName }),
      },
    });
    // Reads the job and the table's pages (a personal export also BatchGets the races, plans and reviews it
    // names), then ends the job: no Scan, no other writes.
    props.data.grant(this.worker, ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    // Not grantPut, whose s3:PutObject* also allows ACLs and tags: PutObject covers CreateMultipartUpload,
    // UploadPart and CompleteMultipartUpload, and a failed export discards the parts it sent.
    this.worker.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:PutObject', 's3:AbortMultipartUpload'], resources: [this.bucket.arnForObjects(OBJECTS)] }),
    );
    const bucketLogicalId = Stack.of(this).resolve((this.bucket.node.defaultChild as CfnBucket).logicalId) as string;
    Validations.of(this.worker.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${OBJECTS}]`,
      reason: OBJECTS_WILDCARD_REASON,
    });
  }

  /** Lets a route start the worker (an asynchronous Invoke of its unqualified name). */
  grantStart(grantee: IGrantable): void {
    // Not grantInvoke, which adds every version and alias (<arn>:*): the route invokes the function itself.
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.worker.functionArn] }));
  }

  /** Lets account deletion remove a person's export files (exports/me/<id>/...), and nothing else of the bucket. */
  grantDeletePersonalFiles(fn: LambdaFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [this.bucket.arnForObjects(PERSONAL_OBJECTS)] }));
    const bucketLogicalId = Stack.of(this).resolve((this.bucket.node.defaultChild as CfnBucket).logicalId) as string;
    Validations.of(fn.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${PERSONAL_OBJECTS}]`,
      reason: 'A person’s export files are named by job id, read from their partition when their account is deleted: the grant covers exports/me/ and nothing else',
    });
  }

  /** Lets a route sign download links: a presigned GET is authorised by the signer's own s3:GetObject. */
  grantDownload(fn: LambdaFunction): void {
    // Not grantRead, which adds s3:List* and s3:GetBucket*: a link needs GetObject and nothing else.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.bucket.arnForObjects(OBJECTS)] }));
    // The route lives in an area's nested stack, where the bucket's ARN arrives as this parameter.
    const bucketReference = `referenceto${Names.uniqueId(this.bucket.node.defaultChild!)}Arn`;
    Validations.of(fn.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketReference}>/${OBJECTS}]`,
      reason: OBJECTS_WILDCARD_REASON,
    });
  }
}
