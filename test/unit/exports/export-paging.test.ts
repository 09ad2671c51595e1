/**
 * The export worker reads its table page by page with Queries (never a Scan), keeps the events the admin
 * list's filters select, writes one header and every row, and sends the file in parts once it outgrows one.
 * DynamoDB and S3 are mocked here; test/integration/exports.test.ts runs the same code against the local stack.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import { toEventItem } from '#data/event';
import { toExportJobItem, type ExportJob } from '#data/export-job';
import { toProfileItem } from '#data/profile';
import { runExport } from '../../../lambdas/exports/run-export.ts';
import { testRaceEvent } from '../../support/race-event.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

const JOB_ID = '01JEXPORTJ0B0000000000000A';

function job(overrides: Partial<ExportJob> = {}): ExportJob {
  return {
    id: JOB_ID,
    table: 'events',
    status: 'processing',
    fileName: 'events-2026-11-23.csv',
    requestedBy: 'admin-sub',
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

const events = (count: number, fields: Partial<RaceEvent> = {}) =>
  Array.from({ length: count }, (_, i) => testRaceEvent({ title: `Race ${i}`, eventDate: '2099-05-01', ...fields }));

/** Query answers one page per call, with LastEvaluatedKey until the last. */
function pagesOf(pages: Record<string, unknown>[][]) {
  let call = 0;
  dynamo.on(QueryCommand).callsFake(() => {
    const index = call++;
    return { Items: pages[index] ?? [], ...(index < pages.length - 1 ? { LastEvaluatedKey: { PK: `page-${index}` } } : {}) };
  });
}

function uploadedText(): string {
  const put = s3.commandCalls(PutObjectCommand)[0];
  if (put) return Buffer.from(put.args[0].input.Body as Buffer).toString('utf8');
  return s3
    .commandCalls(UploadPartCommand)
    .map((call) => Buffer.from(call.args[0].input.Body as Buffer).toString('utf8'))
    .join('');
}

beforeEach(() => {
  dynamo.reset();
  s3.reset();
  dynamo.on(UpdateCommand).resolves({});
  s3.on(PutObjectCommand).resolves({ ETag: '"e"' });
  s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'upload-1' });
  s3.on(UploadPartCommand).callsFake((input: { PartNumber: number }) => ({ ETag: `"part-${input.PartNumber}"` }));
  s3.on(CompleteMultipartUploadCommand).resolves({});
});

