/**
 * The organizer-application decision as DynamoDB sees it: one TransactWriteItems holding the decision, the
 * open-application delete, the counters, the decision's activity entry and, on approval, the applicant's role
 * change with the user counters and its own activity entry; nothing else is written. A lost race is a 409.
 */
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '#shared/schemas/organizer-application';
import { decideApplication } from '#data/organizer-application';
import { changeRole } from '#data/profile';
import { ConflictError } from '#lib/errors';

const dynamo = mockClient(DynamoDBDocumentClient);
const NOW = new Date('2026-11-23T12:00:00.000Z');

const pending: Application = {
  id: '01K0000000000000000000000A',
  userId: 'user-rosa',
  organizationName: 'Ridge Runners',
  organizationType: 'running_club',
  contactEmail: 'rosa@example.com',
  description: 'Trail races.',
  experience: 'Eight years.',
  eventTypes: ['trail_race'],
  status: 'pending',
  createdAt: '2026-11-20T15:00:00.000Z',
};
const profile = { PK: 'USER#user-rosa', SK: 'PROFILE', id: 'user-rosa', email: 'rosa@example.com', role: 'athlete', createdAt: '2026-01-01T00:00:00.000Z' };

function stored(application: Application, role = 'athlete') {
  dynamo.on(GetCommand).callsFake((input: { Key: { PK: string } }) => {
    if (input.Key.PK.startsWith('APPLICATION#')) return { Item: { PK: input.Key.PK, SK: 'APPLICATION', ...application } };
    if (input.Key.PK === 'USER#user-rosa') return { Item: { ...profile, role } };
    return {};
  });
}

type Item = Record<string, { Key?: Record<string, unknown>; Item?: Record<string, unknown>; ExpressionAttributeValues?: Record<string, unknown> }>;
const transactionItems = () => dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems as Item[]);

describe('deciding an organizer application', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
  });

  it('approves in one transaction: decision, open item, counters, activity, role and its activity, the organization', async () => {
    stored(pending);
    const decided = await decideApplication(pending.id, { decision: 'approve', notes: 'Welcome', reviewerId: 'admin-1' }, NOW);
    expect(decided).toMatchObject({ status: 'approved', reviewedBy: 'admin-1', reviewedAt: NOW.toISOString(), adminNotes: 'Welcome' });
    const [items, ...others] = transactionItems();
    expect(others).toEqual([]);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
    expect(items!.map((item) => Object.keys(item)[0])).toEqual(['Put', 'Delete', 'Update', 'Put', 'Update', 'Update', 'Put', 'Put', 'Update', 'Update', 'Update', 'Update']);
    expect(items![0]!.Put!.Item).toMatchObject({ status: 'approved', GSI1PK: 'APPLICATIONS#approved', reviewedBy: 'admin-1' });
    expect(items![1]!.Delete!.Key).toEqual({ PK: 'USER#user-rosa', SK: 'APPLICATION#OPEN' });
    expect(items![4]!.Update!.ExpressionAttributeValues).toMatchObject({ ':role': 'organizer', ':was': 'athlete', ':organizationId': expect.any(String) });
    // The organization the application names, linked from the profile and counted.
    const organization = items![7]!.Put!.Item!;
    expect(organization).toMatchObject({ PK: `ORG#${organization.id}`, entity: 'organization', name: pending.organizationName });
    expect(items![4]!.Update!.ExpressionAttributeValues![':organizationId']).toBe(organization.id);
    // Its name is findable in the directory ('Ridge Runners': the terms rid, run and runner), and it is counted.
    expect(items!.slice(8, 11).map((item) => item.Update!.Key)).toEqual(
      ['rid', 'run', 'runner'].map((term) => ({ PK: `ORGIDX#${term}`, SK: `ridge runners#${organization.id}` })),
    );
    expect(items![11]!.Update!.Key).toEqual({ PK: 'COUNTER', SK: 'ORGANIZATIONS' });
    expect(items![3]!.Put!.Item).toMatchObject({ PK: 'ACTIVITY', kind: 'application-approved', actorId: 'admin-1', subjectId: 'user-rosa' });
    expect(items![6]!.Put!.Item).toMatchObject({
      PK: 'ACTIVITY',
      kind: 'role-changed',
      actorId: 'admin-1',
      subjectId: 'user-rosa',
      at: NOW.toISOString(),
      summary: 'Changed the role of rosa@example.com from athlete to organizer (organizer application approved)',
    });
  });

  it('sorts the decision above the role change it caused in the newest-first activity list', async () => {
    stored(pending);
    for (let round = 0; round < 20; round += 1) await decideApplication(pending.id, { decision: 'approve', reviewerId: 'admin-1' }, NOW);
    for (const items of transactionItems()) {
      const sortKey = (kind: string) => String(items.find((item) => item.Put?.Item?.kind === kind)!.Put!.Item!.SK);
      expect(sortKey('application-approved') > sortKey('role-changed')).toBe(true);
    }
  });

  it('denies without touching the role', async () => {
    stored(pending);
    await decideApplication(pending.id, { decision: 'deny', reviewerId: 'admin-1' }, NOW);
    const [items] = transactionItems();
    expect(items!.map((item) => Object.keys(item)[0])).toEqual(['Put', 'Delete', 'Update', 'Put']);
    expect(items![3]!.Put!.Item).toMatchObject({ kind: 'application-denied' });
  });

  it('never demotes an applicant who became an admin meanwhile', async () => {
    stored(pending, 'admin');
    await decideApplication(pending.id, { decision: 'approve', reviewerId: 'admin-1' }, NOW);
    const [items] = transactionItems();
    expect(items!.some((item) => item.Update?.ExpressionAttributeValues?.[':role'] !== undefined)).toBe(false);
    expect(items!.some((item) => item.Put?.Item?.kind === 'role-changed')).toBe(false);
    // They still get the organization the application named.
    expect(items![4]!.Update).toMatchObject({ UpdateExpression: 'SET organizationId = :organizationId', ExpressionAttributeValues: { ':organizationId': expect.any(String) } });
    expect(items!.some((item) => item.Put?.Item?.entity === 'organization')).toBe(true);
  });

  it('refuses a decided application without writing, and a lost race as a 409', async () => {
    stored({ ...pending, status: 'denied' });
    await expect(decideApplication(pending.id, { decision: 'approve', reviewerId: 'admin-1' }, NOW)).rejects.toBeInstanceOf(ConflictError);
    expect(transactionItems()).toEqual([]);

    stored(pending);
    dynamo.on(TransactWriteCommand).rejects(Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] }));
    await expect(decideApplication(pending.id, { decision: 'approve', reviewerId: 'admin-2' }, NOW)).rejects.toThrow('This application has already been decided.');
  });
});

describe('changeRole', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
    stored(pending);
  });

  it('records who changed the role in the same transaction, when told', async () => {
    await changeRole('user-rosa', 'admin', { actorId: 'super-1', now: NOW });
    const [items] = transactionItems();
    expect(items).toHaveLength(3);
    expect(items![2]!.Put!.Item).toMatchObject({ kind: 'role-changed', actorId: 'super-1', summary: 'Changed the role of rosa@example.com from athlete to admin' });
  });

  it('records nothing when no one is named (seeding, tests)', async () => {
    await changeRole('user-rosa', 'organizer');
    const [items] = transactionItems();
    expect(items).toHaveLength(2);
  });
});
