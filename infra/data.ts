import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { INDEXES, KEY, TTL_ATTRIBUTE } from '#shared/table';
import { COUNTER_PARTITION_PREFIXES } from '#shared/analytics';
import { CONTACT_PARTITION_PREFIXES } from '#shared/contact';

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
   * Reads, plus PutItem and UpdateItem on items whose partition key starts with one of the analytics prefixes
   * only (dynamodb:LeadingKeys): what the public page-view beacon needs, and nothing it could use to change an
   * event, a profile or anything else.
   */
  grantCounterWrites(grantee: IGrantable): Grant {
    this.grantReadData(grantee);
    return this.grantPartitionWrites(grantee, COUNTER_PARTITION_PREFIXES);
  }

  /**
   * PutItem and UpdateItem on items whose partition key starts with a contact prefix, and nothing else (not
   * even reads): what the public contact form needs to keep a message and count it. Whoever calls it can add
   * messages to the inbox and nothing more.
   */
  grantContactWrites(grantee: IGrantable): Grant {
    return this.grantPartitionWrites(grantee, CONTACT_PARTITION_PREFIXES);
  }

  /** PutItem and UpdateItem (transactions included) limited to partition keys with these prefixes. */
  private grantPartitionWrites(grantee: IGrantable, prefixes: readonly string[]): Grant {
    return Grant.addToPrincipal({
      grantee,
      actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      resourceArns: [this.table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((prefix) => (prefix.endsWith('#') ? `${prefix}*` : prefix)) } },
    });
  }

  /** Reads and writes on the request path (REQUEST_PATH_ACTIONS); again no Scan and no table management. */
  grantReadWriteData(grantee: IGrantable): Grant {
    return this.grant(grantee, REQUEST_PATH_ACTIONS);
  }
}
