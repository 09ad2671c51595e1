/**
 * The admin events screen's API (spec 001 "/admin/events"): the list with its filters, one event's edit,
 * bulk actions, delete and the super admin's flush. Query values arrive as text; an empty one counts as absent.
 */
import * as z from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, UlidSchema, optionalText, requiredText } from './common.ts';
import { EventSourceSchema, EventStatusSchema, EventTypeSchema, ReviewFlagSchema, StateCodeSchema, TerrainTypeSchema } from './event.ts';

/** Rows a page of the admin list holds (spec 001: page size 20). */
export const ADMIN_EVENTS_PAGE_SIZE = 20;
/** Events one bulk request may name. */
export const ADMIN_BULK_LIMIT = 100;
/** What a super admin types to flush every event (the second confirmation of spec 001's FLUSH DATABASE). */
export const FLUSH_CONFIRMATION_PHRASE = 'DELETE ALL EVENTS';

const blankIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const yesNo = z.preprocess(blankIsAbsent, z.enum(['true', 'false'], { message: 'must be true or false' }).optional());

/** GET /api/admin/events query: spec 001's filters plus 'needs review'. */
export const AdminEventsQuerySchema = z
  .strictObject({
    /** Title or city words starting with these letters ('bost' finds Boston), case- and accent-insensitive. */
    q: z.preprocess(blankIsAbsent, z.string().trim().max(100, 'Search text must be at most 100 characters').optional()),
    verified: yesNo,
    featured: yesNo,
    /** true: only events an import flagged for review; false: only events without a flag. */
    needsReview: yesNo,
    type: z.preprocess(blankIsAbsent, EventTypeSchema.optional()),
    state: z.preprocess((value) => {
      const blank = blankIsAbsent(value);
      return typeof blank === 'string' ? blank.trim().toUpperCase() : blank;
    }, StateCodeSchema.optional()),
    /** Event date range (inclusive). */
    from: z.preprocess(blankIsAbsent, IsoDateSchema.optional()),
    to: z.preprocess(blankIsAbsent, IsoDateSchema.optional()),
    cursor: z.preprocess(blankIsAbsent, z.string().max(2048, 'cursor is not valid').optional()),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end date must be on or after the start date',
    path: ['to'],
  });
export type AdminEventsQuery = z.infer<typeof AdminEventsQuerySchema>;

