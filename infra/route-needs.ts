/**
 * What a route's function needs beyond the defaults, keyed by route id: the one home of per-route
 * infrastructure (DESIGN section 3). The route table in shared/ says what web, lambdas and infra all need to
 * know (path, access, schemas, and `data`: whether the route reads or also writes the table); what only infra
 * needs (timeouts, memory, secrets, grants to other resources) lives here, so shared/ stays free of it.
 *
 * Defaults (infra/lambda-function.ts): 256 MB, 10 s, table access as the route's `data` declares, no secrets,
 * no other grants. List a route here only where it differs. An id that is not in the route table does not
 * compile.
 */
import { Duration } from 'aws-cdk-lib';
import type { RouteId } from '#shared/routes';
import type { Data } from './data.ts';
import type { AccountDeletion } from './account-deletion.ts';
import type { Exports } from './exports.ts';
import type { EventImages } from './event-images.ts';
import type { ActivityUploads } from './activity-uploads.ts';
import type { Imports } from './imports.ts';
import type { Notifications } from './notifications.ts';
import type { StravaSync } from './strava-sync.ts';
import { accountDeletionStarterEnvironment, uploadBucketsEnvironment, exportsEnvironment, importStarterEnvironment } from './lambda-environment.ts';
import type { LambdaFunction } from './lambda-function.ts';

/** The resources a route may be granted more on; grows with the stack (import state machine, buckets...). */
export interface GrantTargets {
  readonly data: Data;
  readonly exports: Exports;
  /** The import state machine; absent in stacks built without it (tests of generated route tables). */
  readonly imports?: Imports;
  /** The account deletion worker; absent in stacks built without it (tests of generated route tables). */
  readonly accountDeletion?: AccountDeletion;
  /** The event images' buckets; absent in stacks built without them (tests of generated route tables). */
  readonly eventImages?: EventImages;
  /** The activity import (its prefix of the uploads bucket); absent in stacks built without it (tests of generated route tables). */
  readonly activityUploads?: ActivityUploads;
  /** The notification queue and the unsubscribe links' key; absent in stacks built without them (tests). */
  readonly notifications?: Notifications;
  /** Strava sync's queue, tokens key and application; absent in stacks built without it (tests of generated route tables). */
  readonly stravaSync?: StravaSync;
}

export interface RouteNeeds {
  /** At most 29 s: API Gateway answers 503 after 30 s whatever the function does. */
  readonly timeout?: Duration;
  /** MB; more memory also buys proportionally more CPU. */
  readonly memorySize?: number;
  /**
   * Environment variable name -> Secrets Manager secret name. The variable carries the name (never the value);
   * the handler reads the value at cold start, and the function may read that secret and no other.
   */
  readonly secrets?: Readonly<Record<string, string>>;
  /** Grants beyond the table access the route's `data` declaration gives (e.g. starting the import machine). */
  readonly grants?: (fn: LambdaFunction, targets: GrantTargets) => void;
  /** Variables beyond the handlers' own (infra/lambda-environment.ts), naming what the grants reach. */
  readonly environment?: (targets: GrantTargets) => Record<string, string>;
  /**
   * The user pool's and app client's ids in the environment, as routes with optional sign-in get them (the
   * issuer and JWKS URL follow from them; the JWKS is public, so no grant comes with it).
   */
  readonly userPool?: true;
  /**
   * The Stripe keys: the names of their Secrets Manager secrets from deploy context (stripeSecretKeyName,
   * stripeWebhookSecretName) in STRIPE_SECRET_KEY_SECRET_NAME and STRIPE_WEBHOOK_SECRET_SECRET_NAME, with read
   * access to those two secrets (lambdas/lib/stripe.ts reads the values at cold start).
   */
  readonly stripe?: true;
  /**
   * The OpenAI key: the name of its Secrets Manager secret from deploy context (openAiKeySecretName) in
   * OPENAI_API_KEY_SECRET_NAME, with read access to that secret (lambdas/lib/openai.ts reads it at cold start).
   */
  readonly openai?: true;
  /**
   * The National Weather Service: WEATHER_API_URL (the only origin fetched) and WEATHER_USER_AGENT (with deploy
   * context weatherContact). A function outside a VPC, as every one here is, reaches the internet directly.
   */
  readonly weather?: true;
  /**
   * The site's own address in SITE_URL (lambdas/lib/site-url.ts): the CloudFront URL, or the custom domain
   * when the deployment has one. For routes whose answers link back to the site from outside it (calendar
   * feeds, Stripe Checkout's return URLs).
   */
  readonly siteUrl?: true;
  /**
   * Tells people about what it did (lambdas/data/notification-queue.ts): sqs:SendMessage on the notification
   * queue, and its URL in NOTIFICATION_QUEUE_URL (infra/notifications.ts grantEnqueue).
   */
  readonly notifies?: true;
  /**
   * Checks one-click unsubscribe links: read access to the generated secret that signs them, named in
   * UNSUBSCRIBE_SECRET_SECRET_NAME (infra/notifications.ts grantUnsubscribeSecret).
   */
  readonly unsubscribeSecret?: true;
}

