/**
 * The newsletter through the local stack: the footer's sign-up (deduplicated by address, the same answer
 * whether or not the address was on the list, a honeypot that stores nothing), unsubscribing with the token of
 * the link (a POST; an unknown token is a 404), the counters the admin Data screen shows, and the admins' CSV
 * export of active subscribers with each one's unsubscribe link, formula cells neutralized.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOverviewSchema } from '#shared/schemas/admin-overview';
import { ExportJobSchema, ExportJobWithDownloadSchema, type ExportJobWithDownload } from '#shared/schemas/export-job';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '#shared/schemas/newsletter';
import { db, tableName } from '#lib/dynamo';
import { NEWSLETTER_COUNTERS_KEY, newsletterSubscriber, subscribeToNewsletter, unsubscribeFromNewsletter } from '#data/newsletter-subscription';
import { csvRecords } from '../support/csv.ts';
import { account, api, idTokenFor } from '../support/local-api.ts';

const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const label of ['Athlete', 'Admin']) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
});

const unique = () => `nl-${randomUUID().slice(0, 8)}`;

async function subscribe(body: unknown) {
  return api('POST', '/api/newsletter-subscriptions', { body });
}

async function counters(): Promise<{ active: number; unsubscribed: number }> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: NEWSLETTER_COUNTERS_KEY, ConsistentRead: true }));
  return { active: Number(Item?.active ?? 0), unsubscribed: Number(Item?.unsubscribed ?? 0) };
}

describe('newsletter sign-up', () => {
  it('stores a new address once, lower-cased, with a random unsubscribe token, and counts it', async () => {
    const local = unique();
    const before = await counters();
    const first = await subscribe({ email: `  ${local.toUpperCase()}@Example.ORG ` });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toEqual({ subscribed: true });
    expect(first.headers.get('cache-control')).toBe('private, no-store');

    const stored = await newsletterSubscriber(`${local}@example.org`);
    expect(stored).toMatchObject({ status: 'active' });
    expect(stored!.token).toMatch(UNSUBSCRIBE_TOKEN_PATTERN);
    expect((await counters()).active - before.active).toBe(1);

    // The same address however it is typed: the very same answer, nothing stored twice, the token kept.
    for (const spelling of [`${local}@example.org`, `${local.toUpperCase()}@EXAMPLE.ORG`]) {
      const again = await subscribe({ email: spelling });
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    }
    expect(await newsletterSubscriber(`${local}@example.org`)).toEqual(stored);
    expect((await counters()).active - before.active).toBe(1);
  });

  it('answers a bot that fills the hidden honeypot field as it answers anyone, and stores nothing', async () => {
    const local = unique();
    const response = await subscribe({ email: `${local}@example.org`, homepage: 'https://spam.example' });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ subscribed: true });
    expect(await newsletterSubscriber(`${local}@example.org`)).toBeUndefined();
  });

  it('refuses a malformed address with a 400 that says what is wrong, and unknown fields', async () => {
    for (const email of ['runner@', 'not an address', '', '   ']) {
      const response = await subscribe({ email });
      expect(response.status, email).toBe(400);
      expect((response.body as { error: { fields: Record<string, string[]> } }).error.fields['body.email']).toEqual(['Enter a valid e-mail address, like name@example.com.']);
    }
    expect((await subscribe({})).status).toBe(400);
    expect((await subscribe({ email: `${unique()}@example.org`, status: 'active' })).status).toBe(400);
    expect((await subscribe({ email: `${'a'.repeat(250)}@example.org` })).status).toBe(400);
  });
});

describe('unsubscribing', () => {
  it('ends the subscription the token names, once, and says the same when the link is used again', async () => {
    const address = `${unique()}@example.org`;
    await subscribe({ email: address });
    const { token } = (await newsletterSubscriber(address))!;
    const before = await counters();

    const response = await api('POST', '/api/newsletter-subscriptions/unsubscribe', { body: { token } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ unsubscribed: true });
    expect(await newsletterSubscriber(address)).toMatchObject({ status: 'unsubscribed', token });
    const after = await counters();
    expect([after.active - before.active, after.unsubscribed - before.unsubscribed]).toEqual([-1, 1]);

    const again = await api('POST', '/api/newsletter-subscriptions/unsubscribe', { body: { token } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ unsubscribed: true });
    expect(await counters()).toEqual(after);

    // Signing up again brings the address back with the same token, so links already mailed work again.
    expect((await subscribe({ email: address })).body).toEqual({ subscribed: true });
    expect(await newsletterSubscriber(address)).toMatchObject({ status: 'active', token });
    const back = await counters();
    expect([back.active - after.active, back.unsubscribed - after.unsubscribed]).toEqual([1, -1]);
  });

  it('answers 404 for a well-formed token never issued, and 400 for one that is not a token', async () => {
    const unknown = await api('POST', '/api/newsletter-subscriptions/unsubscribe', { body: { token: 'A'.repeat(43) } });
    expect(unknown.status).toBe(404);
    expect((unknown.body as { error: { message: string } }).error.message).toMatch(/not valid/);
    for (const token of ['short', 'A'.repeat(44), '../../etc/passwd'.padEnd(43, 'x')]) {
      expect((await api('POST', '/api/newsletter-subscriptions/unsubscribe', { body: { token } })).status, token).toBe(400);
    }
    expect((await api('POST', '/api/newsletter-subscriptions/unsubscribe', { body: {} })).status).toBe(400);
  });

  it('has no GET that unsubscribes: mail scanners follow links (the page asks first; see the e2e test)', async () => {
    const address = `${unique()}@example.org`;
    await subscribe({ email: address });
    const { token } = (await newsletterSubscriber(address))!;
    for (const path of ['/api/newsletter-subscriptions/unsubscribe', '/api/newsletter-subscriptions']) {
      expect((await api('GET', path, { query: { token } })).status, path).toBe(404);
    }
    expect((await newsletterSubscriber(address))?.status).toBe('active');
  });
});

describe('what the open routes write', () => {
  it('is only Put and Update of keys under NEWSLETTER#, what IAM lets their functions do (infra/data.ts)', async () => {
    const written: { command: string; pk: string }[] = [];
    const name = `newsletter-writes-${randomUUID()}`;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { TransactItems?: Record<string, { Item?: { PK: unknown }; Key?: { PK: unknown } }>[]; Item?: { PK: unknown }; Key?: { PK: unknown } };
        const pkText = (pk: unknown) => (typeof pk === 'string' ? pk : String((pk as { S?: string } | undefined)?.S));
        if (input.TransactItems) {
          for (const item of input.TransactItems) {
            for (const [kind, request] of Object.entries(item)) written.push({ command: kind, pk: pkText(request.Item?.PK ?? request.Key?.PK) });
          }
        } else if (/Put|Update|Delete|BatchWrite/.test(context.commandName ?? '')) {
          written.push({ command: context.commandName ?? '', pk: pkText(input.Item?.PK ?? input.Key?.PK) });
        }
        return next(args);
      },
      { step: 'build', name },
    );
    try {
      const address = `${unique()}@example.org`;
      await subscribeToNewsletter(address);
      await subscribeToNewsletter(address.toUpperCase());
      const { token } = (await newsletterSubscriber(address))!;
      await unsubscribeFromNewsletter(token);
      await unsubscribeFromNewsletter(token);
      await subscribeToNewsletter(address);
    } finally {
      db.middlewareStack.remove(name);
    }
    expect(written.length).toBeGreaterThan(0);
    for (const { command, pk } of written) {
      expect(['Put', 'Update', 'PutItemCommand', 'UpdateItemCommand'], command).toContain(command);
      expect(pk, command).toMatch(/^NEWSLETTER#/);
    }
  });
});

describe('the admins’ export of subscribers', () => {
  async function finished(id: string): Promise<ExportJobWithDownload> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = ExportJobWithDownloadSchema.parse((await api('GET', `/api/admin/exports/${id}`, { token: tokens.Admin })).body);
      if (job.status !== 'processing') return job;
      if (Date.now() > deadline) throw new Error(`Export ${id} still processing after 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('is for admins only', async () => {
    expect((await api('POST', '/api/admin/exports', { body: { table: 'newsletter' } })).status).toBe(401);
    expect((await api('POST', '/api/admin/exports', { token: tokens.Athlete, body: { table: 'newsletter' } })).status).toBe(403);
    expect((await api('POST', '/api/admin/exports', { token: tokens.Admin, body: { table: 'newsletter', filters: { text: 'x' } } })).status).toBe(400);
  });

  it('lists every active subscriber with their unsubscribe link, formula-like addresses neutralized, and no one who left', async () => {
    const tag = unique();
    const plain = `${tag}@example.org`;
    const formulas = [`+${tag}@example.org`, `-${tag}@example.org`];
    const gone = `${tag}-gone@example.org`;
    for (const email of [plain, ...formulas, gone]) expect((await subscribe({ email })).status).toBe(202);
    await unsubscribeFromNewsletter((await newsletterSubscriber(gone))!.token);

    const start = await api('POST', '/api/admin/exports', { token: tokens.Admin, body: { table: 'newsletter' } });
    expect(start.status, JSON.stringify(start.body)).toBe(202);
    const job = await finished(ExportJobSchema.parse(start.body).id);
    expect(job.status).toBe('completed');
    expect(job.fileName).toMatch(/^newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await fetch(job.downloadUrl!);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${job.fileName}"`);
    const { header, records } = csvRecords(await file.text());
    expect(header).toEqual(['email', 'subscribedAt', 'unsubscribePath']);
    expect(records).toHaveLength(job.recordCount!);

    const mine = records.filter((record) => record.email!.includes(tag));
    expect(mine.map((record) => record.email).sort()).toEqual([plain, `'${formulas[0]}`, `'${formulas[1]}`].sort());
    for (const record of mine) {
      const address = record.email!.replace(/^'/, '');
      const stored = (await newsletterSubscriber(address))!;
      expect(record.subscribedAt).toBe(stored.subscribedAt);
      expect(record.unsubscribePath).toBe(`/unsubscribe?token=${stored.token}`);
    }
  });

  it('counts active and unsubscribed addresses on the admin overview', async () => {
    const overview = AdminOverviewSchema.parse((await api('GET', '/api/admin/overview', { token: tokens.Admin })).body);
    expect(overview.newsletter).toEqual(await counters());
  });
});
