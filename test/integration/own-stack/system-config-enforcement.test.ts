/**
 * The system configuration honoured where it applies, and the overview's counters moving with writes. This
 * file starts a stack of its own (free ports, a throwaway data folder, no web build): maintenance mode and
 * closed registration would refuse the writes and sign-ups of the files that share the integration stack,
 * and exact counter deltas need a table nobody else writes to. Handler and store modules are imported only
 * after the stack has set their environment.
 */
import { ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOverviewSchema, type AdminOverview } from '#shared/schemas/admin-overview';
import { MAINTENANCE_MESSAGE, REGISTRATION_CLOSED_MESSAGE, SYSTEM_CONFIG_DEFAULTS } from '#shared/schemas/system-config-defaults';
import type { LocalStack } from '../../../infra/local/stack.ts';
import { testRaceEvent } from '../../support/race-event.ts';
import { startOwnStack } from '../../support/own-stack.ts';

let stack: LocalStack;
const tokens: Record<string, string> = {};

async function signIn(email: string, password: string): Promise<string> {
  const { AuthenticationResult } = await stack.cognito.client.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.cognito.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  if (!AuthenticationResult?.IdToken) throw new Error(`no token for ${email}`);
  return AuthenticationResult.IdToken;
}

async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function overview(): Promise<AdminOverview> {
  const response = await call('GET', '/api/admin/overview', tokens.Admin);
  expect(response.status).toBe(200);
  return AdminOverviewSchema.parse(response.body);
}

async function configure(changes: Partial<typeof SYSTEM_CONFIG_DEFAULTS>) {
  const response = await call('PUT', '/api/admin/system-config', tokens['Super admin'], { ...SYSTEM_CONFIG_DEFAULTS, ...changes });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

function signUp(email: string) {
  return stack.cognito.client.send(
    new SignUpCommand({
      ClientId: stack.cognito.clientId,
      Username: email,
      Password: 'Marathon-2025!',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'New' },
        { Name: 'family_name', Value: 'Runner' },
      ],
    }),
  );
}

async function signUpAndConfirm(email: string) {
  await signUp(email);
  const code = stack.cognito.latestCode(email);
  if (!code) throw new Error(`no confirmation code for ${email}`);
  await stack.cognito.client.send(new ConfirmSignUpCommand({ ClientId: stack.cognito.clientId, Username: email, ConfirmationCode: code }));
}

let stopStack: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ stack, stop: stopStack } = await startOwnStack('system-config'));
  for (const account of stack.demoAccounts) tokens[account.label] = await signIn(account.email, stack.demoPassword);
});

afterAll(async () => {
  await stopStack?.();
});

describe('the admin overview', () => {
  it('moves with event, sign-up, role and organization writes, reading counters only', async () => {
    const { createEvent, updateEvent, deleteEvent } = await import('../../../lambdas/data/event.ts');
    const { changeRole, getProfile } = await import('../../../lambdas/data/profile.ts');
    const { createOrganization } = await import('../../../lambdas/data/organization.ts');
    const before = await overview();
    // The five demo accounts, counted as they were created.
    expect(before.users).toMatchObject({ total: 5, athletes: 2, organizers: 1, admins: 2, createdThisMonth: 5 });

    const verified = await createEvent(testRaceEvent({ title: 'Counter test verified', eventDate: '2099-05-01', featured: true }));
    const unverified = await createEvent(testRaceEvent({ title: 'Counter test unverified', eventDate: '2099-05-02', verified: false }));
    await createOrganization({ id: ulid(), name: 'Counter Test Running Club' });
    const email = `counted-${Date.now()}@racefinder.test`;
    await signUpAndConfirm(email);

    const after = await overview();
    expect(after.events).toEqual({
      total: before.events.total + 2,
      verified: before.events.verified + 1,
      featured: before.events.featured + 1,
      createdThisMonth: before.events.createdThisMonth + 2,
      flaggedForReview: before.events.flaggedForReview,
    });
    expect(after.users).toEqual({ ...before.users, total: 6, athletes: 3, createdThisMonth: 6 });
    expect(after.organizations.total).toBe(before.organizations.total + 1);

    // A role change moves a user from one role's count to another's, the total stays.
    const sub = (await signInSub(email))!;
    await changeRole(sub, 'organizer');
    expect((await getProfile(sub))?.role).toBe('organizer');
    expect((await overview()).users).toEqual({ ...after.users, athletes: 2, organizers: 2 });

    await updateEvent(unverified.id, { verified: true });
    await deleteEvent(verified.id);
    expect((await overview()).events).toMatchObject({ total: after.events.total - 1, verified: after.events.verified, featured: after.events.featured - 1 });
  });

  it('names the newest import job, and none before the first', async () => {
    const { createImportJob, finishImportJob } = await import('../../../lambdas/data/import-job.ts');
    expect((await overview()).lastImport).toBeUndefined();
    const first = await createImportJob({ source: 'json', options: { events: 1, autoVerify: false }, startedBy: 'test', expected: 1 });
    expect((await overview()).lastImport).toEqual({ id: first.id, status: 'pending', createdAt: first.createdAt });
    const finished = await finishImportJob(first.id);
    expect((await overview()).lastImport).toEqual({ id: first.id, status: finished.status, createdAt: first.createdAt, finishedAt: finished.finishedAt });
  });
});

