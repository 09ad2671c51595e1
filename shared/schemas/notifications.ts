/**
 * Notifications (issue 23): what RaceFinder tells a person when they are away, by e-mail and in the in-app
 * inbox. One id per kind, stable: it is stored in inbox items, preferences, idempotency keys and unsubscribe
 * tokens, so an id is never renamed or reused (add a kind instead). Each kind has a zod schema of the data its
 * message is rendered from; producers build that data, the queue carries it, and the sender parses it again
 * before rendering (lambdas/notifications/render-message.ts), so a message is checked at both edges.
 *
 * On the wire, as everywhere in the API: ids, ISO dates (YYYY-MM-DD) and instants, kilometres, US cents, and a
 * race's start as HH:MM on its own clock with the IANA zone that clock is (shared/race-start.ts). The reader's
 * units, the zone's abbreviation and the money's format are the template's business, not the producer's.
 */
import * as z from 'zod';
import { PROMOTION_SCOPES, PROMOTION_TIERS } from '../promotions.ts';
import { raceLengthKm, longestFirst } from '../race-distance.ts';
import { isTimeZone, raceTimeZone } from '../race-time-zones.ts';
import { ClaimIdSchema } from './claim.ts';
import { IsoDateSchema, IsoDateTimeSchema, StartTimeSchema, UlidSchema } from './common.ts';
import { StateCodeSchema, type RaceEvent } from './event.ts';
import { EventSearchQuerySchema } from './search.ts';
import { PLAN_PHASES, WORKOUT_TYPES } from './training-plan.ts';

export const NOTIFICATION_KINDS = [
  'organizer-application-decided',
  'claim-decided',
  'submitted-event-decided',
  'promotion-decided',
  'promotion-paid',
  'promotion-refunded',
  'review-hidden',
  'saved-race-changed',
  'registration-closing',
  'saved-search-matches',
  'weekly-training-summary',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS, { message: `kind must be one of ${NOTIFICATION_KINDS.join(', ')}` });

/**
 * Account decisions and receipts: always sent in-app and by e-mail, whatever the preferences and the admin's
 * e-mail switch say (issue 23). A hidden review is a moderation decision about what the person wrote, and they
 * are owed the statement of it, so it is one of these.
 */
export const ESSENTIAL_KINDS = [
  'organizer-application-decided',
  'claim-decided',
  'submitted-event-decided',
  'promotion-decided',
  'promotion-paid',
  'promotion-refunded',
  'review-hidden',
] as const satisfies readonly NotificationKind[];
export type EssentialKind = (typeof ESSENTIAL_KINDS)[number];
export type OptionalKind = Exclude<NotificationKind, EssentialKind>;

export const OPTIONAL_KINDS = NOTIFICATION_KINDS.filter((kind): kind is OptionalKind => !isEssentialKind(kind));

export function isEssentialKind(kind: NotificationKind): kind is EssentialKind {
  return (ESSENTIAL_KINDS as readonly NotificationKind[]).includes(kind);
}

