/**
 * Promotions through the local stack and its Stripe stand-in: the server's price whatever the client sends,
 * Checkout through the official SDK, paying on the stand-in's page (its signed checkout.session.completed
 * reaches POST /api/stripe/webhook), forged and contradicting webhooks refused with nothing changed, the same
 * event delivered five times with one effect, events out of order never moving a promotion back, the admin's
 * approval putting the event first in its state's search, and a rejection refunded through Stripe.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { ActivityPageSchema } from '#shared/schemas/activity';
import { ErrorBodySchema } from '#shared/schemas/common';
import { AdminPromotionsPageSchema, CreatePromotionResponseSchema, PromotionSchema, PromotionsPageSchema, type Promotion } from '#shared/schemas/promotion';
import { EventSearchPageSchema } from '#shared/schemas/search';
import type { RaceEvent } from '#shared/schemas/event';
import { db, tableName } from '#lib/dynamo';
import { stripe } from '#lib/stripe';
import { createEvent } from '#data/event';
import { changeRole } from '#data/profile';
import { PROMOTION_COUNTERS_KEY, organizerPromotionCountsKey } from '#data/promotion-store';
import { promotionKey } from '#data/promotion';
import { decidePromotion } from '#data/promotion-review';
import { signatureHeader } from '../../infra/local/stripe/webhooks.ts';
import { testRaceEvent } from '../support/race-event.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';

const stack = inject('localStack');
type Who = 'Organizer' | 'Admin' | 'Athlete' | 'Other';
const tokens = {} as Record<Who, string>;
const subs = {} as Record<Who, string>;

async function subOf(token: string): Promise<string> {
  const response = await api('GET', '/api/me', { token });
  expect(response.status).toBe(200);
  return (response.body as { id: string }).id;
}

beforeAll(async () => {
  for (const label of ['Organizer', 'Admin', 'Athlete'] as const) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
    subs[label] = await subOf(tokens[label]);
  }
  const other = await newUser('promo-other-organizer');
  subs.Other = await subOf(other.token);
  await changeRole(subs.Other, 'organizer');
  tokens.Other = other.token;
});

const today = todayInNewYork();
const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A verified event the seeded organizer owns, in a state of its own so its search is predictable. */
async function ownedEvent(overrides: Partial<RaceEvent> = {}): Promise<RaceEvent> {
  const marker = `promotest${randomUUID().slice(0, 8)}`;
  return createEvent(
    testRaceEvent({ title: `Promoted ${marker} Road Race`, eventDate: dayAfter(today, 120), state: 'VT', city: 'Stowe', verified: true, organizerId: subs.Organizer, ...overrides }),
  );
}

const body = (event: RaceEvent, extra: Record<string, unknown> = {}) => ({
  eventId: event.id,
  type: 'premium',
  scope: 'state',
  scopeValue: event.state,
  startDate: today,
  endDate: dayAfter(today, 2),
  ...extra,
});

const buy = (token: string, request: Record<string, unknown>) => api('POST', '/api/promotions', { token, body: request, headers: { origin: stack.url } });

async function bought(event: RaceEvent, extra: Record<string, unknown> = {}) {
  const response = await buy(tokens.Organizer, body(event, extra));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return CreatePromotionResponseSchema.parse(response.body);
}

async function promotionOf(id: string, token = tokens.Organizer): Promise<Promotion> {
  const response = await api('GET', `/api/promotions/${id}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return PromotionSchema.parse(response.body);
}

/** Pays on the stand-in's checkout page, as a person clicking Pay; answers where it sends the browser. */
async function payOnCheckoutPage(checkoutUrl: string): Promise<string> {
  const html = await (await fetch(checkoutUrl)).text();
  const token = /name="page_token" value="([^"]+)"/.exec(html)![1]!;
  const paid = await fetch(checkoutUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `page_token=${encodeURIComponent(token)}`, redirect: 'manual' });
  expect(paid.status).toBe(303);
  return paid.headers.get('location')!;
}

/** Posts an event to the webhook route as Stripe would, signed with `secret` at `timestamp`. */
async function deliver(event: object, { secret = stack.stripe.webhookSecret, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  return api('POST', '/api/stripe/webhook', { rawBody: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(payload, secret, timestamp) } });
}

let eventCount = 0;
/** A Stripe event about a promotion's session, shaped as Stripe sends it. */
function sessionEvent(promotion: Promotion, type: string, session: Record<string, unknown> = {}) {
  eventCount += 1;
  return {
    id: `evt_test_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: '2025-01-01',
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: promotion.checkoutSessionId,
        object: 'checkout.session',
        client_reference_id: promotion.id,
        metadata: { promotionId: promotion.id },
        amount_total: promotion.amountCents,
        currency: 'usd',
        payment_status: type === 'checkout.session.completed' ? 'paid' : 'unpaid',
        payment_intent: type === 'checkout.session.completed' ? `pi_test_${eventCount}` : null,
        status: type === 'checkout.session.completed' ? 'complete' : 'expired',
        ...session,
      },
    },
  };
}