async function signInSub(email: string): Promise<string | undefined> {
  const token = await signIn(email, 'Marathon-2025!');
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub?: string }).sub;
}

describe('maintenance mode', () => {
  afterAll(() => configure({ maintenanceMode: false }));

  it("refuses an athlete's write with 503 and lets an admin's through, while reads go on", async () => {
    await configure({ maintenanceMode: true });
    const status = await call('GET', '/api/status');
    expect(status.body).toEqual({ maintenanceMode: true, registrationEnabled: true });

    const refused = await call('PATCH', '/api/me', tokens.Athlete, { location: 'Somerville, MA' });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: { code: 'maintenance', message: MAINTENANCE_MESSAGE } });
    expect((await call('GET', '/api/me', tokens.Athlete)).body).toMatchObject({ location: 'Boston, MA' });

    const allowed = await call('PATCH', '/api/me', tokens.Admin, { location: 'Salem, OR' });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ location: 'Salem, OR' });

    await configure({ maintenanceMode: false });
    const afterwards = await call('PATCH', '/api/me', tokens.Athlete, { location: 'Somerville, MA' });
    expect(afterwards.status).toBe(200);
  });
});

describe('registration', () => {
  afterAll(() => configure({ registrationEnabled: true }));

  it('refuses a sign-up against cognito-local while disabled, through the real pre-sign-up trigger', async () => {
    await configure({ registrationEnabled: false });
    expect((await call('GET', '/api/status')).body).toEqual({ maintenanceMode: false, registrationEnabled: false });
    const email = `refused-${Date.now()}@racefinder.test`;
    const refused = await signUp(email).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(refused?.name).toBe('UserLambdaValidationException');
    expect(refused?.message).toContain(REGISTRATION_CLOSED_MESSAGE);
    // Nobody was created: signing in finds no such user.
    await expect(signIn(email, 'Marathon-2025!')).rejects.toThrow();

    await configure({ registrationEnabled: true });
    await expect(signUp(email)).resolves.toMatchObject({ UserConfirmed: false });
  });
});

describe('e-mail notifications', () => {
  afterAll(() => configure({ emailNotifications: true }));

  it('sends no optional e-mail while the admin has them off, but still account decisions, and fills the inbox either way', async () => {
    const { deliver } = await import('../../../lambdas/notifications/deliver.ts');
    const { SAMPLE_NOTIFICATIONS } = await import('../../support/notification-samples.ts');
    const athlete = stack.demoAccounts.find((account) => account.label === 'Athlete')!;
    const me = await call('GET', '/api/me', tokens.Athlete);
    const sub = (me.body as { id: string }).id;
    const message = <K extends 'saved-search-matches' | 'claim-decided'>(kind: K, subject: string) => ({ sub, kind, subject, day: '2027-01-10', data: SAMPLE_NOTIFICATIONS[kind] });

    await configure({ emailNotifications: false });
    expect(await deliver(message('saved-search-matches', 'paused-digest'))).toMatchObject({ inbox: true, email: 'off' });
    expect(await deliver(message('claim-decided', 'paused-claim'))).toMatchObject({ inbox: true, email: 'sent' });
    const settings = await call('GET', '/api/me/notification-preferences', tokens.Athlete);
    expect(settings.body).toMatchObject({ emailNotifications: false });

    await configure({ emailNotifications: true });
    expect(await deliver(message('saved-search-matches', 'resumed-digest'))).toMatchObject({ inbox: true, email: 'sent' });
    const subjects = stack.ses.messages(athlete.email).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects.some((subject) => /claim/i.test(subject))).toBe(true);
  });
});
