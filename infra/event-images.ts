import { Duration, Names, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, EventType, HttpMethods, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import type { Data } from './data.ts';
import { LambdaFunction } from './lambda-function.ts';
import { uploadBucketsEnvironment, handlerEnvironment } from './lambda-environment.ts';
import { TRIGGERS } from './lambda-triggers.ts';

export interface EventImagesProps {
  readonly data: Data;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
}

/** Uploads land at events/<event id>/<image id> (shared/schemas/event-image.ts uploadObjectKey). */
const UPLOADS = 'events/*';
/** Renditions live at media/events/<event id>/<image id>/<width>.webp, their path on the site. */
const RENDITIONS = 'media/events/*';
/** What the image function needs: decoding a 40-megapixel picture takes ~160 MB per pipeline, and memory buys CPU. */
export const IMAGE_PROCESSOR_MEMORY_MB = 1536;

/**
 * Event images (issue 24, docs/images.md). The browser POSTs each original straight to the private uploads bucket
 * with a presigned POST (lambdas/event-images/request-image-upload.ts) whose policy fixes key, type and size; the
 * bucket's ObjectCreated notification runs the image function (sharp, bundled for linux-arm64), which writes WebP
 * renditions into the media bucket, adds the image to its event and deletes the original. The media bucket is
 * private too: CloudFront reads it through origin access control at /media/* (infra/site.ts). Leftover uploads
 * (a POST whose notification failed) expire after a day, with the table's upload items.
 */
export class EventImages extends Construct {
  readonly uploadsBucket: Bucket;
  readonly mediaBucket: Bucket;
  readonly processor: LambdaFunction;

  constructor(scope: Construct, id: string, props: EventImagesProps) {
    super(scope, id);
    this.uploadsBucket = new Bucket(this, 'Uploads', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      cors: [
        {
          allowedMethods: [HttpMethods.POST],
          // Any origin: the signed policy is what admits an upload (key, type, size, 10 minutes), and only the API
          // hands it to the signed-in owner; naming the site here would make a cycle, since the site's
          // Content-Security-Policy names this bucket.
          allowedOrigins: ['*'],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [{ expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      // Originals are kept only until processed: nothing here outlives a day.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    this.mediaBucket = new Bucket(this, 'Media', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Organizers' pictures are user data: a stack deletion keeps them.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const bucket of [this.uploadsBucket, this.mediaBucket]) {
      Validations.of(bucket).acknowledge({
        id: 'AwsSolutions-S1',
        reason:
          'Uploads arrive only through presigned POSTs that an API route (logged) signs for the event owner; media objects are read only ' +
          'through CloudFront, whose standard logs record every request',
      });
    }

    this.processor = new LambdaFunction(this, 'Processor', {
      handlerModule: TRIGGERS.imageProcessor.handler,
      description: TRIGGERS.imageProcessor.summary,
      memorySize: IMAGE_PROCESSOR_MEMORY_MB,
      timeout: Duration.minutes(1),
      // sharp's native code cannot be bundled by esbuild: it is installed beside the bundle, for linux-arm64.
      nativeModules: ['sharp'],
      environment: {
        ...handlerEnvironment({ tableName: props.data.table.tableName, appVersion: props.appVersion, superAdminEmails: props.superAdminEmails }),
        ...uploadBucketsEnvironment({ uploadsBucket: this.uploadsBucket.bucketName, mediaBucket: this.mediaBucket.bucketName }),
      },
    });
    // The event store's write of an edit (the event, its postings, counters, organization) and the upload item: what an edit route gets.
    props.data.grantReadWriteData(this.processor);
    this.processor.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject'], resources: [this.uploadsBucket.arnForObjects(UPLOADS)] }));
    this.processor.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject', 's3:DeleteObject'], resources: [this.mediaBucket.arnForObjects(RENDITIONS)] }));
    this.uploadsBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.processor), { prefix: 'events/' });
    // The notification is configured by CDK's own singleton handler at stack level; its role is CDK's.
    for (const child of Stack.of(this).node.children) {
      if (!child.node.id.startsWith('BucketNotificationsHandler')) continue;
      Validations.of(child).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's bucket notifications handler role uses the AWS-managed basic execution policy; CDK owns that role",
      });
    }
    const logicalId = (bucket: Bucket) => Stack.of(this).resolve((bucket.node.defaultChild as CfnBucket).logicalId) as string;
    Validations.of(this.processor.role!).acknowledge(
      { id: `AwsSolutions-IAM5[Resource::<${logicalId(this.uploadsBucket)}.Arn>/${UPLOADS}]`, reason: 'Uploads are named by event and image id, unknown until one arrives: the grant covers the events/ prefix only' },
      { id: `AwsSolutions-IAM5[Resource::<${logicalId(this.mediaBucket)}.Arn>/${RENDITIONS}]`, reason: 'Renditions are named by event and image id: the grant covers media/events/ only' },
    );
  }

  /** The upload route: it signs POSTs for the uploads bucket, which S3 authorises by the signer's own s3:PutObject. */
  grantSignUploads(fn: LambdaFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.uploadsBucket.arnForObjects(UPLOADS)] }));
    this.acknowledgeAreaWildcard(fn, this.uploadsBucket, UPLOADS);
  }

  /** The removal route: it deletes a removed image's renditions. */
  grantDeleteRenditions(fn: LambdaFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [this.mediaBucket.arnForObjects(RENDITIONS)] }));
    this.acknowledgeAreaWildcard(fn, this.mediaBucket, RENDITIONS);
  }

  private acknowledgeAreaWildcard(fn: LambdaFunction, bucket: Bucket, objects: string): void {
    // The route lives in an area's nested stack, where the bucket's ARN arrives as this parameter.
    const reference = `referenceto${Names.uniqueId(bucket.node.defaultChild!)}Arn`;
    Validations.of(fn.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${reference}>/${objects}]`,
      reason: 'Image objects are named by event and image id, known only per request: the grant covers one prefix of one bucket',
    });
  }
}
