/** No defineEntity here: it reads through the other entities' modules, and reads itself only what has no reader there. */
/**
 * Everything RaceFinder keeps about one person, for "Export my data" (lambdas/exports/run-personal-export.ts):
 * read through each entity's own module wherever it has a reader (profile, training log, goals, plans, coach
 * chat, checklists, calendar feeds, recaps, claims, applications, suggestions, promotions, saved searches,
 * notification settings, the inbox, the Strava link), every list to its
 * last page. What has no reader of its own is read here through the kit, from the person's keys only:
 * - the saved-race lines of their partition (PK = USER#<sub>, begins_with(SK, SAVED_AT#)), then one BatchGet of
 *   the races for their facts;
 * - which races they keep a checklist for (begins_with(SK, CHECKLIST#), keys only), each then read by its module;
 * - the items of theirs in races' partitions, found by their footprint (person-footprint.ts, GSI1 = PERSON#<sub>):
 *   the guards of their reviews (then the reviews, one BatchGet) and recaps, their helpful votes and reports.
 * Never a Scan, and nothing of anyone else: secrets (calendar feed tokens, Strava's tokens), payment references
 * (Stripe ids) and the ids of the admins who decided on their requests are left out.
 */
import { todayInNewYork } from '#shared/dates';
import { CALENDAR_FEED_KINDS, type CalendarFeedKind } from '#shared/schemas/calendar-feed';
import type { ClaimEntry } from '#shared/schemas/claim';
import type { CoachMessage } from '#shared/schemas/coach';
import type { RaceEvent } from '#shared/schemas/event';
import type { Application } from '#shared/schemas/organizer-application';
import type { Profile } from '#shared/schemas/profile';
import type { Promotion } from '#shared/schemas/promotion';
import type { Checklist } from '#shared/schemas/race-checklist';
import type { Recap } from '#shared/schemas/recap';
import { RecentReviewSchema, type RecentReview } from '#shared/schemas/review';
import type { SubmittedEvent } from '#shared/schemas/submitted-event';
import type { Goal } from '#shared/schemas/training-goal';
import type { InboxItem, NotificationSettings } from '#shared/schemas/inbox';
import type { SavedSearch } from '#shared/schemas/saved-search';
import type { TrainingLog } from '#shared/schemas/training-log';
import type { TrainingPlan } from '#shared/schemas/training-plans';
import type { DistanceUnit } from '#shared/units';
import type { CHECKLIST_TEMPLATES } from '#shared/race-checklist/vocabulary';
import { itemReader, schemaFields } from '#lib/item';
import { batchGetItems } from '#lib/kit/batch-get';
import { queryPages } from '#lib/kit/table';
import { getCalendarFeed } from './calendar-feed.ts';
import { listOrganizerClaims } from './claim.ts';
import { listCoachMessages } from './coach-history.ts';
import { getEventsById } from './event.ts';
import { listSubmittedEvents } from './event-suggestion.ts';
import { listApplicationsOf } from './organizer-application.ts';
import { footprintOf, footprintPages } from './person-footprint.ts';
import { getProfile } from './profile.ts';
import { listOrganizerPromotions } from './promotion-store.ts';
import { getRaceChecklist } from './race-checklist.ts';
import { getMyRecap } from './recap.ts';
import { fromSavedEventItem } from './saved-event.ts';
import { allTrainingLogsWithRoutes } from './training-log.ts';
import { listGoals } from './training-goal.ts';
import { activePlan, getTrainingPlan, listTrainingPlans } from './training-plan.ts';
import { listInbox } from './inbox.ts';
import { notificationSettings } from './notification-preferences.ts';
import { listSavedSearches } from './saved-search.ts';
import { getStravaConnection, type StoredStravaConnection } from './strava-connection.ts';

/** What the document says it is, for whoever opens it years later. */
export const PERSONAL_DATA_FORMAT = 'racefinder-personal-data';
export const PERSONAL_DATA_VERSION = 1;

