/**
 * The messages that tell people of decisions about them (issue 23): an organizer application, a claim, a race
 * they suggested, a review of theirs hidden, a promotion decided, paid or refunded. Account decisions and
 * receipts, so essential: they always go in-app and by
 * e-mail. The data modules that make each decision send these after their write (notifyAfterWrite), one message
 * per decision, keyed by what was decided so a retried request never tells twice.
 */
import { todayInNewYork } from '#shared/dates';
import type { NotificationMessage } from '#shared/schemas/notification-message';
import type { Application } from '#shared/schemas/organizer-application';
import type { Claim } from '#shared/schemas/claim';
import type { RaceEvent } from '#shared/schemas/event';
import type { NotificationData } from '#shared/schemas/notifications';
import type { Promotion } from '#shared/schemas/promotion';

/** What a message says about an event: enough to name it, never more than the public page shows. */
export function noticeEventOf(event: Pick<RaceEvent, 'id' | 'title' | 'eventDate' | 'city' | 'state'>): NotificationData<'claim-decided'>['event'] {
  return { id: event.id, title: event.title, eventDate: event.eventDate, ...(event.city ? { city: event.city } : {}), ...(event.state ? { state: event.state } : {}) };
}

const optionalNotes = (notes: string | undefined) => (notes?.trim() ? { notes: notes.trim().slice(0, 1000) } : {});

export function applicationDecidedNotice(application: Application, now: Date): NotificationMessage<'organizer-application-decided'> {
  return {
    sub: application.userId,
    kind: 'organizer-application-decided',
    subject: application.id,
    day: todayInNewYork(now),
    data: { decision: application.status === 'approved' ? 'approved' : 'denied', ...optionalNotes(application.adminNotes) },
  };
}

export function claimDecidedNotice(claim: Claim, event: RaceEvent, now: Date): NotificationMessage<'claim-decided'> {
  return {
    sub: claim.organizerId,
    kind: 'claim-decided',
    subject: claim.id,
    day: todayInNewYork(now),
    data: { claimId: claim.id, decision: claim.status === 'approved' ? 'approved' : 'rejected', event: noticeEventOf(event), ...optionalNotes(claim.adminNotes) },
  };
}

export function suggestionDecidedNotice(submittedBy: string, event: RaceEvent, approved: boolean, notes: string | undefined, now: Date): NotificationMessage<'submitted-event-decided'> {
  return {
    sub: submittedBy,
    kind: 'submitted-event-decided',
    subject: event.id,
    day: todayInNewYork(now),
    data: { decision: approved ? 'approved' : 'rejected', event: noticeEventOf(event), ...optionalNotes(notes) },
  };
}

export function reviewHiddenNotice(authorId: string, reviewId: string, event: RaceEvent, review: { readonly text?: string; readonly note?: string }, now: Date): NotificationMessage<'review-hidden'> {
  const excerpt = review.text?.trim().replace(/\s+/g, ' ');
  return {
    sub: authorId,
    kind: 'review-hidden',
    subject: reviewId,
    day: todayInNewYork(now),
    data: {
      reviewId,
      event: noticeEventOf(event),
      ...(review.note?.trim() ? { note: review.note.trim().slice(0, 500) } : {}),
      ...(excerpt ? { excerpt: excerpt.length > 120 ? `${excerpt.slice(0, 119)}…` : excerpt } : {}),
    },
  };
}

/** What was bought, as every promotion message repeats it. */
function promotionFactsOf(promotion: Promotion, event: RaceEvent | undefined) {
  return {
    promotionId: promotion.id,
    event: event ? noticeEventOf(event) : { id: promotion.eventId, title: promotion.eventTitle ?? 'your race' },
    tier: promotion.tier,
    scope: promotion.scope,
    ...(promotion.scopeValue ? { scopeValue: promotion.scopeValue } : {}),
    startDate: promotion.startDate,
    endDate: promotion.endDate,
    amountCents: promotion.amountCents,
  };
}

/**
 * An admin's decision on a promotion, and for a rejected paid one the refund's receipt too (the decision says a
 * separate e-mail confirms it). Keyed by promotion and what happened, so each is told once.
 */
export function promotionDecidedNotices(promotion: Promotion, event: RaceEvent | undefined, now: Date): NotificationMessage[] {
  const day = todayInNewYork(now);
  const facts = promotionFactsOf(promotion, event);
  const approved = promotion.reviewStatus === 'approved';
  const decided: NotificationMessage<'promotion-decided'> = {
    sub: promotion.organizerId,
    kind: 'promotion-decided',
    subject: promotion.id,
    day,
    data: { ...facts, decision: approved ? 'approved' : 'rejected', ...optionalNotes(promotion.adminNotes) },
  };
  return approved || promotion.paymentStatus !== 'refunded' ? [decided] : [decided, promotionRefundedNotice(promotion, event, now, 'The promotion was not approved.')];
}

/** The receipt of a payment (Stripe's webhook said the checkout was paid). */
export function promotionPaidNotice(promotion: Promotion, event: RaceEvent | undefined, now: Date): NotificationMessage<'promotion-paid'> {
  return {
    sub: promotion.organizerId,
    kind: 'promotion-paid',
    subject: promotion.id,
    day: todayInNewYork(now),
    data: { ...promotionFactsOf(promotion, event), paidAt: promotion.paidAt ?? now.toISOString(), ...(promotion.paymentIntentId ? { paymentReference: promotion.paymentIntentId } : {}) },
  };
}

/** The receipt of a refund: by an admin's rejection, or one made in Stripe's dashboard. */
export function promotionRefundedNotice(promotion: Promotion, event: RaceEvent | undefined, now: Date, reason?: string): NotificationMessage<'promotion-refunded'> {
  return {
    sub: promotion.organizerId,
    kind: 'promotion-refunded',
    subject: promotion.id,
    day: todayInNewYork(now),
    data: { ...promotionFactsOf(promotion, event), refundedAt: promotion.refundedAt ?? now.toISOString(), ...(reason ? { reason } : {}) },
  };
}