async function rawItem(key: Record<string, string>) {
  return (await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
}
const counters = async () => ({ global: (await rawItem(PROMOTION_COUNTERS_KEY)) ?? {}, own: (await rawItem(organizerPromotionCountsKey(subs.Organizer))) ?? {} });

const decide = (id: string, decision: string, notes?: string, token = tokens.Admin) =>
  api('POST', `/api/admin/promotions/${id}/decision`, { token, body: { decision, ...(notes ? { notes } : {}) } });

describe('POST /api/promotions', () => {
  it('prices the promotion on the server and opens a Checkout Session for exactly that amount', async () => {
    const event = await ownedEvent();
    const { promotion, checkoutUrl } = await bought(event);
    // Premium is $3 a day; today to the day after tomorrow is three days.
    expect(promotion).toMatchObject({ amountCents: 900, currency: 'usd', paymentStatus: 'pending', reviewStatus: 'pending', adminApproved: false, organizerId: subs.Organizer });
    expect(checkoutUrl.startsWith(`${stack.stripe.url}/c/pay/`)).toBe(true);
    const session = await (await stripe()).checkout.sessions.retrieve(promotion.checkoutSessionId!);
    expect(session).toMatchObject({ amount_total: 900, currency: 'usd', client_reference_id: promotion.id, metadata: { promotionId: promotion.id } });
    expect(session.success_url).toBe(`${stack.url}/organizer-dashboard?promotion_success=true&promotion_id=${promotion.id}&tab=promotions`);
  });

  it('sends the buyer back to the configured site, never to the Origin the request names', async () => {
    const landing = (outcome: string, id: string) => `${stack.url}/organizer-dashboard?${outcome}=true&promotion_id=${id}&tab=promotions`;
    for (const origin of ['https://evil.example', undefined]) {
      const response = await api('POST', '/api/promotions', { token: tokens.Organizer, body: body(await ownedEvent()), headers: origin ? { origin } : {} });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const { promotion } = CreatePromotionResponseSchema.parse(response.body);
      const session = await (await stripe()).checkout.sessions.retrieve(promotion.checkoutSessionId!);
      expect(session.success_url).toBe(landing('promotion_success', promotion.id));
      expect(session.cancel_url).toBe(landing('promotion_cancelled', promotion.id));
    }
  });

  it('takes no price from the client: an amount in the body is refused, and every tier costs what the table says', async () => {
    const event = await ownedEvent();
    for (const field of ['amountCents', 'amount', 'price']) {
      const response = await buy(tokens.Organizer, body(event, { [field]: 1 }));
      expect(response.status, field).toBe(400);
    }
    const spotlight = await bought(event, { type: 'spotlight', scope: 'site', scopeValue: undefined, endDate: today });
    expect(spotlight.promotion.amountCents).toBe(500);
    const featured = await bought(event, { type: 'featured', scope: 'event_type', scopeValue: event.eventType, endDate: dayAfter(today, 9) });
    expect(featured.promotion.amountCents).toBe(1000);
  });

  it('refuses dates in the past, an end before the start, more than 90 days, days after the race, and a missing scope value', async () => {
    const event = await ownedEvent({ eventDate: dayAfter(today, 200) });
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: dayAfter(today, -1) }, 'body.startDate'],
      [{ startDate: dayAfter(today, 5), endDate: dayAfter(today, 4) }, 'body.endDate'],
      [{ endDate: dayAfter(today, 90) }, 'body.endDate'],
      [{ endDate: dayAfter(today, 201) }, 'body.endDate'],
      [{ scopeValue: undefined }, 'body.scopeValue'],
      [{ scopeValue: 'ZZ' }, 'body.scopeValue'],
      [{ type: 'platinum' }, 'body.type'],
    ];
    for (const [extra, field] of cases) {
      const response = await buy(tokens.Organizer, body(event, extra));
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(ErrorBodySchema.parse(response.body).error.fields ?? {}), JSON.stringify(extra)).toContain(field);
    }
    const listed = PromotionsPageSchema.parse((await api('GET', '/api/me/promotions', { token: tokens.Organizer })).body);
    expect(listed.items.filter((item) => item.eventId === event.id)).toEqual([]);
  });

  it("refuses another organizer's event (404), and an event that is not public yet (409)", async () => {
    const event = await ownedEvent();
    expect((await buy(tokens.Other, body(event))).status).toBe(404);
    const hidden = await ownedEvent({ verified: false });
    const response = await buy(tokens.Organizer, body(hidden));
    expect(response.status).toBe(409);
    expect((await buy(tokens.Athlete, body(event))).status).toBe(403);
  });

  it('answers three identical concurrent requests with one promotion and one Checkout Session', async () => {
    const event = await ownedEvent();
    const responses = await Promise.all([0, 1, 2].map(() => buy(tokens.Organizer, body(event))));
    expect(responses.map((response) => response.status), JSON.stringify(responses.map((response) => response.body))).toEqual([201, 201, 201]);
    const answers = responses.map((response) => CreatePromotionResponseSchema.parse(response.body));
    expect(new Set(answers.map((answer) => answer.promotion.id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.promotion.checkoutSessionId)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.checkoutUrl)).size).toBe(1);
    const listed = PromotionsPageSchema.parse((await api('GET', '/api/me/promotions', { token: tokens.Organizer })).body);
    expect(listed.items.filter((item) => item.eventId === event.id)).toHaveLength(1);

    // A later identical request answers the same pending promotion; once paid, buying the slot again is refused.
    const again = await bought(event);
    expect(again.promotion.id).toBe(answers[0]!.promotion.id);
    await payOnCheckoutPage(again.checkoutUrl);
    const paidAgain = await buy(tokens.Organizer, body(event));
    expect(paidAgain.status).toBe(409);
    expect(ErrorBodySchema.parse(paidAgain.body).error.message).toMatch(/already paid/);
    // Another span of days is another promotion.
    expect((await bought(event, { endDate: dayAfter(today, 3) })).promotion.id).not.toBe(again.promotion.id);
  });

  it('opens a new checkout for a slot whose earlier checkout expired unpaid', async () => {
    const event = await ownedEvent();
    const first = (await bought(event)).promotion;
    expect((await deliver(sessionEvent(first, 'checkout.session.expired'))).status).toBe(200);
    const second = (await bought(event)).promotion;
    expect(second.id).not.toBe(first.id);
    expect(second.checkoutSessionId).not.toBe(first.checkoutSessionId);
  });

  it("shows a promotion to its organizer and admins only", async () => {
    const { promotion } = await bought(await ownedEvent());
    expect((await api('GET', `/api/promotions/${promotion.id}`, { token: tokens.Other })).status).toBe(404);
    expect((await promotionOf(promotion.id, tokens.Admin)).id).toBe(promotion.id);
  });
});