/** A saved race: when it was saved, and the race's facts while it is listed (null once deleted or unlisted). */
export interface SavedRaceEntry {
  readonly savedAt: string;
  readonly eventId: string;
  readonly event: Pick<
    RaceEvent,
    'title' | 'eventDate' | 'city' | 'state' | 'locationName' | 'eventType' | 'terrainType' | 'distances' | 'registrationUrl' | 'websiteUrl'
  > | null;
}

export interface CalendarFeedEntry {
  readonly kind: CalendarFeedKind;
  /** Whether the private feed is on; its address is a secret and is not in the export. */
  readonly on: boolean;
  readonly since: string | null;
}

export type ReviewEntry = Omit<RecentReview, 'mine' | 'votedHelpful'> & { readonly hidden: boolean };
export type RecapEntry = Recap & { readonly hidden: boolean };

/** The Strava account linked to theirs: which one, since when, and what it let RaceFinder read. Never its tokens. */
export type StravaConnectionEntry = Pick<StoredStravaConnection, 'athleteId' | 'athleteName' | 'scope' | 'connectedAt' | 'lastSyncAt'>;

export interface HelpfulVoteEntry {
  readonly eventId: string;
  readonly reviewId: string;
}

export interface ReviewReportEntry {
  readonly eventId: string;
  readonly reviewId: string;
  readonly reason: string;
  readonly note?: string;
  readonly createdAt?: string;
}

/** A promotion as bought, without Stripe's references (session, payment intent, refund) or the reviewing admin. */
export type PromotionEntry = Omit<Promotion, 'checkoutSessionId' | 'checkoutUrl' | 'paymentIntentId' | 'refundId' | 'reviewedBy'>;
/** A claim with its race, without the id of the admin who decided it. */
export type ExportedClaim = Omit<ClaimEntry, 'reviewedBy'>;
export type ExportedApplication = Omit<Application, 'reviewedBy'>;

export interface PersonalData {
  readonly format: typeof PERSONAL_DATA_FORMAT;
  readonly version: typeof PERSONAL_DATA_VERSION;
  readonly exportedAt: string;
  /** The unit the person chose for their screens; distances in this document are kilometres (`distanceKm`). */
  readonly units: DistanceUnit;
  readonly profile: Profile | null;
  readonly training: {
    /** Newest first. */
    readonly logs: TrainingLog[];
    readonly goals: Goal[];
    /** Newest first, each with its weeks of workouts and the workouts completed. */
    readonly plans: TrainingPlan[];
    readonly activePlanId: string | null;
  };
  /** Oldest first, as the conversation went. */
  readonly coachMessages: CoachMessage[];
  /** Newest save first. */
  readonly savedRaces: SavedRaceEntry[];
  readonly raceChecklists: Checklist[];
  readonly calendarFeeds: CalendarFeedEntry[];
  readonly reviews: ReviewEntry[];
  readonly recaps: RecapEntry[];
  readonly helpfulVotes: HelpfulVoteEntry[];
  readonly reviewReports: ReviewReportEntry[];
  readonly claims: ExportedClaim[];
  readonly organizerApplications: ExportedApplication[];
  readonly suggestedRaces: SubmittedEvent[];
  readonly promotions: PromotionEntry[];
  /** Their saved searches, newest first, with the filters each matches new races by. */
  readonly savedSearches: SavedSearch[];
  /** Where each kind of message goes for them (their own switches, as they apply). */
  readonly notificationSettings: NotificationSettings['rows'];
  /** Their inbox, newest first. */
  readonly notifications: InboxItem[];
  /** Their Strava link, or null when they have none. */
  readonly stravaConnection: StravaConnectionEntry | null;
}

const userPk = (sub: string) => `USER#${sub}`;
/** A defensive bound on the pages of one list: far more than any person's data, and no endless loop on a bad cursor. */
const MAX_PAGES = 10_000;

/** Every item of a cursor-paged list, page after page. */
async function allPages<T>(page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let count = 0; count < MAX_PAGES; count += 1) {
    const result = await page(cursor);
    items.push(...result.items);
    if (!result.nextCursor || result.nextCursor === cursor) break;
    cursor = result.nextCursor;
  }
  return items;
}


