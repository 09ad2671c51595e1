import { Duration, Names, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EventType, type Bucket, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import type { Data } from './data.ts';
import { LambdaFunction } from './lambda-function.ts';
import { uploadBucketsEnvironment, handlerEnvironment } from './lambda-environment.ts';
import { TRIGGERS } from './lambda-triggers.ts';

export interface ActivityUploadsProps {
  readonly data: Data;
  /** The uploads bucket the event images construct makes (infra/event-images.ts); activity files use its activities/ prefix. */
  readonly uploadsBucket: Bucket;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
}

/** Activity files land at activities/<sub>/<upload id> (shared/schemas/activity-upload.ts activityUploadKey). */
const UPLOADS = 'activities/*';
/** Parsing a ZIP of 1,000 activities and writing their entries: CPU for the parsing (memory buys it), minutes for the writes. */
export const ACTIVITY_IMPORTER_MEMORY_MB = 1536;

/**
 * Activity files in (issue 25, docs/activity-files.md). The browser POSTs each file straight to the uploads bucket
 * with a presigned POST (lambdas/activity-uploads/request-activity-upload.ts) whose policy fixes key, type and size;
 * the bucket's ObjectCreated notification for activities/ runs the import function, which writes the training-log
 * entries, records the outcome on the upload and deletes the file.
 */
export class ActivityUploads extends Construct {
  readonly importer: LambdaFunction;
  private readonly uploadsBucket: Bucket;

  constructor(scope: Construct, id: string, props: ActivityUploadsProps) {
    super(scope, id);
    this.uploadsBucket = props.uploadsBucket;
    this.importer = new LambdaFunction(this, 'Importer', {
      handlerModule: TRIGGERS.activityImporter.handler,
      description: TRIGGERS.activityImporter.summary,
      memorySize: ACTIVITY_IMPORTER_MEMORY_MB,
      // The page says an import that has not finished in 20 minutes never will (lambdas/data/activity-upload.ts).
      timeout: Duration.minutes(10),
      environment: {
        ...handlerEnvironment({ tableName: props.data.table.tableName, appVersion: props.appVersion, superAdminEmails: props.superAdminEmails }),
        ...uploadBucketsEnvironment({ uploadsBucket: props.uploadsBucket.bucketName }),
      },
    });
    // The log entries, their start markers and figures, and the upload item.
    props.data.grantReadWriteData(this.importer);
    this.importer.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject'], resources: [props.uploadsBucket.arnForObjects(UPLOADS)] }));
    props.uploadsBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.importer), { prefix: 'activities/' });
    const logicalId = Stack.of(this).resolve((props.uploadsBucket.node.defaultChild as CfnBucket).logicalId) as string;
    Validations.of(this.importer.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/${UPLOADS}]`,
      reason: 'Activity files are named by athlete and upload id, unknown until one arrives: the grant covers the activities/ prefix only',
    });
  }

  /** The upload route: it signs POSTs for activities/, which S3 authorises by the signer's own s3:PutObject. */
  grantSignUploads(fn: LambdaFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.uploadsBucket.arnForObjects(UPLOADS)] }));
    // The route lives in an area's nested stack, where the bucket's ARN arrives as this parameter.
    const reference = `referenceto${Names.uniqueId(this.uploadsBucket.node.defaultChild!)}Arn`;
    Validations.of(fn.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${reference}>/${UPLOADS}]`,
      reason: 'Activity files are named by athlete and upload id, known only per request: the grant covers one prefix of one bucket',
    });
  }

  /** The bucket's name, for the upload route's environment. */
  get uploadsBucketName(): string {
    return this.uploadsBucket.bucketName;
  }
}
