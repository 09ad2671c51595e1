/**
 * Strava sync (issue 25, docs/strava.md): the athlete's connection (status, connect, the return from Strava's
 * authorize page, disconnect) and Strava's calls to us (the subscription handshake and the events it posts).
 */
import * as z from 'zod';
import {
  StravaCallbackBodySchema,
  StravaChallengeAnswerSchema,
  StravaChallengeQuerySchema,
  StravaConnectAnswerSchema,
  StravaConnectionSchema,
  StravaEventAnswerSchema,
  StravaEventSchema,
} from '../schemas/strava.ts';
import { defineRoutes } from './define.ts';

export const STRAVA_ROUTES = defineRoutes({
  getStravaConnection: {
    method: 'GET',
    path: '/api/me/strava',
    access: 'user',
    data: 'read',
    handler: 'strava/get-strava-connection',
    request: {},
    response: StravaConnectionSchema,
    summary: "Whether the caller's Strava account is connected, as which athlete, when an activity last came in and how the 90-day backfill stands",
  },
  connectStrava: {
    method: 'POST',
    path: '/api/me/strava/connect',
    access: 'user',
    data: 'read',
    handler: 'strava/connect-strava',
    request: {},
    response: StravaConnectAnswerSchema,
    throttle: { rate: 1, burst: 10 },
    summary: "Strava's authorize URL for the caller, with a state signed for them that expires in 15 minutes",
  },
  finishStravaConnection: {
    method: 'POST',
    path: '/api/me/strava/callback',
    access: 'user',
    data: 'read-write',
    handler: 'strava/finish-strava-connection',
    request: { body: StravaCallbackBodySchema },
    response: StravaConnectionSchema,
    throttle: { rate: 1, burst: 10 },
    summary: "The return from Strava's authorize page: checks the state, exchanges the code for tokens (stored encrypted) and queues the 90-day backfill",
  },
  disconnectStrava: {
    method: 'DELETE',
    path: '/api/me/strava',
    access: 'user',
    data: 'read-write',
    handler: 'strava/disconnect-strava',
    request: {},
    response: z.undefined(),
    status: 204,
    summary: "Disconnects Strava: deauthorizes RaceFinder at Strava and deletes the caller's tokens (the entries already imported stay)",
  },
  stravaWebhookChallenge: {
    method: 'GET',
    path: '/api/strava/webhook',
    access: 'webhook',
    data: 'read',
    handler: 'strava/strava-webhook-challenge',
    request: { query: StravaChallengeQuerySchema },
    response: StravaChallengeAnswerSchema,
    throttle: { rate: 5, burst: 10 },
    summary: "Strava's push subscription handshake: echoes hub.challenge when hub.verify_token is ours",
  },
  stravaWebhookEvent: {
    method: 'POST',
    path: '/api/strava/webhook',
    access: 'webhook',
    data: 'read',
    handler: 'strava/strava-webhook-event',
    request: { body: StravaEventSchema },
    response: StravaEventAnswerSchema,
    throttle: { rate: 50, burst: 200 },
    summary: 'Strava events (ids only): queued for the sync worker and answered at once; a queue that refuses is a 503, so Strava delivers again',
  },
});