async function trainingPlans(sub: string, today: string): Promise<{ plans: TrainingPlan[]; activePlanId: string | null }> {
  const [summaries, active] = await Promise.all([listTrainingPlans(sub, today), activePlan(sub)]);
  const plans: TrainingPlan[] = [];
  // One at a time: a plan and its weeks are one BatchGet each, and an athlete has a handful.
  for (const summary of summaries) plans.push(await getTrainingPlan(sub, summary.id, today, { active: active ?? null }));
  return { plans, activePlanId: active && plans.some((plan) => plan.id === active.id) ? active.id : null };
}

function partitionPages(sub: string, prefix: string, projection?: { expression: string; names?: Record<string, string> }) {
  return queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userPk(sub), ':prefix': prefix },
    ScanIndexForward: false,
    ...(projection ? { ProjectionExpression: projection.expression, ...(projection.names ? { ExpressionAttributeNames: projection.names } : {}) } : {}),
  });
}

async function savedRaces(sub: string): Promise<SavedRaceEntry[]> {
  const lines: { savedAt: string; eventId: string }[] = [];
  for await (const items of partitionPages(sub, 'SAVED_AT#')) lines.push(...items.map(fromSavedEventItem));
  const events = await getEventsById(lines.map((line) => line.eventId));
  return lines.map((line) => {
    const event = events.get(line.eventId);
    return {
      savedAt: line.savedAt,
      eventId: line.eventId,
      event:
        event?.verified === true
          ? {
              title: event.title,
              eventDate: event.eventDate,
              city: event.city,
              state: event.state,
              locationName: event.locationName,
              eventType: event.eventType,
              terrainType: event.terrainType,
              distances: event.distances,
              ...(event.registrationUrl ? { registrationUrl: event.registrationUrl } : {}),
              ...(event.websiteUrl ? { websiteUrl: event.websiteUrl } : {}),
            }
          : null,
    };
  });
}

const CHECKLIST_HEAD = /^CHECKLIST#([^#]+)$/;

async function raceChecklists(sub: string): Promise<Checklist[]> {
  const heads: { eventId: string; template: (typeof CHECKLIST_TEMPLATES)[number] }[] = [];
  for await (const items of partitionPages(sub, 'CHECKLIST#', { expression: 'SK, #template', names: { '#template': 'template' } })) {
    for (const item of items) {
      const match = CHECKLIST_HEAD.exec(String(item.SK));
      // The checklist item holds the template it was started with; items the athlete added follow it.
      if (match && typeof item.template === 'string') heads.push({ eventId: match[1]!, template: item.template as (typeof CHECKLIST_TEMPLATES)[number] });
    }
  }
  const checklists: Checklist[] = [];
  for (const head of heads) checklists.push(await getRaceChecklist(sub, head.eventId, head.template));
  return checklists;
}

async function calendarFeeds(sub: string): Promise<CalendarFeedEntry[]> {
  const feeds = await Promise.all(CALENDAR_FEED_KINDS.map((kind) => getCalendarFeed(sub, kind)));
  // The path carries the feed's token, a secret: only whether it is on, and since when.
  return feeds.map((feed) => ({ kind: feed.kind, on: feed.path !== null, since: feed.createdAt }));
}

const readReview = itemReader<Omit<RecentReview, 'mine' | 'votedHelpful'>>(schemaFields(RecentReviewSchema).filter((field) => field !== 'mine' && field !== 'votedHelpful'));

interface Footprints {
  readonly reviews: ReviewEntry[];
  readonly recaps: RecapEntry[];
  readonly helpfulVotes: HelpfulVoteEntry[];
  readonly reviewReports: ReviewReportEntry[];
}