export const NOTIFICATION_CHANNELS = ['inApp', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type ChannelSwitches = Readonly<Record<NotificationChannel, boolean>>;

const BOTH: ChannelSwitches = { inApp: true, email: true };

/**
 * Where each kind goes until the person says otherwise. Race alerts and digests are what runners asked for, so
 * they start on; the weekly summary is opt-in (issue 23), so it starts off on both channels.
 */
export const DEFAULT_CHANNELS: Readonly<Record<NotificationKind, ChannelSwitches>> = {
  'organizer-application-decided': BOTH,
  'claim-decided': BOTH,
  'submitted-event-decided': BOTH,
  'promotion-decided': BOTH,
  'promotion-paid': BOTH,
  'promotion-refunded': BOTH,
  'review-hidden': BOTH,
  'saved-race-changed': BOTH,
  'registration-closing': BOTH,
  'saved-search-matches': BOTH,
  'weekly-training-summary': { inApp: false, email: false },
};

/** A person's switches as stored: only what they changed; a missing kind or channel keeps its default. */
export const NotificationPreferencesSchema = z.partialRecord(
  NotificationKindSchema,
  z.strictObject({ inApp: z.boolean().optional(), email: z.boolean().optional() }),
);
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/**
 * The channels a message of this kind goes to. Essential kinds ignore the switches and the admin's e-mail
 * switch alike; the admin's switch turns off every other e-mail but leaves the inbox as it is.
 */
export function deliveryChannels(
  kind: NotificationKind,
  preferences: NotificationPreferences | undefined,
  system: { readonly emailNotifications: boolean },
): ChannelSwitches {
  if (isEssentialKind(kind)) return BOTH;
  const chosen = preferences?.[kind];
  const defaults = DEFAULT_CHANNELS[kind];
  return {
    inApp: chosen?.inApp ?? defaults.inApp,
    email: (chosen?.email ?? defaults.email) && system.emailNotifications,
  };
}

/**
 * What the preferences page calls each kind, and the end of the e-mail footer's "You're getting this because
 * ..." sentence.
 */
export const NOTIFICATION_KIND_INFO: Readonly<Record<NotificationKind, { readonly label: string; readonly because: string }>> = {
  'organizer-application-decided': { label: 'Organizer application decisions', because: 'you applied to be an organizer on RaceFinder' },
  'claim-decided': { label: 'Event claim decisions', because: 'you claimed an event on RaceFinder' },
  'submitted-event-decided': { label: 'Decisions on races you submitted', because: 'you told RaceFinder about a race' },
  'promotion-decided': { label: 'Promotion decisions', because: 'you bought a promotion on RaceFinder' },
  'promotion-paid': { label: 'Promotion receipts', because: 'you paid for a promotion on RaceFinder' },
  'promotion-refunded': { label: 'Promotion refunds', because: 'a promotion you paid for was refunded' },
  'review-hidden': { label: 'Moderation of your reviews', because: 'a review you wrote was moderated' },
  'saved-race-changed': { label: 'Changes to races you saved', because: 'you saved this race' },
  'registration-closing': { label: 'Registration closing for races you saved', because: 'you saved this race' },
  'saved-search-matches': { label: 'New races for your saved searches (daily)', because: 'you saved this search' },
  'weekly-training-summary': { label: 'Weekly training summary (Monday mornings)', because: 'you turned on the weekly training summary' },
};

/**
 * What an unsubscribe token switches off: the kind itself, or for an essential kind (which cannot be switched
 * off) every optional e-mail, 'all'. The e-mail's footer and headers carry a token for this scope.
 */
export type UnsubscribeScope = OptionalKind | 'all';
export const UnsubscribeScopeSchema = z.enum(['all', ...OPTIONAL_KINDS]);

export function unsubscribeScopeOf(kind: NotificationKind): UnsubscribeScope {
  return isEssentialKind(kind) ? 'all' : kind;
}

// ---- Pieces of the payloads ----

const TitleSchema = z.string().trim().min(1).max(300);
const NotesSchema = z.string().trim().min(1).max(1000);
const CitySchema = z.string().trim().min(1).max(120);

/** An IANA zone Intl knows ('America/Denver'): the race's clock, so its start is written as its runners read it. */
export const TimeZoneSchema = z.string().refine(isTimeZone, { message: 'must be an IANA time zone such as America/Denver' });

/** A link that leaves the site (a registration page): http(s) only, never javascript: or data:. */
const WebUrlSchema = z.httpUrl({ message: 'must be an http(s) URL' }).max(2048);

/** A race distance as the event lists it ('Marathon', '50K') and its length when known, in km. */
export const NotificationDistanceSchema = z.object({
  label: z.string().trim().min(1).max(60),
  km: z.number().positive().max(5000).optional(),
});

/** A race as a message shows it: what, when on its own clock, where, how far. */
export const NotificationRaceSchema = z.object({
  id: UlidSchema,
  title: TitleSchema,
  eventDate: IsoDateSchema,
  /** HH:MM on the race's clock; absent when the race has not announced it. */
  startTime: StartTimeSchema.optional(),
  /** Always set, even without a start time: raceTimeZone gives the state's zone for races that name none. */
  timeZone: TimeZoneSchema,
  locationName: z.string().trim().max(200).optional(),
  city: CitySchema,
  state: StateCodeSchema,
  /** Longest first, as the cards list them. */
  distances: z.array(NotificationDistanceSchema).max(12),
});
export type NotificationRace = z.infer<typeof NotificationRaceSchema>;

/** The race of a message from a stored event: its zone from where it is run, its distances measured. */
export function notificationRaceOf(event: RaceEvent): NotificationRace {
  return {
    id: event.id,
    title: event.title,
    eventDate: event.eventDate,
    ...(event.startTime ? { startTime: event.startTime } : {}),
    timeZone: raceTimeZone(event.timeZone, event.state),
    ...(event.locationName ? { locationName: event.locationName } : {}),
    city: event.city,
    state: event.state,
    distances: longestFirst(event.distances)
      .slice(0, 12)
      .map((label) => {
        const km = raceLengthKm(label);
        return km === undefined ? { label } : { label, km };
      }),
  };
}

/** The event a decision is about, as much as its message names. */
export const NotificationEventSchema = z.object({
  id: UlidSchema,
  title: TitleSchema,
  eventDate: IsoDateSchema.optional(),
  city: CitySchema.optional(),
  state: StateCodeSchema.optional(),
});

/** What was bought: the same facts the organizer's promotions list shows. */
const PromotionFactsSchema = z.object({
  promotionId: UlidSchema,
  event: NotificationEventSchema,
  tier: z.enum(PROMOTION_TIERS),
  scope: z.enum(PROMOTION_SCOPES),
  scopeValue: z.string().max(40).optional(),
  startDate: IsoDateSchema,
  endDate: IsoDateSchema,
  /** What the server charged (shared/promotions.ts), in US cents. */
  amountCents: z.number().int().positive(),
});

const PlaceSchema = z.object({ locationName: z.string().trim().max(200).optional(), city: CitySchema, state: StateCodeSchema });

/** One thing about a saved race that changed; `from` is what the saver last knew. */
export const RaceChangeSchema = z.discriminatedUnion('field', [
  z.object({ field: z.literal('date'), from: IsoDateSchema, to: IsoDateSchema }),
  z.object({ field: z.literal('startTime'), from: StartTimeSchema.optional(), to: StartTimeSchema.optional() }),
  z.object({ field: z.literal('place'), from: PlaceSchema, to: PlaceSchema }),
  z.object({ field: z.literal('status'), to: z.enum(['cancelled', 'postponed']) }),
  z.object({ field: z.literal('registrationUrl'), to: WebUrlSchema }),
]);
export type RaceChange = z.infer<typeof RaceChangeSchema>;

/** The filters of a saved search, named and checked as GET /api/events's query is (the digest links to them). */
const query = EventSearchQuerySchema.shape;
export const SavedSearchFiltersSchema = z.object({
  q: query.q,
  state: query.state,
  type: query.type,
  terrain: query.terrain,
  distance: query.distance,
  elevation: query.elevation,
  tag: query.tag,
  near: query.near,
  radius: z.number().int().positive().optional(),
});
export type SavedSearchFilters = z.infer<typeof SavedSearchFiltersSchema>;

/** How long before registration closes a saved race's reminder goes out. */
export const REGISTRATION_CLOSING_DAYS = [7, 1] as const;

/** Most races one daily digest lists; `totalMatches` says how many more the search page has. */
export const DIGEST_MAX_RACES = 10;
/** The most plans a race-change message names for its reader: someone with more is told of the newest. */
export const MAX_PLANS_NAMED = 3;
/** The longest plan name such a message carries. */
export const NAMED_PLAN_MAX_LENGTH = 120;

const PlannedWorkoutSchema = z.object({
  date: IsoDateSchema,
  type: z.enum(WORKOUT_TYPES),
  distanceKm: z.number().nonnegative(),
  durationMinutes: z.number().int().nonnegative(),
  description: z.string().trim().max(500).optional(),
});

// ---- The payloads, one per kind ----

export const NOTIFICATION_DATA_SCHEMAS = {
  'organizer-application-decided': z.object({
    decision: z.enum(['approved', 'denied']),
    notes: NotesSchema.optional(),
  }),
  'claim-decided': z.object({
    claimId: ClaimIdSchema,
    decision: z.enum(['approved', 'rejected']),
    event: NotificationEventSchema,
    notes: NotesSchema.optional(),
  }),
  'submitted-event-decided': z.object({
    decision: z.enum(['approved', 'rejected']),
    /** The suggested race; a rejected one is deleted, so its message links to the submitter's list instead. */
    event: NotificationEventSchema,
    notes: NotesSchema.optional(),
  }),
  'promotion-decided': PromotionFactsSchema.extend({
    decision: z.enum(['approved', 'rejected']),
    notes: NotesSchema.optional(),
  }),
  'promotion-paid': PromotionFactsSchema.extend({
    paidAt: IsoDateTimeSchema,
    /** Stripe's payment id, for the organizer's own records. */
    paymentReference: z.string().max(255).optional(),
  }),
  'promotion-refunded': PromotionFactsSchema.extend({
    refundedAt: IsoDateTimeSchema,
    reason: NotesSchema.optional(),
  }),
  'review-hidden': z.object({
    reviewId: UlidSchema,
    event: NotificationEventSchema,
    /** The moderator's note: why it was hidden. */
    note: z.string().trim().min(1).max(500).optional(),
    /** The start of the review, so its writer knows which one. */
    excerpt: z.string().trim().max(300).optional(),
  }),
  'saved-race-changed': z.object({
    /** The race as it is now. */
    race: NotificationRaceSchema,
    changes: z.array(RaceChangeSchema).min(1).max(5),
    registrationUrl: WebUrlSchema.optional(),
    /**
     * The reader's training plans for the race still built for another day than its new one. The sender adds them
     * for each reader as it delivers (lambdas/notifications/reader-facts.ts); the fan-out to every saver does not.
     */
    plans: z
      .array(z.object({ id: UlidSchema, name: z.string().trim().min(1).max(NAMED_PLAN_MAX_LENGTH), date: IsoDateSchema }))
      .max(MAX_PLANS_NAMED)
      .optional(),
  }),
  'registration-closing': z.object({
    race: NotificationRaceSchema,
    /** The last day to register (YYYY-MM-DD), as the event gives it. */
    registrationEndDate: IsoDateSchema,
    daysLeft: z.literal([...REGISTRATION_CLOSING_DAYS]),
    registrationUrl: WebUrlSchema.optional(),
  }),
  'saved-search-matches': z
    .object({
      searchId: UlidSchema,
      searchName: z.string().trim().min(1).max(80),
      search: SavedSearchFiltersSchema,
      races: z.array(NotificationRaceSchema).min(1).max(DIGEST_MAX_RACES),
      /** All the new matches of the day; more than `races` lists when the day brought many. */
      totalMatches: z.number().int().positive(),
    })
    .refine((data) => data.totalMatches >= data.races.length, { message: 'totalMatches counts at least the races listed', path: ['totalMatches'] }),
  'weekly-training-summary': z.object({
    /** The Monday of the week summed up. */
    weekStart: IsoDateSchema,
    plan: z.object({ id: UlidSchema, name: z.string().trim().min(1).max(120) }).optional(),
    lastWeek: z.object({
      workouts: z.number().int().nonnegative(),
      distanceKm: z.number().nonnegative(),
      durationMinutes: z.number().int().nonnegative(),
      /** From the plan, when there is one. */
      plannedKm: z.number().nonnegative().optional(),
      plannedWorkouts: z.number().int().nonnegative().optional(),
    }),
    nextWeek: z
      .object({
        startDate: IsoDateSchema,
        phase: z.enum(PLAN_PHASES).optional(),
        plannedKm: z.number().nonnegative(),
        keyWorkouts: z.array(PlannedWorkoutSchema).max(7),
      })
      .optional(),
  }),
} as const satisfies Readonly<Record<NotificationKind, z.ZodType>>;

export type NotificationData<K extends NotificationKind> = z.infer<(typeof NOTIFICATION_DATA_SCHEMAS)[K]>;

function payloadOf<K extends NotificationKind>(kind: K) {
  return z.object({ kind: z.literal(kind), data: NOTIFICATION_DATA_SCHEMAS[kind] });
}

/** A message as a producer enqueues it: the kind and its data, checked together (an unknown kind is refused). */
export const NotificationPayloadSchema = z.discriminatedUnion('kind', [
  payloadOf('organizer-application-decided'),
  payloadOf('claim-decided'),
  payloadOf('submitted-event-decided'),
  payloadOf('promotion-decided'),
  payloadOf('promotion-paid'),
  payloadOf('promotion-refunded'),
  payloadOf('review-hidden'),
  payloadOf('saved-race-changed'),
  payloadOf('registration-closing'),
  payloadOf('saved-search-matches'),
  payloadOf('weekly-training-summary'),
]);
export type NotificationPayload = z.infer<typeof NotificationPayloadSchema>;