/** One row of the admin list: what the screen shows and filters by. */
export const AdminEventRowSchema = z.object({
  id: UlidSchema,
  title: z.string(),
  eventDate: IsoDateSchema,
  city: z.string(),
  state: StateCodeSchema,
  eventType: EventTypeSchema,
  verified: z.boolean(),
  featured: z.boolean(),
  registrationFee: z.number().optional(),
  maxParticipants: z.number().int().optional(),
  source: EventSourceSchema,
  reviewFlag: ReviewFlagSchema.optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type AdminEventRow = z.infer<typeof AdminEventRowSchema>;

export const AdminEventsPageSchema = z.object({
  items: z.array(AdminEventRowSchema),
  /** Rows on the pages before this one: this page shows rows offset + 1 to offset + items.length. */
  offset: z.number().int().nonnegative(),
  /**
   * Matching events. Exact when `totalExact` (no filter or one filter, from the counters; or the last page of
   * a combined filter); otherwise a lower bound (the rows seen so far), shown as '1,234+'.
   */
  total: z.number().int().nonnegative(),
  totalExact: z.boolean(),
  /**
   * Absent on the last page. Read work per page is bounded, so a page of a rare combined filter can hold fewer
   * than 20 rows (even none) while nextCursor is present.
   */
  nextCursor: z.string().optional(),
  /** True exactly when nextCursor is absent. */
  complete: z.boolean(),
});
export type AdminEventsPage = z.infer<typeof AdminEventsPageSchema>;

export const AdminEventPathSchema = z.strictObject({ id: UlidSchema });

/** A field that may be cleared: null removes it. */
const clearable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/**
 * PATCH /api/admin/events/{id}: the moderation flags and the event's editable fields. An editable field
 * that changes is recorded in the event's adminEditedFields, so later imports leave it as the admin set it.
 */
export const AdminEventPatchSchema = z
  .strictObject({
    verified: z.boolean().optional(),
    featured: z.boolean().optional(),
    /** null clears the flag (the admin has looked at the event). */
    reviewFlag: clearable(ReviewFlagSchema),
    title: requiredText('Title', 200).optional(),
    description: clearable(optionalText('Description', 10_000)),
    eventDate: IsoDateSchema.optional(),
    registrationEndDate: clearable(IsoDateSchema),
    /** null is back to scheduled (shared/event-status.ts). */
    status: clearable(EventStatusSchema),
    eventType: EventTypeSchema.optional(),
    terrainType: TerrainTypeSchema.optional(),
    locationName: requiredText('Location name', 200).optional(),
    city: requiredText('City', 100).optional(),
    state: StateCodeSchema.optional(),
    country: requiredText('Country', 60).optional(),
    zipCode: clearable(z.string().trim().regex(/^\d{5}$/, 'must be a 5-digit zip code')),
    latitude: clearable(z.number().min(-90).max(90)),
    longitude: clearable(z.number().min(-180).max(180)),
    distances: z.array(requiredText('Distance', 60)).max(20, 'at most 20 distances').optional(),
    registrationFee: clearable(z.number().nonnegative('must be 0 or more').max(100_000)),
    maxParticipants: clearable(z.number().int().positive('must be at least 1').max(1_000_000)),
    registrationUrl: clearable(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(2000)),
    websiteUrl: clearable(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(2000)),
    tags: z.array(requiredText('Tag', 40)).max(30, 'at most 30 tags').optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' })
  .refine((body) => !body.eventDate || !body.registrationEndDate || body.registrationEndDate <= body.eventDate, {
    message: 'Registration must close before the event date',
    path: ['registrationEndDate'],
  });
export type AdminEventPatch = z.infer<typeof AdminEventPatchSchema>;

/** The fields of an event an admin may edit (the rest are flags or set by the server). */
export const ADMIN_EDITABLE_FIELDS = [
  'title', 'description', 'eventDate', 'registrationEndDate', 'status', 'eventType', 'terrainType', 'locationName', 'city', 'state',
  'country', 'zipCode', 'latitude', 'longitude', 'distances', 'registrationFee', 'maxParticipants', 'registrationUrl',
  'websiteUrl', 'tags',
] as const satisfies readonly (keyof AdminEventPatch)[];

export const BULK_ACTIONS = ['verify', 'unverify', 'feature', 'unfeature', 'delete'] as const;
export const BulkActionSchema = z.enum(BULK_ACTIONS, { message: `must be one of ${BULK_ACTIONS.join(', ')}` });
export type BulkAction = z.infer<typeof BulkActionSchema>;

export const AdminBulkBodySchema = z.strictObject({
  ids: z
    .array(UlidSchema)
    .min(1, 'Select at least one event')
    .max(ADMIN_BULK_LIMIT, `At most ${ADMIN_BULK_LIMIT} events at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each event may be named once'),
  action: BulkActionSchema,
});

export const BULK_OUTCOMES = ['updated', 'unchanged', 'deleted', 'not-found', 'conflict'] as const;

export const AdminBulkResultSchema = z.object({
  /** Events changed (or deleted) by this request. */
  updated: z.number().int().nonnegative(),
  /** 'Updated N events'. */
  message: z.string(),
  results: z.array(z.object({ id: UlidSchema, outcome: z.enum(BULK_OUTCOMES) })),
});
export type AdminBulkResult = z.infer<typeof AdminBulkResultSchema>;

export const FlushBodySchema = z.strictObject({
  confirmation: z.literal(FLUSH_CONFIRMATION_PHRASE, { message: `Type ${FLUSH_CONFIRMATION_PHRASE} to confirm` }),
});

export const FlushResultSchema = z.object({
  /** Events deleted by this request. */
  deleted: z.number().int().nonnegative(),
  /** Events still in the catalogue (from the counters); repeat the request until it is 0. */
  remaining: z.number().int().nonnegative(),
});
export type FlushResult = z.infer<typeof FlushResultSchema>;