/** The person's items in races' partitions: their reviews, recaps, helpful votes and reports (person-footprint.ts). */
async function footprints(sub: string): Promise<Footprints> {
  const reviewKeys: { PK: string; SK: string }[] = [];
  const recapRaces: string[] = [];
  const helpfulVotes: HelpfulVoteEntry[] = [];
  const reviewReports: ReviewReportEntry[] = [];
  for await (const items of footprintPages(sub)) {
    for (const item of items) {
      const footprint = footprintOf(String(item.SK));
      if (!footprint || footprint.sub !== sub) continue;
      const eventId = String(item.PK).slice('EVENT#'.length);
      // HELPFUL#<reviewId>#<sub> and REPORT#<reviewId>#<sub>: the review is the middle part.
      const reviewId = String(item.SK).split('#')[1] ?? '';
      if (footprint.kind === 'REVIEWER#' && typeof item.reviewId === 'string') reviewKeys.push({ PK: String(item.PK), SK: `REVIEW#${item.reviewId}` });
      else if (footprint.kind === 'RECAPPER#') recapRaces.push(eventId);
      else if (footprint.kind === 'HELPFUL#') helpfulVotes.push({ eventId, reviewId });
      else if (footprint.kind === 'REPORT#') {
        reviewReports.push({
          eventId,
          reviewId,
          reason: String(item.reason),
          ...(typeof item.note === 'string' ? { note: item.note } : {}),
          ...(typeof item.createdAt === 'string' ? { createdAt: item.createdAt } : {}),
        });
      }
    }
  }
  const reviews = (await batchGetItems(reviewKeys, { consistent: true }))
    .map((item) => ({ ...readReview(item), hidden: item.status === 'hidden' }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const recaps: RecapEntry[] = [];
  for (const eventId of recapRaces) {
    const { recap } = await getMyRecap(sub, eventId);
    if (recap) {
      const { mine: _mine, ...rest } = recap;
      recaps.push(rest);
    }
  }
  recaps.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { reviews, recaps, helpfulVotes, reviewReports };
}

function withoutPaymentReferences(promotion: Promotion): PromotionEntry {
  const { checkoutSessionId: _session, checkoutUrl: _url, paymentIntentId: _intent, refundId: _refund, reviewedBy: _admin, ...rest } = promotion;
  return rest;
}

function withoutTokens(connection: StoredStravaConnection | undefined): StravaConnectionEntry | null {
  if (!connection) return null;
  const { athleteId, athleteName, scope, connectedAt, lastSyncAt } = connection;
  return { athleteId, athleteName, scope, connectedAt, ...(lastSyncAt ? { lastSyncAt } : {}) };
}

function withoutReviewer<T extends { reviewedBy?: string }>(entry: T): Omit<T, 'reviewedBy'> {
  const { reviewedBy: _admin, ...rest } = entry;
  return rest;
}

/** Everything about the person, as the export's JSON document has it. */
export async function collectPersonalData(sub: string, now: Date = new Date()): Promise<PersonalData> {
  const today = todayInNewYork(now);
  const [profile, logs, goals, plans, coachMessages, saved, checklists, feeds, written, claims, applications, suggestions, promotions, searches, settings, inbox, strava] = await Promise.all([
    getProfile(sub),
    allTrainingLogsWithRoutes(sub),
    listGoals(sub, now),
    trainingPlans(sub, today),
    allPages((cursor) => listCoachMessages(sub, cursor)),
    savedRaces(sub),
    raceChecklists(sub),
    calendarFeeds(sub),
    footprints(sub),
    allPages((cursor) => listOrganizerClaims(sub, cursor)),
    allPages((cursor) => listApplicationsOf(sub, cursor)),
    allPages((cursor) => listSubmittedEvents(sub, cursor)),
    allPages((cursor) => listOrganizerPromotions(sub, cursor)),
    listSavedSearches(sub),
    notificationSettings(sub),
    allPages((cursor) => listInbox(sub, cursor)),
    getStravaConnection(sub),
  ]);
  return {
    format: PERSONAL_DATA_FORMAT,
    version: PERSONAL_DATA_VERSION,
    exportedAt: now.toISOString(),
    units: profile?.units ?? 'km',
    profile: profile ?? null,
    training: { logs, goals, plans: plans.plans, activePlanId: plans.activePlanId },
    coachMessages: [...coachMessages].reverse(),
    savedRaces: saved,
    raceChecklists: checklists,
    calendarFeeds: feeds,
    ...written,
    claims: claims.map(withoutReviewer),
    organizerApplications: applications.map(withoutReviewer),
    suggestedRaces: suggestions,
    promotions: promotions.map(withoutPaymentReferences),
    savedSearches: searches.items,
    notificationSettings: settings.rows,
    notifications: inbox,
    stravaConnection: withoutTokens(strava),
  };
}
