/**
 * Notifications against the real local stack (issue 23): the sender's delivery (lambdas/notifications/deliver.ts,
 * run in this process against the stack's table and SES stand-in) puts a message in the inbox and mails it once
 * however often it is retried; GET /api/me/notifications pages the inbox with the unread count, POST .../read
 * marks some or all read; GET and PUT /api/me/notification-preferences switch kinds per channel; POST
 * /api/unsubscribe takes a mail client's one-click form post once per token, without signing in.
 */
import type { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { InboxPageSchema, NotificationSettingsSchema, UnreadCountSchema, UnsubscribedSchema, type InboxPage } from '#shared/schemas/inbox';
import type { NotificationKind } from '#shared/schemas/notifications';
import { addDays, todayInNewYork } from '#shared/dates';
import { TrainingPlanSchema } from '#shared/schemas/training-plans';
import { mondayOf } from '#shared/training/weeks';
import { suppress } from '#data/email-suppression';
import { createEvent, updateEvent } from '#data/event';
import { TOKEN_USED_MESSAGE, weeklySummaryReaderPages } from '#data/notification-preferences';
import { notifyAfterWrite, OUTBOX_PARTITION } from '#data/notification-queue';
import { db, tableName } from '#lib/dynamo';
import { ses } from '#lib/ses';
import { UNSUBSCRIBE_TOKEN_LIFETIME_MS } from '#lib/unsubscribe-token';
import { deliver } from '../../lambdas/notifications/deliver.ts';
import type { NotificationMessage } from '#shared/schemas/notification-message';
import { EXPIRED_LINK_MESSAGE, INVALID_LINK_MESSAGE } from '../../lambdas/notifications/unsubscribe.ts';
import { account, api, idTokenFor, localStack, newPerson, type Person } from '../support/local-api.ts';
import { eventually } from '../support/eventually.ts';
import { testRaceEvent } from '../support/race-event.ts';
import { SAMPLE_EVENT_ID, SAMPLE_NOTIFICATIONS } from '../support/notification-samples.ts';

interface Mail {
  readonly id: string;
  readonly to: string[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: { name: string; value: string }[];
}

const person = newPerson;

function message<K extends NotificationKind>(who: Person, kind: K, subject: string, day = '2027-01-10'): NotificationMessage<K> {
  return { sub: who.sub, kind, subject, day, data: SAMPLE_NOTIFICATIONS[kind] as NotificationMessage<K>['data'] };
}

async function mailTo(who: Person): Promise<Mail[]> {
  const response = await fetch(new URL(`/_local/mailbox.json?to=${encodeURIComponent(who.email)}`, localStack().url));
  expect(response.status).toBe(200);
  return (await response.json()) as Mail[];
}

/** The person's mail once some has come (the sender works off the queue); `what` names it when none does. */
function mailArrived(who: Person, what: string): Promise<Mail[]> {
  return eventually(async () => {
    const mails = await mailTo(who);
    return mails.length > 0 ? mails : undefined;
  }, what);
}

async function inbox(who: Person, cursor?: string): Promise<InboxPage> {
  const response = await api('GET', '/api/me/notifications', { token: who.token, query: cursor ? { cursor } : {} });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return InboxPageSchema.parse(response.body);
}

const header = (mail: Mail, name: string) => mail.headers.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase())?.value;

/** The one-click URI of a mail's List-Unsubscribe header. */
const oneClickUrl = (mail: Mail) => /^<(.+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')![1]!;

/** What a mail client sends for RFC 8058 one-click: a form post of List-Unsubscribe=One-Click to the header's URI. */
const oneClick = (url: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

let athlete: Person;
beforeAll(async () => {
  athlete = await person('inbox');
});

describe('delivering a notification', () => {
  it('puts it in the inbox, linked to what it is about, and mails it with a plain-text part and one-click headers', async () => {
    const outcome = await deliver(message(athlete, 'organizer-application-decided', 'application-1'));
    expect(outcome).toEqual({ recipient: true, record: 'delivered', inbox: true, email: 'sent' });

    const page = await inbox(athlete);
    expect(page.unreadCount).toBe(1);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ kind: 'organizer-application-decided', read: false, path: expect.stringMatching(/^\//) });
    expect(page.items[0]!.title).toMatch(/organizer/i);

    const [mail, ...more] = await mailTo(athlete);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(page.items[0]!.title);
    expect(mail!.text.length).toBeGreaterThan(50);
    expect(mail!.html).toContain('<html');
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(new URL(oneClickUrl(mail!)).pathname).toBe('/api/unsubscribe');
  });

  it('delivers a retried message once: one inbox item and one e-mail', async () => {
    const someone = await person('retried');
    const first = message(someone, 'saved-race-changed', `${SAMPLE_EVENT_ID}#date`);
    expect((await deliver(first)).record).toBe('delivered');
    expect(await deliver(first)).toEqual({ recipient: true, record: 'already', inbox: true, email: 'sent-before' });
    expect((await inbox(someone)).items).toHaveLength(1);
    expect(await mailTo(someone)).toHaveLength(1);
    // The same subject on another day is another message.
    expect((await deliver({ ...first, day: '2027-01-11' })).record).toBe('delivered');
    expect((await inbox(someone)).unreadCount).toBe(2);
  });

  it('keeps a message whose e-mail SES refused: the retry sends the e-mail and adds no second inbox item', async () => {
    const someone = await person('ses-down');
    const note = message(someone, 'promotion-paid', 'promotion-1');
    const failing = { now: () => new Date(), send: async () => Promise.reject(new Error('SES is throttling')) };
    await expect(deliver(note, failing)).rejects.toThrow('SES is throttling');
    expect((await inbox(someone)).items).toHaveLength(1);
    expect(await mailTo(someone)).toEqual([]);

    const sent: string[] = [];
    const working = { now: () => new Date(), send: async (command: SendEmailCommand) => (sent.push(command.input.Content!.Simple!.Subject!.Data!), ses().send(command)) };
    expect(await deliver(note, working)).toMatchObject({ record: 'already', email: 'sent' });
    expect(sent).toHaveLength(1);
    expect((await inbox(someone)).items).toHaveLength(1);
    expect(await mailTo(someone)).toHaveLength(1);
  });

  it('mails nothing to a suppressed address, and still fills the inbox', async () => {
    const someone = await person('bounced');
    await suppress(someone.email.toUpperCase(), 'bounce', new Date());
    expect(await deliver(message(someone, 'claim-decided', 'claim-1'))).toMatchObject({ inbox: true, email: 'suppressed' });
    expect(await mailTo(someone)).toEqual([]);
    expect((await inbox(someone)).unreadCount).toBe(1);
  });

  it('delivers nothing to an account that does not exist', async () => {
    const nobody = { ...athlete, sub: 'no-such-person' };
    expect(await deliver(message(nobody, 'claim-decided', 'claim-2'))).toEqual({ recipient: false, inbox: false, email: 'off' });
  });
});

describe('the inbox', () => {
  it('pages newest first, 20 a page, and shows each person only their own', async () => {
    const reader = await person('pages');
    for (let index = 0; index < 23; index += 1) await deliver(message(reader, 'registration-closing', `event-${index}`));
    const first = await inbox(reader);
    expect(first.items).toHaveLength(20);
    expect(first.unreadCount).toBe(23);
    const second = await inbox(reader, first.nextCursor);
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeUndefined();
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(new Set(ids).size).toBe(23);

    const stranger = await person('stranger');
    expect(await inbox(stranger)).toEqual({ items: [], unreadCount: 0 });
    const bad = await api('GET', '/api/me/notifications', { token: reader.token, query: { cursor: 'not-a-cursor!' } });
    expect(bad.status).toBe(400);
    expect((await api('GET', '/api/me/notifications')).status).toBe(401);
  });

  it('marks items read one at a time and all at once, and counts what comes after', async () => {
    const reader = await person('marks');
    for (const subject of ['a', 'b', 'c']) await deliver(message(reader, 'saved-search-matches', subject));
    const [newest, middle] = (await inbox(reader)).items;
    const read = (body: unknown, token = reader.token) => api('POST', '/api/me/notifications/read', { token, body });

    const once = await read({ ids: [middle!.id] });
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    expect(UnreadCountSchema.parse(once.body).unreadCount).toBe(2);
    // Twice, or someone else's id, changes nothing.
    expect(UnreadCountSchema.parse((await read({ ids: [middle!.id] })).body).unreadCount).toBe(2);
    const stranger = await person('other-marks');
    expect(UnreadCountSchema.parse((await read({ ids: [newest!.id] }, stranger.token)).body).unreadCount).toBe(0);
    expect((await inbox(reader)).items.find((item) => item.id === newest!.id)?.read).toBe(false);

    expect(UnreadCountSchema.parse((await read({ all: true })).body).unreadCount).toBe(0);
    expect((await inbox(reader)).items.every((item) => item.read)).toBe(true);
    // Marking one that "all" covered leaves the count alone.
    expect(UnreadCountSchema.parse((await read({ ids: [newest!.id] })).body).unreadCount).toBe(0);

    await deliver(message(reader, 'saved-search-matches', 'd'));
    const after = await inbox(reader);
    expect(after.unreadCount).toBe(1);
    expect(after.items.map((item) => item.read)).toEqual([false, true, true, true]);

    for (const body of [{}, { ids: [] }, { ids: ['nope'] }, { all: false }, { ids: Array.from({ length: 51 }, () => newest!.id) }]) {
      const refused = await read(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('notification preferences', () => {
  it('shows every kind with its defaults, saves the optional switches, and refuses switching off an essential kind', async () => {
    const someone = await person('prefs');
    const initial = NotificationSettingsSchema.parse((await api('GET', '/api/me/notification-preferences', { token: someone.token })).body);
    expect(initial.emailNotifications).toBe(true);
    expect(initial.rows).toHaveLength(11);
    expect(initial.rows.find((row) => row.kind === 'claim-decided')).toMatchObject({ essential: true, inApp: true, email: true });
    expect(initial.rows.find((row) => row.kind === 'weekly-training-summary')).toMatchObject({ essential: false, inApp: false, email: false });

    const saved = await api('PUT', '/api/me/notification-preferences', {
      token: someone.token,
      body: { preferences: { 'saved-search-matches': { email: false }, 'weekly-training-summary': { inApp: true, email: true } } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const settings = NotificationSettingsSchema.parse(saved.body);
    expect(settings.rows.find((row) => row.kind === 'saved-search-matches')).toMatchObject({ inApp: true, email: false });
    expect(settings.rows.find((row) => row.kind === 'weekly-training-summary')).toMatchObject({ inApp: true, email: true });
    expect(NotificationSettingsSchema.parse((await api('GET', '/api/me/notification-preferences', { token: someone.token })).body)).toEqual(settings);

    // The switch holds: the digest reaches the inbox and no mailbox.
    expect(await deliver(message(someone, 'saved-search-matches', 'search-1'))).toMatchObject({ inbox: true, email: 'off' });
    expect(await mailTo(someone)).toEqual([]);

    for (const body of [{ preferences: { 'claim-decided': { email: false } } }, { preferences: { 'no-such-kind': { email: false } } }, { preferences: { 'saved-search-matches': { sms: true } } }]) {
      const refused = await api('PUT', '/api/me/notification-preferences', { token: someone.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const essential = await api('PUT', '/api/me/notification-preferences', { token: someone.token, body: { preferences: { 'claim-decided': { email: false } } } });
    expect(JSON.stringify(essential.body)).toContain('always sent');
  });
});

describe('one-click unsubscribe', () => {
  it("switches off the mail's kind from the List-Unsubscribe header without signing in, once per token", async () => {
    const someone = await person('unsub');
    await deliver(message(someone, 'registration-closing', 'closing-1'));
    const [mail] = await mailTo(someone);
    const url = oneClickUrl(mail!);

    const first = await oneClick(url);
    expect(first.status).toBe(200);
    expect(UnsubscribedSchema.parse(await first.json())).toEqual({ scope: 'registration-closing', label: 'Registration closing for races you saved' });
    const settings = NotificationSettingsSchema.parse((await api('GET', '/api/me/notification-preferences', { token: someone.token })).body);
    expect(settings.rows.find((row) => row.kind === 'registration-closing')).toMatchObject({ inApp: true, email: false });
    expect(settings.rows.find((row) => row.kind === 'saved-race-changed')).toMatchObject({ email: true });

    const again = await oneClick(url);
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain(TOKEN_USED_MESSAGE);

    // The kind's next message reaches the inbox only.
    expect(await deliver(message(someone, 'registration-closing', 'closing-2'))).toMatchObject({ inbox: true, email: 'off' });
    expect(await mailTo(someone)).toHaveLength(1);
  });

  it('turns off every optional e-mail from an account decision, whose own kind cannot be switched off', async () => {
    const someone = await person('unsub-all');
    await deliver(message(someone, 'claim-decided', 'claim-3'));
    const [mail] = await mailTo(someone);
    // The page posts with no body at all.
    const answer = await fetch(oneClickUrl(mail!), { method: 'POST' });
    expect(answer.status).toBe(200);
    expect(UnsubscribedSchema.parse(await answer.json()).scope).toBe('all');
    const rows = NotificationSettingsSchema.parse((await api('GET', '/api/me/notification-preferences', { token: someone.token })).body).rows;
    expect(rows.filter((row) => !row.essential).every((row) => !row.email)).toBe(true);
    expect(rows.filter((row) => row.essential).every((row) => row.email)).toBe(true);
  });

  it('refuses a forged, altered, expired or missing token with a clear 400, changing nothing', async () => {
    const someone = await person('unsub-bad');
    const longAgo = Date.now() - UNSUBSCRIBE_TOKEN_LIFETIME_MS - 86_400_000;
    await deliver(message(someone, 'saved-race-changed', 'old-change'), { now: () => new Date(longAgo), send: (command) => ses().send(command) });
    await deliver(message(someone, 'saved-race-changed', 'new-change'));
    const [fresh, expired] = await mailTo(someone);
    const token = new URL(oneClickUrl(fresh!)).searchParams.get('token')!;
    const [version, payload, mac] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), kind: 'all' })).toString('base64url');
    const post = (query: string, body = 'List-Unsubscribe=One-Click') =>
      fetch(new URL(`/api/unsubscribe${query}`, localStack().url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

    const cases: [string, string][] = [
      [`?token=${version}.${otherPayload}.${mac}`, INVALID_LINK_MESSAGE],
      [`?token=${version}.${payload}.${'A'.repeat(43)}`, INVALID_LINK_MESSAGE],
      ['?token=nonsense', INVALID_LINK_MESSAGE],
      [new URL(oneClickUrl(expired!)).search, EXPIRED_LINK_MESSAGE],
    ];
    for (const [query, text] of cases) {
      const refused = await post(query);
      expect(refused.status, query).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(text);
    }
    expect((await post('')).status).toBe(400);
    expect((await post(`?token=${token}`, 'List-Unsubscribe=Everything')).status).toBe(400);
    const rows = NotificationSettingsSchema.parse((await api('GET', '/api/me/notification-preferences', { token: someone.token })).body).rows;
    expect(rows.find((row) => row.kind === 'saved-race-changed')?.email).toBe(true);
  });
});

describe('through the queue', () => {
  it("tells the people who saved a race that its date moved, from the table's stream, and a saver with a plan for it of that plan", async () => {
    const [saver, planner] = await Promise.all([person('saver'), person('planner')]);
    const race = await createEvent(testRaceEvent({ title: `Stream Test ${Date.now()} 10K`, eventDate: addDays(todayInNewYork(), 60), state: 'CO', city: 'Golden', distances: ['10K'] }));
    for (const who of [saver, planner]) expect((await api('PUT', `/api/me/saved-events/${race.id}`, { token: who.token })).status).toBe(200);
    const created = await api('POST', '/api/me/training-plans', { token: planner.token, body: { level: 'intermediate', daysPerWeek: 4, race: { eventId: race.id, distance: '10K' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plan = TrainingPlanSchema.parse(created.body);
    const moved = addDays(todayInNewYork(), 67);
    await updateEvent(race.id, { eventDate: moved });

    const [[mail], [plannerMail]] = await Promise.all([mailArrived(saver, "the saver's e-mail"), mailArrived(planner, "the planner's e-mail")]);
    expect(mail!.subject).toContain(race.title);
    expect(mail!.text).not.toContain('training plan');
    const page = await inbox(saver);
    expect(page.items.map((item) => item.kind)).toEqual(['saved-race-changed']);
    expect(page.items[0]!.path).toBe(`/events/${race.id}`);

    // The planner's own plan, still built for the old day, with the way to it.
    expect(plannerMail!.text.replace(/\s+/g, ' ')).toContain(`Your training plan “${plan.name}” still builds to`);
    expect(plannerMail!.html).toContain(`/training/plans/${plan.id}"`);
    expect((await inbox(planner)).items[0]!.summary).toContain('Your training plan for it still builds to the old date.');
  });

  it("tells an applicant of the admin's decision in the inbox and by e-mail", async () => {
    const applicant = await person('applicant');
    const admin = await idTokenFor(account('Admin').email, account('Admin').password);
    const applied = await api('POST', '/api/organizer-applications', {
      token: applicant.token,
      body: { organizationName: `Queue Runners ${Date.now()}`, organizationType: 'running_club', website: 'https://example.org/q', description: 'We put on trail races in the hills every season.', experience: 'Ten years of permitted events.', eventTypes: ['trail_race'], acceptTerms: true },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const decided = await api('POST', `/api/admin/organizer-applications/${(applied.body as { id: string }).id}/decision`, { token: admin, body: { decision: 'approve' } });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    const [mail] = await mailArrived(applicant, "the applicant's e-mail");
    expect(mail!.subject).toBe('You are now a RaceFinder organizer');
    const page = await inbox(applicant);
    expect(page.items.map((item) => item.kind)).toEqual(['organizer-application-decided']);
    expect(page.items[0]!.title).toBe(mail!.subject);
  });
});

describe('the outbox', () => {
  it("keeps a decision's message the queue refused, and the daily job's sweep sends it once", async () => {
    const applicant = await person('outbox');
    const refused = message(applicant, 'organizer-application-decided', `outbox-${Date.now()}`, todayInNewYork());
    // The queue out of reach: a queue the SQS stand-in does not have.
    const queueUrl = process.env.NOTIFICATION_QUEUE_URL!;
    process.env.NOTIFICATION_QUEUE_URL = `${queueUrl}-gone`;
    try {
      await notifyAfterWrite([refused]);
    } finally {
      process.env.NOTIFICATION_QUEUE_URL = queueUrl;
    }
    const outbox = async () =>
      ((await db.send(new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :outbox', ExpressionAttributeValues: { ':outbox': OUTBOX_PARTITION } }))).Items ?? []).filter(
        (item) => (item.message as { subject?: string }).subject === refused.subject,
      );
    expect(await outbox()).toHaveLength(1);
    expect(await mailTo(applicant)).toEqual([]);

    const run = await fetch(new URL('/_local/schedules/daily-alerts', localStack().url), { method: 'POST' });
    expect(((await run.json()) as { result: { swept: number } }).result.swept).toBeGreaterThanOrEqual(1);
    const [mail] = await mailArrived(applicant, 'the kept message');
    expect(mail!.subject).toBe('You are now a RaceFinder organizer');
    expect(await outbox()).toEqual([]);
  });
});

describe('the weekly training summary', () => {
  const runWeekly = async () => {
    const response = await fetch(new URL('/_local/schedules/weekly-summary', localStack().url), { method: 'POST' });
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: { summaries: number } }).result;
  };
  const readers = async () => {
    const subs: string[] = [];
    for await (const page of weeklySummaryReaderPages()) subs.push(...page);
    return subs;
  };

  it('sums up last week for those who turned it on, once a week, and stops when they turn it off', async () => {
    const runner = await person('weekly');
    const quiet = await person('unweekly');
    const lastMonday = addDays(mondayOf(todayInNewYork()), -7);
    for (const [day, distanceKm] of [[1, 8], [3, 12.5]] as const) {
      const logged = await api('POST', '/api/me/training-logs', { token: runner.token, body: { activityType: 'running', distanceKm, durationMinutes: 60, logDate: addDays(lastMonday, day) } });
      expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    }
    // The summary speaks the reader's unit.
    expect((await api('PATCH', '/api/me', { token: runner.token, body: { units: 'mi' } })).status).toBe(200);
    const on = await api('PUT', '/api/me/notification-preferences', { token: runner.token, body: { preferences: { 'weekly-training-summary': { inApp: true, email: true } } } });
    expect(on.status).toBe(200);
    expect(await readers()).toContain(runner.sub);
    expect(await readers()).not.toContain(quiet.sub);

    expect((await runWeekly()).summaries).toBeGreaterThanOrEqual(1);
    const [mail] = await mailArrived(runner, 'the weekly summary');
    // 20.5 km, in miles.
    expect(mail!.subject).toBe('Your training week: 12.7 mi in 2 workouts');
    expect(mail!.text).toContain('You logged 2 workouts last week.');
    expect((await inbox(runner)).items.map((item) => item.kind)).toContain('weekly-training-summary');
    expect(await mailTo(quiet)).toEqual([]);

    // Run again the same week: nobody is told twice.
    await runWeekly();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailTo(runner)).toHaveLength(1);

    // The footer's one-click link turns the e-mail off; with the inbox still on, the runner stays a reader until both are off.
    expect((await oneClick(oneClickUrl(mail!))).status).toBe(200);
    expect(await readers()).toContain(runner.sub);
    const off = await api('PUT', '/api/me/notification-preferences', { token: runner.token, body: { preferences: {} } });
    expect(off.status).toBe(200);
    expect(await readers()).not.toContain(runner.sub);
  });
});