describe('export paging', () => {
  it('reads every page of the all-events index, newest first, resuming each where the last stopped', async () => {
    dynamo.on(GetCommand).resolves({ Item: toExportJobItem(job()) });
    const stored = events(7);
    pagesOf([stored.slice(0, 3).map(toEventItem), stored.slice(3, 5).map(toEventItem), stored.slice(5).map(toEventItem)]);

    const outcome = await runExport(JOB_ID);

    expect(outcome).toMatchObject({ status: 'completed', recordCount: 7 });
    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries).toHaveLength(3);
    for (const query of queries) {
      expect(query).toMatchObject({ IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :all', ExpressionAttributeValues: { ':all': 'EVENTS' }, ScanIndexForward: false });
    }
    expect(queries.map((query) => query.ExclusiveStartKey)).toEqual([undefined, { PK: 'page-0' }, { PK: 'page-1' }]);
    expect(dynamo.commandCalls(ScanCommand)).toHaveLength(0);

    const lines = uploadedText().replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]!.startsWith('id,title,eventDate,')).toBe(true);
    expect(lines.filter((line) => line.startsWith('id,'))).toHaveLength(1);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(stored.map((event) => event.id));

    const finished = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(finished.ConditionExpression).toContain('#status = :processing');
    expect(finished.ExpressionAttributeValues).toMatchObject({ ':status': 'completed', ':recordCount': 7, ':size': Buffer.byteLength(uploadedText()) });
  });

  it("keeps only the events the admin list's filters select, across pages", async () => {
    dynamo.on(GetCommand).resolves({ Item: toExportJobItem(job({ filters: { state: 'CO', verified: false, text: 'peak' } })) });
    const wanted = events(2, { state: 'CO', verified: false, title: 'Pikes Peak Ascent' });
    const others = [
      ...events(2, { state: 'CO', verified: true, title: 'Pikes Peak Marathon' }),
      ...events(2, { state: 'UT', verified: false, title: 'Peak to Peak' }),
      ...events(1, { state: 'CO', verified: false, title: 'Bolder Boulder' }),
    ];
    pagesOf([[others[0]!, wanted[0]!, others[2]!].map(toEventItem), [others[4]!, others[1]!, wanted[1]!, others[3]!].map(toEventItem)]);

    expect(await runExport(JOB_ID)).toMatchObject({ status: 'completed', recordCount: 2 });
    const ids = uploadedText().split('\r\n').slice(1).filter(Boolean).map((line) => line.split(',')[0]);
    expect(ids).toEqual(wanted.map((event) => event.id));
  });

  it('writes the users export from the users index, with the header even for one page', async () => {
    dynamo.on(GetCommand).resolves({ Item: toExportJobItem(job({ table: 'users', fileName: 'users-2026-11-23.csv' })) });
    const profile = { id: 'sub-1', email: 'ann@example.org', firstName: '=Ann', role: 'athlete' as const, createdAt: '2026-01-02T03:04:05.000Z' };
    pagesOf([[toProfileItem(profile)]]);

    expect(await runExport(JOB_ID)).toMatchObject({ status: 'completed', recordCount: 1 });
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ IndexName: 'GSI1', ExpressionAttributeValues: { ':all': 'USERS' } });
    expect(uploadedText()).toBe('\uFEFFid,email,firstName,lastName,role,location,createdAt\r\nsub-1,ann@example.org,"\'=Ann",,athlete,,2026-01-02T03:04:05.000Z\r\n');
    const put = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(put).toMatchObject({ ContentType: 'text/csv; charset=utf-8', ContentDisposition: 'attachment; filename="users-2026-11-23.csv"' });
    expect(put.Key).toBe(`exports/${JOB_ID}/users-2026-11-23.csv`);
  });

  it('sends parts once the file outgrows one, and completes them in order', async () => {
    dynamo.on(GetCommand).resolves({ Item: toExportJobItem(job()) });
    const stored = events(40, { description: 'x'.repeat(300) });
    pagesOf([stored.slice(0, 20).map(toEventItem), stored.slice(20).map(toEventItem)]);

    await runExport(JOB_ID, 4096);

    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    const parts = s3.commandCalls(UploadPartCommand).map((call) => call.args[0].input.PartNumber);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts).toEqual(parts.map((_, i) => i + 1));
    const complete = s3.commandCalls(CompleteMultipartUploadCommand)[0]!.args[0].input;
    expect(complete.MultipartUpload?.Parts?.map((part) => part.PartNumber)).toEqual(parts);
    expect(uploadedText().split('\r\n').filter(Boolean)).toHaveLength(41);
  });

  it('aborts the upload and fails the job when a page cannot be read', async () => {
    dynamo.on(GetCommand).resolves({ Item: toExportJobItem(job()) });
    let call = 0;
    dynamo.on(QueryCommand).callsFake(() => {
      call += 1;
      if (call === 1) return { Items: events(30, { description: 'y'.repeat(300) }).map(toEventItem), LastEvaluatedKey: { PK: 'p' } };
      throw new Error('ProvisionedThroughputExceededException');
    });
    s3.on(AbortMultipartUploadCommand).resolves({});

    expect(await runExport(JOB_ID, 4096)).toEqual({ status: 'failed' });
    expect(s3.commandCalls(AbortMultipartUploadCommand)).toHaveLength(1);
    expect(s3.commandCalls(CompleteMultipartUploadCommand)).toHaveLength(0);
    const failed = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(failed.ExpressionAttributeValues).toMatchObject({ ':status': 'failed', ':error': 'Failed to export events data' });
  });

  it('does nothing for a job that has already ended', async () => {
    dynamo.on(GetCommand).resolves({ Item: toExportJobItem(job({ status: 'completed', recordCount: 1, size: 10 })) });
    expect(await runExport(JOB_ID)).toEqual({ status: 'skipped' });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
    expect(s3.calls()).toHaveLength(0);
  });
});