/** The course upload's memory, for its CPU (putEventCourse below). */
export const COURSE_UPLOAD_MEMORY_MB = 1024;

/** Needs by route id; `satisfies` it so that a misspelt or removed route id fails to compile. */
export type RouteNeedsTable = { readonly [Id in RouteId]?: RouteNeeds };

/** A route that deletes events deletes their images' renditions too (lambdas/lib/media-bucket.ts). */
const DELETES_IMAGE_FILES: Pick<RouteNeeds, 'grants' | 'environment'> = {
  grants: (fn, { eventImages }) => eventImages?.grantDeleteRenditions(fn),
  environment: ({ eventImages }) => (eventImages ? uploadBucketsEnvironment({ mediaBucket: eventImages.mediaBucket.bucketName }) : {}),
};

export const ROUTE_NEEDS = {
  // Up to 100 events, each its own transaction with its postings; a deleted one's image files go with it.
  bulkUpdateAdminEvents: { timeout: Duration.seconds(29), ...DELETES_IMAGE_FILES },
  // Deletes for FLUSH_WORK_MS (20 s) per request, then answers; the screen repeats it. Image files go with their events.
  flushEvents: { timeout: Duration.seconds(29), ...DELETES_IMAGE_FILES },
  // Deleting one's account: the route queues the worker, which does the deleting.
  deleteMe: {
    grants: (fn, { accountDeletion }) => accountDeletion?.grantStart(fn),
    environment: ({ accountDeletion }) => (accountDeletion ? accountDeletionStarterEnvironment({ workerFunctionName: accountDeletion.worker.functionName }) : {}),
  },
  // Event images (infra/event-images.ts): the upload route signs POSTs to the uploads bucket; removal deletes renditions.
  requestImageUpload: {
    grants: (fn, { eventImages }) => eventImages?.grantSignUploads(fn),
    environment: ({ eventImages }) => (eventImages ? uploadBucketsEnvironment({ uploadsBucket: eventImages.uploadsBucket.bucketName }) : {}),
  },
  deleteEventImage: DELETES_IMAGE_FILES,
  // Activity files (infra/activity-uploads.ts): the upload route signs POSTs to the uploads bucket's activities/ prefix.
  requestActivityUpload: {
    grants: (fn, { activityUploads }) => activityUploads?.grantSignUploads(fn),
    environment: ({ activityUploads }) => (activityUploads ? uploadBucketsEnvironment({ uploadsBucket: activityUploads.uploadsBucketName }) : {}),
  },
  // A GPX file of up to 4 MB is parsed and measured in the request (lambdas/courses): about 0.3 s of a whole CPU for
  // 60,000 points, several seconds at 256 MB's share of one; 1,024 MB buys four times the CPU.
  putEventCourse: { memorySize: COURSE_UPLOAD_MEMORY_MB, timeout: Duration.seconds(20) },
  // An admin's delete of one event also deletes its images' renditions.
  deleteAdminEvent: DELETES_IMAGE_FILES,
  // CSV exports: starting one invokes the worker; a finished one is downloaded through a link this route signs.
  startExport: {
    grants: (fn, { exports }) => exports.grantStart(fn),
    environment: ({ exports }) =>
      exportsEnvironment({ bucketName: exports.bucket.bucketName, workerFunctionName: exports.worker.functionName }),
  },
  getExport: {
    grants: (fn, { exports }) => exports.grantDownload(fn),
    environment: ({ exports }) => exportsEnvironment({ bucketName: exports.bucket.bucketName }),
  },
  // "Export my data": the same worker writes the person's ZIP (under exports/me/), the same links fetch it.
  startMyExport: {
    grants: (fn, { exports }) => exports.grantStart(fn),
    environment: ({ exports }) =>
      exportsEnvironment({ bucketName: exports.bucket.bucketName, workerFunctionName: exports.worker.functionName }),
  },
  getMyExport: {
    grants: (fn, { exports }) => exports.grantDownload(fn),
    environment: ({ exports }) => exportsEnvironment({ bucketName: exports.bucket.bucketName }),
  },
  // Stripe: Checkout Sessions, refunds, and the webhook's signing secret. Checkout returns to the site. A decided
  // promotion and a payment or refund the webhook records are each told to the organizer.
  createPromotion: { stripe: true, siteUrl: true },
  decidePromotion: { stripe: true, notifies: true },
  stripeWebhook: { stripe: true, notifies: true },
  // Decisions the person they concern is told about (lambdas/data/decision-notices.ts).
  decideApplication: { notifies: true },
  decideClaim: { notifies: true },
  // Rejecting a suggested race deletes it, and the pictures an admin may have added with it.
  decideEventReview: { notifies: true, ...DELETES_IMAGE_FILES },
  moderateRaceReview: { notifies: true },
  // One-click unsubscribe checks the link's signature.
  unsubscribe: { unsubscribeSecret: true },
  // Two model calls of at most 12 s each (lambdas/lib/openai.ts), under API Gateway's 30 s.
  sendCoachMessage: { openai: true, timeout: Duration.seconds(29) },
  // Race-day forecasts: the NWS's requests have 12 s in all (lambdas/weather/race-forecasts.ts), the table the rest.
  listRaceForecasts: { weather: true, timeout: Duration.seconds(20) },
  // Its sign-in check times a fetch of the pool's JWKS.
  getAdminHealth: { userPool: true },
  // Calendar feeds: each race links to its event page on the site.
  getEventsCalendar: { siteUrl: true },
  getSavedRacesFeed: { siteUrl: true },
  // Starts the RunSignup import's state machine (lambdas/imports/start-execution.ts): that one machine only.
  // Strava sync (infra/strava-sync.ts): each route gets what it uses of the application, the tokens key and the queue.
  getStravaConnection: { grants: (fn, { stravaSync }) => stravaSync?.tellConfigured(fn) },
  connectStrava: { siteUrl: true, grants: (fn, { stravaSync }) => stravaSync?.grantApp(fn) },
  finishStravaConnection: {
    grants: (fn, { stravaSync }) => {
      stravaSync?.grantApp(fn);
      stravaSync?.grantEnqueue(fn);
    },
  },
  disconnectStrava: { grants: (fn, { stravaSync }) => stravaSync?.grantApp(fn) },
  stravaWebhookChallenge: { grants: (fn, { stravaSync }) => stravaSync?.grantTokenKey(fn) },
  stravaWebhookEvent: { grants: (fn, { stravaSync }) => stravaSync?.grantEnqueue(fn) },
  startImportJob: {
    grants: (fn, { imports }) => importsOf(imports, 'startImportJob').grantStartExecution(fn),
    environment: ({ imports }) => importStarterEnvironment({ stateMachineArn: importsOf(imports, 'startImportJob').stateMachine.stateMachineArn }),
  },
} as const satisfies RouteNeedsTable;

/** The stack's notifications construct, for a route whose needs ask for it. */
export function notificationsOf(notifications: Notifications | undefined, routeId: string): Notifications {
  if (!notifications) throw new Error(`Route ${routeId} needs the notification queue or the unsubscribe secret, but this stack has no notifications`);
  return notifications;
}

function importsOf(imports: Imports | undefined, routeId: string): Imports {
  if (!imports) throw new Error(`Route ${routeId} starts the import state machine, but this stack has none`);
  return imports;
}
