/**
 * Strava sync (issue 25, docs/strava.md): what the athlete's Strava connection looks like to the app, the answers
 * of its routes, and Strava's own webhook shapes (the subscription handshake and the events it posts).
 */
import * as z from 'zod';
import { IsoDateTimeSchema } from './common.ts';

/** What RaceFinder asks Strava for: every activity, private ones too, read only. */
export const STRAVA_SCOPE = 'activity:read_all';
/** How far back the first sync reads. */
export const STRAVA_BACKFILL_DAYS = 90;

export const StravaBackfillSchema = z.object({
  status: z.enum(['running', 'done']),
  /** Activities brought into the log so far. */
  imported: z.number().int(),
  /** The oldest start it reads back to. */
  since: IsoDateTimeSchema,
});

/** GET /api/me/strava: whether the athlete is connected, as whom, and how the sync stands. */
export const StravaConnectionSchema = z.discriminatedUnion('connected', [
  z.object({
    connected: z.literal(false),
    /** False where this deployment has no Strava application configured: the page says so instead of offering Connect. */
    available: z.boolean(),
  }),
  z.object({
    connected: z.literal(true),
    available: z.literal(true),
    athleteId: z.string(),
    athleteName: z.string(),
    connectedAt: IsoDateTimeSchema,
    /** When an activity last came in from Strava. */
    lastSyncAt: IsoDateTimeSchema.optional(),
    backfill: StravaBackfillSchema,
  }),
]);
export type StravaConnection = z.infer<typeof StravaConnectionSchema>;

/** POST /api/me/strava/connect: where to send the browser (Strava's authorize page, with a signed state). */
export const StravaConnectAnswerSchema = z.object({ authorizeUrl: z.url() });

/** What the page Strava returns to posts (POST /api/me/strava/callback): the query Strava added to its URL. */
export const StravaCallbackBodySchema = z.strictObject({
  code: z.string().trim().min(1, 'The authorization code is missing').max(200, 'The authorization code is not valid'),
  state: z.string().trim().min(1, 'The state is missing').max(1000, 'The state is not valid'),
  /** The scopes the athlete accepted (comma-separated); they may untick activity:read_all. */
  scope: z.string().trim().max(200, 'The scope is not valid').optional(),
});

/** Strava's subscription handshake: GET callback?hub.mode=subscribe&hub.challenge=...&hub.verify_token=... */
export const StravaChallengeQuerySchema = z.object({
  'hub.mode': z.literal('subscribe', { message: 'hub.mode must be subscribe' }),
  'hub.challenge': z.string().min(1, 'hub.challenge is required').max(200, 'hub.challenge is too long'),
  'hub.verify_token': z.string().min(1, 'hub.verify_token is required').max(200, 'hub.verify_token is too long'),
});
export const StravaChallengeAnswerSchema = z.object({ 'hub.challenge': z.string() });

/** Strava's ids are 64-bit integers: kept as decimal text, never as a JavaScript number past 2^53. */
const StravaId = z.union([z.int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);

/**
 * One event Strava posts to the callback: only ids, never the activity itself. An athlete's deauthorization is
 * object_type 'athlete', aspect_type 'update' with updates.authorized 'false'.
 */
export const StravaEventSchema = z.object({
  object_type: z.enum(['activity', 'athlete']),
  object_id: StravaId,
  aspect_type: z.enum(['create', 'update', 'delete']),
  owner_id: StravaId,
  subscription_id: z.int().nonnegative(),
  event_time: z.int().nonnegative(),
  updates: z.record(z.string(), z.unknown()).optional(),
});
export type StravaEvent = z.output<typeof StravaEventSchema>;

/** What the webhook answers Strava: received, and queued for the sync worker. */
export const StravaEventAnswerSchema = z.object({ received: z.literal(true) });

export function isDeauthorization(event: Pick<StravaEvent, 'object_type' | 'updates'>): boolean {
  return event.object_type === 'athlete' && String(event.updates?.authorized) === 'false';
}
