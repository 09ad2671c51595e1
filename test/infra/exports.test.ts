/**
 * CSV exports in AWS: a private, encrypted, TLS-only bucket whose files expire with their jobs; a worker that
 * runs outside API Gateway (up to 15 minutes, invoked asynchronously, never retried) and may only read the
 * table and write export files; and routes that get exactly what they use: the start routes (an admin's CSV,
 * a person's own data) may invoke the worker, the job routes may read export files to sign links, the list
 * route neither. The account deletion worker (here because it is the one other function that touches the bucket)
 * may remove the pool's users, write the table and delete personal export files, and only DELETE /api/me starts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_RETENTION_DAYS } from '../../shared/schemas/export-job.ts';
import { SYNTH_TIMEOUT_MS, logicalIdOf, synthesizeRaceFinder } from './synth-stack.ts';
import type { Synthesized } from './synth-stack.ts';
import { asArray, functionForHandler, resources, resourcesOfType, statementsOfFunctionRole } from './template-queries.ts';
import type { PolicyStatement, Resource } from './template-queries.ts';

let synth: Synthesized;
beforeAll(() => {
  synth = synthesizeRaceFinder();
}, SYNTH_TIMEOUT_MS);
afterAll(() => synth?.cleanup());

const bucketId = () => logicalIdOf(synth.stack, synth.stack.exports.bucket);
const variables = (fn: Resource) => (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
const actionsOf = (statements: PolicyStatement[], prefix: string) =>
  statements.flatMap((statement) => asArray(statement.Action)).filter((action) => action.startsWith(prefix));
const exportObjects = () => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, '/exports/*']] });

describe('exports bucket', () => {
  it('is private, encrypted and TLS-only, and forgets files after the retention and abandoned uploads after a day', () => {
    const bucket = resources(synth.template)[bucketId()]!;
    expect(bucket.Type).toBe('AWS::S3::Bucket');
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      LifecycleConfiguration: {
        Rules: [{ Status: 'Enabled', ExpirationInDays: EXPORT_RETENTION_DAYS, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }],
      },
    });
    // A download link is enough: no CORS rules, no website, no public policy.
    expect(bucket.Properties?.CorsConfiguration).toBeUndefined();
    const policy = resourcesOfType(synth.template, 'AWS::S3::BucketPolicy').find(([, p]) => JSON.stringify(p.Properties?.Bucket).includes(bucketId()));
    const statements = (policy![1].Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    expect(statements.filter((statement) => statement.Effect === 'Allow' && JSON.stringify(statement.Principal).includes('"*"'))).toEqual([]);
  });
});

describe('export worker', () => {
  it('runs up to 15 minutes with 1 GB, is never retried, and knows its bucket and table', () => {
    const [id, worker] = functionForHandler(synth.template, 'exports/run-export');
    expect(worker.Properties).toMatchObject({ Timeout: 900, MemorySize: 1024 });
    expect(variables(worker)).toMatchObject({ EXPORTS_BUCKET: { Ref: bucketId() }, TABLE_NAME: { Ref: logicalIdOf(synth.stack, synth.stack.data.table) } });
    const invokeConfigs = resourcesOfType(synth.template, 'AWS::Lambda::EventInvokeConfig').filter(([, config]) => JSON.stringify(config.Properties?.FunctionName).includes(id));
    expect(invokeConfigs).toHaveLength(1);
    expect(invokeConfigs[0]![1].Properties).toMatchObject({ MaximumRetryAttempts: 0 });
  });

  it('may read the job and the table pages, end the job, and write or abandon export files, nothing more', () => {
    const [, worker] = functionForHandler(synth.template, 'exports/run-export');
    const statements = statementsOfFunctionRole(synth.template, worker);
    // BatchGetItem: a personal export reads the races, plans and reviews its person's items name.
    expect(actionsOf(statements, 'dynamodb:').sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    const s3 = statements.filter((statement) => actionsOf([statement], 's3:').length > 0);
    expect(s3).toHaveLength(1);
    expect(asArray(s3[0]!.Action).sort()).toEqual(['s3:AbortMultipartUpload', 's3:PutObject']);
    expect(s3[0]!.Resource).toEqual(exportObjects());
    expect(actionsOf(statements, 'lambda:')).toEqual([]);
  });
});

describe('export routes', () => {
  // The admins' CSV exports, and a person's "Export my data" (the same worker and bucket, files under exports/me/).
  it.each(['exports/start-export', 'exports/start-my-export'])('lets %s invoke the worker and no other function, and tells it the worker and bucket', (handler) => {
    const [, start] = functionForHandler(synth.template, handler);
    const [workerId] = functionForHandler(synth.template, 'exports/run-export');
    const statements = statementsOfFunctionRole(synth.template, start);
    const invoke = statements.filter((statement) => actionsOf([statement], 'lambda:').length > 0);
    expect(invoke).toHaveLength(1);
    expect(asArray(invoke[0]!.Action)).toEqual(['lambda:InvokeFunction']);
    const targets = asArray(invoke[0]!.Resource as unknown[]);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(JSON.stringify(target)).toContain(workerId);
    expect(actionsOf(statements, 's3:')).toEqual([]);
    expect(variables(start)).toMatchObject({ EXPORT_WORKER_FUNCTION: { Ref: workerId }, EXPORTS_BUCKET: { Ref: bucketId() } });
  });

  it.each(['exports/get-export', 'exports/get-my-export'])('lets %s read export files to sign links, and nothing else in S3', (handler) => {
    const [, get] = functionForHandler(synth.template, handler);
    const statements = statementsOfFunctionRole(synth.template, get);
    const s3 = statements.filter((statement) => actionsOf([statement], 's3:').length > 0);
    expect(s3).toHaveLength(1);
    expect(asArray(s3[0]!.Action)).toEqual(['s3:GetObject']);
    expect(s3[0]!.Resource).toEqual(exportObjects());
    expect(actionsOf(statements, 'lambda:')).toEqual([]);
    expect(variables(get)).toMatchObject({ EXPORTS_BUCKET: { Ref: bucketId() } });
    expect(variables(get).EXPORT_WORKER_FUNCTION).toBeUndefined();
  });

  it('gives the list route neither S3 nor Lambda', () => {
    const [, list] = functionForHandler(synth.template, 'exports/list-exports');
    const statements = statementsOfFunctionRole(synth.template, list);
    expect(actionsOf(statements, 's3:')).toEqual([]);
    expect(actionsOf(statements, 'lambda:')).toEqual([]);
    expect(variables(list).EXPORTS_BUCKET).toBeUndefined();
  });
});

describe('account deletion', () => {
  const userPoolId = () => logicalIdOf(synth.stack, synth.stack.auth.userPool);

  it('runs a worker retried twice that may delete pool users, write the table and delete personal export files, nothing more', () => {
    const [id, worker] = functionForHandler(synth.template, 'users/delete-account-worker');
    expect(worker.Properties).toMatchObject({ Timeout: 900 });
    expect(variables(worker)).toMatchObject({ EXPORTS_BUCKET: { Ref: bucketId() }, COGNITO_USER_POOL_ID: { Ref: userPoolId() } });
    const invokeConfigs = resourcesOfType(synth.template, 'AWS::Lambda::EventInvokeConfig').filter(([, config]) => JSON.stringify(config.Properties?.FunctionName).includes(id));
    expect(invokeConfigs[0]![1].Properties).toMatchObject({ MaximumRetryAttempts: 2 });
    const statements = statementsOfFunctionRole(synth.template, worker);
    const cognito = statements.filter((statement) => actionsOf([statement], 'cognito-idp:').length > 0);
    expect(cognito.map((statement) => [asArray(statement.Action), statement.Resource])).toEqual([[['cognito-idp:AdminDeleteUser'], { 'Fn::GetAtt': [userPoolId(), 'Arn'] }]]);
    const s3 = statements.filter((statement) => actionsOf([statement], 's3:').length > 0);
    expect(s3.map((statement) => [asArray(statement.Action), statement.Resource])).toEqual([
      [['s3:DeleteObject'], { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, '/exports/me/*']] }],
    ]);
    expect(actionsOf(statements, 'dynamodb:')).toContain('dynamodb:BatchWriteItem');
    expect(actionsOf(statements, 'dynamodb:')).not.toContain('dynamodb:Scan');
    expect(actionsOf(statements, 'lambda:')).toEqual([]);
  });

  it('lets DELETE /api/me invoke that worker and tells it its name; no other route may', () => {
    const [workerId] = functionForHandler(synth.template, 'users/delete-account-worker');
    const [, route] = functionForHandler(synth.template, 'users/delete-me');
    const invoke = statementsOfFunctionRole(synth.template, route).filter((statement) => actionsOf([statement], 'lambda:').length > 0);
    expect(invoke).toHaveLength(1);
    for (const target of asArray(invoke[0]!.Resource as unknown[])) expect(JSON.stringify(target)).toContain(workerId);
    expect(variables(route)).toMatchObject({ ACCOUNT_DELETION_WORKER_FUNCTION: { Ref: workerId } });
    const [, getMe] = functionForHandler(synth.template, 'users/get-me');
    expect(actionsOf(statementsOfFunctionRole(synth.template, getMe), 'lambda:')).toEqual([]);
  });
});
