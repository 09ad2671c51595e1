import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { INDEXES, KEY, TTL_ATTRIBUTE } from '#shared/table';
import { COUNTER_PARTITION_PREFIXES } from '#shared/analytics';
import { CONTACT_PARTITION_PREFIXES } from '#shared/contact';
import { NEWSLETTER_PARTITION_PREFIXES } from '#shared/newsletter';
import { UNSUBSCRIBE_PARTITION_PREFIXES } from '#shared/notification-partitions';
import type { PartitionWriteAccess } from '#shared/routes/define';

/**
 * What a request handler may do with the table: single-item and batch reads and writes, condition checks
 * (transactions are authorised by these same item actions) and Query on the table and its indexes.
 * Deliberately absent: Scan (DESIGN section 5: no Scan on a request path) and every table-management action.
 */
export const REQUEST_PATH_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
] as const;

export type TableAction = (typeof REQUEST_PATH_ACTIONS)[number];

/** The request-path actions that change nothing: what public, optional and 'read' routes get. */
export const REQUEST_PATH_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
] as const satisfies readonly TableAction[];

/** The partition-key prefixes each partition-limited access may write (shared/routes/define.ts PartitionWriteAccess). */
export const WRITABLE_PARTITIONS: Readonly<Record<PartitionWriteAccess, readonly string[]>> = {
  count: COUNTER_PARTITION_PREFIXES,
  newsletter: NEWSLETTER_PARTITION_PREFIXES,
  contact: CONTACT_PARTITION_PREFIXES,
  unsubscribe: UNSUBSCRIBE_PARTITION_PREFIXES,
};

/** The partition-limited accesses that read too; the contact form only adds messages, so it reads nothing. */
const READS_TOO: Readonly<Record<PartitionWriteAccess, boolean>> = { count: true, newsletter: true, contact: false, unsubscribe: true };

/** IAM's patterns for those prefixes: 'STATS#' matches 'STATS#*'; a whole key ('ANALYTICS_SALT') only itself. */
export function leadingKeyPatterns(access: PartitionWriteAccess): string[] {
  return WRITABLE_PARTITIONS[access].map((prefix) => (prefix.endsWith('#') ? `${prefix}*` : prefix));
}

/** The one DynamoDB table (DESIGN section 5), keyed and indexed by the names in shared/table.ts. */
export class Data extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: KEY.pk, type: AttributeType.STRING },
      sortKey: { name: KEY.sk, type: AttributeType.STRING },
      globalSecondaryIndexes: INDEXES.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      })),
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Stream processors (search postings, counters) read both images to see what changed.
      dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // User data outlives the stack: `cdk destroy` leaves the table, and deleting it takes two deliberate steps.
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
    });
  }

  /**
   * Grants the given item actions on the table and, for Query, on each index by name. Naming the indexes
   * instead of `<table>/index/*` keeps every resource in the policy exact.
   */
  grant(grantee: IGrantable, actions: readonly TableAction[]): Grant {
    const resourceArns = [this.table.tableArn];
    if (actions.includes('dynamodb:Query')) {
      resourceArns.push(...INDEXES.map((index) => `${this.table.tableArn}/index/${index.name}`));
    }
    return Grant.addToPrincipal({ grantee, actions: [...actions], resourceArns });
  }

  /**
   * Reads on the request path (REQUEST_PATH_READ_ACTIONS). Unlike TableV2.grantReadData, no Scan and no
   * DescribeTable: DESIGN section 5 allows no Scan on a request path.
   */
  grantReadData(grantee: IGrantable): Grant {
    return this.grant(grantee, REQUEST_PATH_READ_ACTIONS);
  }

  /**
   * PutItem and UpdateItem on items whose partition key starts with one of the prefixes of the access
   * (dynamodb:LeadingKeys, checked for each item of a transaction too), with reads unless the access is
   * write-only: what a route anyone may call needs (the page-view beacon's counters, a newsletter sign-up, a
   * contact message), and nothing it could use to change an event, a profile or anything else.
   */
  grantPartitionWrites(grantee: IGrantable, access: PartitionWriteAccess): Grant {
    if (READS_TOO[access]) this.grantReadData(grantee);
    return Grant.addToPrincipal({
      grantee,
      actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      resourceArns: [this.table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeyPatterns(access) } },
    });
  }

  /** Reads and writes on the request path (REQUEST_PATH_ACTIONS); again no Scan and no table management. */
  grantReadWriteData(grantee: IGrantable): Grant {
    return this.grant(grantee, REQUEST_PATH_ACTIONS);
  }
}