describe('paying, the webhook and the review', () => {
  it('marks the promotion paid when the organizer pays on the checkout page, and returns to the dashboard', async () => {
    const before = await counters();
    const { promotion, checkoutUrl } = await bought(await ownedEvent());
    const returned = await payOnCheckoutPage(checkoutUrl);
    expect(returned).toBe(`${stack.url}/organizer-dashboard?promotion_success=true&promotion_id=${promotion.id}&tab=promotions`);
    const paid = await promotionOf(promotion.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', reviewStatus: 'pending', adminApproved: false, paymentIntentId: expect.stringMatching(/^pi_/) });
    expect(paid.checkoutUrl).toBeUndefined();
    const after = await counters();
    expect((after.global.in_review ?? 0) - (before.global.in_review ?? 0)).toBe(1);
    expect((after.own.total ?? 0) - (before.own.total ?? 0)).toBe(1);

    const queue = AdminPromotionsPageSchema.parse((await api('GET', '/api/admin/promotions', { token: tokens.Admin, query: { status: 'in_review' } })).body);
    expect(queue.items.map((item) => item.id)).toContain(promotion.id);
    expect(queue.total).toBeGreaterThanOrEqual(1);
  });

  it('refuses forged and contradicting deliveries with nothing changed', async () => {
    const { promotion } = await bought(await ownedEvent());
    const stored = await rawItem(promotionKey(promotion.id));
    const forgeries: [string, object, { secret?: string; timestamp?: number }, number][] = [
      ['signed with another secret', sessionEvent(promotion, 'checkout.session.completed'), { secret: 'whsec_not_the_endpoint_secret' }, 400],
      ['signed ten minutes ago', sessionEvent(promotion, 'checkout.session.completed'), { timestamp: Math.floor(Date.now() / 1000) - 600 }, 400],
      ['signed ten minutes ahead', sessionEvent(promotion, 'checkout.session.completed'), { timestamp: Math.floor(Date.now() / 1000) + 600 }, 400],
      ['a smaller amount', sessionEvent(promotion, 'checkout.session.completed', { amount_total: 1 }), {}, 422],
      ['another currency', sessionEvent(promotion, 'checkout.session.completed', { currency: 'eur' }), {}, 422],
      ['another session', sessionEvent(promotion, 'checkout.session.completed', { id: 'cs_test_someone_elses' }), {}, 422],
      ['an unknown promotion', sessionEvent({ ...promotion, id: '01HZZZZZZZZZZZZZZZZZZZZZZZ' }, 'checkout.session.completed'), {}, 422],
    ];
    const statuses: number[] = [];
    for (const [name, event, signing, status] of forgeries) {
      const response = await deliver(event, signing);
      expect(response.status, name).toBe(status);
      statuses.push(response.status);
    }
    // An unsigned body is refused too.
    const unsigned = await api('POST', '/api/stripe/webhook', { rawBody: JSON.stringify(sessionEvent(promotion, 'checkout.session.completed')), headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(400);
    expect(statuses).toHaveLength(7);
    expect(await rawItem(promotionKey(promotion.id))).toEqual(stored);
  });

  it('applies the same event delivered five times once, and ignores another event about the same paid session', async () => {
    const { promotion } = await bought(await ownedEvent());
    const before = await counters();
    const event = sessionEvent(promotion, 'checkout.session.completed');
    const effects: string[] = [];
    for (let delivery = 0; delivery < 5; delivery += 1) {
      const response = await deliver(event);
      expect(response.status).toBe(200);
      effects.push((response.body as { effect: string }).effect);
    }
    expect(effects).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const again = await deliver(sessionEvent(promotion, 'checkout.session.completed'));
    expect((again.body as { effect: string }).effect).toBe('ignored');
    const after = await counters();
    expect((after.global.in_review ?? 0) - (before.global.in_review ?? 0)).toBe(1);
    expect((after.global.awaiting_payment ?? 0) - (before.global.awaiting_payment ?? 0)).toBe(-1);
    expect((await rawItem(promotionKey(promotion.id)))?.version).toBe(2);
  });

  it('applies the same event delivered five times at once once', async () => {
    const { promotion } = await bought(await ownedEvent());
    const event = sessionEvent(promotion, 'checkout.session.completed');
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const effects = responses.map((response) => (response.body as { effect: string }).effect).sort();
    expect(effects.filter((effect) => effect === 'applied')).toHaveLength(1);
    expect((await rawItem(promotionKey(promotion.id)))?.version).toBe(2);
  });

  it('marks a second payment for the same slot as a duplicate that cannot be approved', async () => {
    const event = await ownedEvent();
    const first = (await bought(event)).promotion;
    // The first checkout expires, the slot is bought again and paid, then the first is paid late (async).
    await deliver(sessionEvent(first, 'checkout.session.expired'));
    const second = await bought(event);
    await payOnCheckoutPage(second.checkoutUrl);
    expect((await deliver(sessionEvent(first, 'checkout.session.completed'))).status).toBe(200);
    const late = await promotionOf(first.id);
    expect(late).toMatchObject({ paymentStatus: 'paid', duplicateOf: second.promotion.id });
    const refused = await decide(first.id, 'approve');
    expect(refused.status).toBe(409);
    expect(ErrorBodySchema.parse(refused.body).error.message).toMatch(/second payment/);
    expect((await decide(second.promotion.id, 'approve')).status).toBe(200);
  });

  it('never moves a promotion backwards when events arrive out of order', async () => {
    const { promotion } = await bought(await ownedEvent());
    // The expiry Stripe sent first arrives last: the payment stands.
    await deliver(sessionEvent(promotion, 'checkout.session.completed'));
    const late = await deliver(sessionEvent(promotion, 'checkout.session.expired'));
    expect(late.status).toBe(200);
    expect((late.body as { effect: string }).effect).toBe('ignored');
    expect((await promotionOf(promotion.id)).paymentStatus).toBe('paid');

    // A session that expired and was then completed late (an async payment) ends paid: forwards only.
    const second = (await bought(await ownedEvent())).promotion;
    expect((await deliver(sessionEvent(second, 'checkout.session.expired'))).status).toBe(200);
    expect((await promotionOf(second.id)).paymentStatus).toBe('failed');
    expect((await deliver(sessionEvent(second, 'checkout.session.completed'))).status).toBe(200);
    expect((await promotionOf(second.id)).paymentStatus).toBe('paid');
  });

  it("puts an approved promotion's event first in its state's search, once, and refuses a second decision", async () => {
    const event = await ownedEvent({ state: 'WY', eventDate: dayAfter(today, 300) });
    const { promotion, checkoutUrl } = await bought(event, { scopeValue: 'WY' });
    // Unpaid promotions cannot be decided.
    expect((await decide(promotion.id, 'approve')).status).toBe(409);
    await payOnCheckoutPage(checkoutUrl);
    const before = await counters();
    const response = await decide(promotion.id, 'approve', 'Looks good');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(PromotionSchema.parse(response.body)).toMatchObject({ reviewStatus: 'approved', adminApproved: true, reviewedBy: subs.Admin, adminNotes: 'Looks good' });
    const after = await counters();
    expect((after.own.active ?? 0) - (before.own.active ?? 0)).toBe(1);
    expect((await decide(promotion.id, 'reject')).status).toBe(409);

    // The decision is in the activity record, with who made it; organizers may not read the record.
    const activity = ActivityPageSchema.parse((await api('GET', '/api/admin/activity', { token: tokens.Admin })).body);
    expect(activity.items.find((entry) => entry.subjectId === subs.Organizer && entry.kind === 'promotion-approved')).toMatchObject({
      actorId: subs.Admin,
      actorEmail: account('Admin').email,
      summary: `Approved the Premium promotion of ${event.title}`,
    });
    expect((await api('GET', '/api/admin/activity', { token: tokens.Organizer })).status).toBe(403);

    const search = EventSearchPageSchema.parse((await api('GET', '/api/events', { query: { state: 'WY' } })).body);
    expect(search.items[0]).toMatchObject({ id: event.id, promotion: { tier: 'premium' } });
    const elsewhere = EventSearchPageSchema.parse((await api('GET', '/api/events', { query: { state: 'VT' } })).body);
    expect(elsewhere.items.map((item) => item.id)).not.toContain(event.id);
  });

  it('runs the paid days from approval: days spent waiting for review are not used up', async () => {
    const event = await ownedEvent();
    const { promotion, checkoutUrl } = await bought(event);
    await payOnCheckoutPage(checkoutUrl);
    // The admin gets to it two days later (noon in New York), when a third of the paid span would be gone.
    const later = new Date(Date.parse(`${dayAfter(today, 2)}T17:00:00Z`));
    const approved = await decidePromotion(promotion.id, { decision: 'approve', reviewerId: subs.Admin }, later);
    expect(approved).toMatchObject({ startDate: dayAfter(today, 2), endDate: dayAfter(today, 4), adminApproved: true });
    const stored = await rawItem(promotionKey(promotion.id));
    expect(stored).toMatchObject({ startDate: dayAfter(today, 2), endDate: dayAfter(today, 4), GSI4SK: `${dayAfter(today, 4)}#${promotion.id}` });
  });

  it('refunds a rejected promotion through Stripe, and the refund webhook that follows changes nothing more', async () => {
    const before = await counters();
    const { promotion, checkoutUrl } = await bought(await ownedEvent());
    await payOnCheckoutPage(checkoutUrl);
    const response = await decide(promotion.id, 'reject', 'Not a real race');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const rejected = PromotionSchema.parse(response.body);
    expect(rejected).toMatchObject({ reviewStatus: 'rejected', paymentStatus: 'refunded', adminApproved: false, adminNotes: 'Not a real race' });
    const refund = await (await stripe()).refunds.retrieve(rejected.refundId!);
    expect(refund).toMatchObject({ status: 'succeeded', amount: promotion.amountCents, payment_intent: rejected.paymentIntentId });

    // The stand-in delivers charge.refunded after answering; whenever it lands, the promotion stays as it is.
    await expect.poll(async () => (await rawItem(promotionKey(promotion.id)))?.version, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    const settled = await promotionOf(promotion.id);
    expect(settled).toMatchObject({ reviewStatus: 'rejected', paymentStatus: 'refunded' });
    const after = await counters();
    expect((after.global.rejected ?? 0) - (before.global.rejected ?? 0)).toBe(1);
    expect((after.own.active ?? 0) - (before.own.active ?? 0)).toBe(0);
    expect((await decide(promotion.id, 'approve')).status).toBe(409);
  });
});
