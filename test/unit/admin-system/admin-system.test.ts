import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_CLOSED_MESSAGE } from '#shared/schemas/system-config-defaults';
import { HEALTH_WARNING_MS, statusForLatency } from '#shared/schemas/system-health';
import { SYSTEM_CONFIG_KEY } from '#data/system-config';
import { overviewFromCounters } from '../../../lambdas/admin-system/admin-overview.ts';
import { checkAuth, timed } from '../../../lambdas/admin-system/health-checks.ts';
import { handler as preSignUp } from '../../../lambdas/users/pre-sign-up.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
beforeEach(() => dynamo.reset());

describe('the admin overview', () => {
  it('reads every figure from the counter items, this month in New York', () => {
    // 03:00 UTC on 1 March is still February in New York.
    const now = new Date('2026-03-01T03:00:00Z');
    const overview = overviewFromCounters(
      new Map([
        ['EVENTS', { total: 12, verified: 9, featured: 2, flagged: 1, 'created#2026-02': 4, 'created#2026-03': 7 }],
        ['USERS', { total: 6, athlete: 3, organizer: 1, admin: 1, superadmin: 1, 'created#2026-02': 5 }],
        ['ORGANIZATIONS', { total: 3 }],
        ['NEWSLETTER', { active: 40, unsubscribed: 2 }],
      ]),
      now,
    );
    expect(overview).toEqual({
      events: { total: 12, verified: 9, featured: 2, createdThisMonth: 4, flaggedForReview: 1 },
      users: { total: 6, athletes: 3, organizers: 1, admins: 2, createdThisMonth: 5 },
      organizations: { total: 3 },
      newsletter: { active: 40, unsubscribed: 2 },
    });
  });

  it('counts nothing as 0 and never shows a counter below 0', () => {
    const overview = overviewFromCounters(new Map([['EVENTS', { total: -1 }]]));
    expect(overview.events.total).toBe(0);
    expect(overview.users.total).toBe(0);
    expect(overview.organizations.total).toBe(0);
    expect(overview.newsletter).toEqual({ active: 0, unsubscribed: 0 });
  });
});

describe('health checks', () => {
  it(`calls a check over ${HEALTH_WARNING_MS} ms a warning`, () => {
    expect(statusForLatency(HEALTH_WARNING_MS)).toBe('healthy');
    expect(statusForLatency(HEALTH_WARNING_MS + 1)).toBe('warning');
  });

  it('reports a failing check as an error with a message and its time', async () => {
    const check = await timed('x', async () => Promise.reject(new Error('boom')), 'It failed');
    expect(check).toMatchObject({ status: 'error', message: 'It failed' });
    expect(check.ms).toBeGreaterThanOrEqual(0);
  });

  it('calls the user pool down when its JWKS cannot be fetched', async () => {
    const check = await checkAuth(() => 'http://127.0.0.1:9/nothing/.well-known/jwks.json');
    expect(check.status).toBe('error');
  });
});

function signUpEvent(triggerSource: PreSignUpTriggerEvent['triggerSource']): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_test',
    userName: 'someone',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: { userAttributes: { email: 'someone@racefinder.test' } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

const invoke = (event: PreSignUpTriggerEvent) => (preSignUp as unknown as (event: PreSignUpTriggerEvent) => Promise<unknown>)(event);

describe('the pre-sign-up trigger', () => {
  it('lets sign-ups through while registration is enabled (the default)', async () => {
    dynamo.on(GetCommand).resolves({});
    const event = signUpEvent('PreSignUp_SignUp');
    expect(await invoke(event)).toBe(event);
  });

  it('refuses a sign-up and a first Google sign-in while registration is disabled', async () => {
    dynamo.on(GetCommand, { Key: SYSTEM_CONFIG_KEY }).resolves({ Item: { ...SYSTEM_CONFIG_KEY, registrationEnabled: false } });
    await expect(invoke(signUpEvent('PreSignUp_SignUp'))).rejects.toThrow(REGISTRATION_CLOSED_MESSAGE);
    await expect(invoke(signUpEvent('PreSignUp_ExternalProvider'))).rejects.toThrow(REGISTRATION_CLOSED_MESSAGE);
  });

  it('lets an administrator create a user whatever the setting, without reading it', async () => {
    const event = signUpEvent('PreSignUp_AdminCreateUser');
    expect(await invoke(event)).toBe(event);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });
});
