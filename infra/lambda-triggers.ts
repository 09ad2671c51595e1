/**
 * Functions that are not API routes: each is started by an AWS service rather than an API request (Cognito
 * triggers, the export worker, the import state machine's steps, CloudFront's event pages, the notification
 * sender and SES's feedback). Together with the route table
 * this lists every handler module; a test checks that no module exporting `handler` is missing from either.
 */
export const TRIGGERS = {
  postConfirmation: { handler: 'users/post-confirmation', summary: 'Cognito post-confirmation: creates the profile' },
  preSignUp: { handler: 'users/pre-sign-up', summary: 'Cognito pre-sign-up: refuses sign-ups while registration is disabled' },
  exportWorker: {
    handler: 'exports/run-export',
    summary: 'Writes a CSV export (POST /api/admin/exports) or a personal data ZIP (POST /api/me/exports) into the exports bucket; invoked asynchronously',
  },
  accountDeletionWorker: {
    handler: 'users/delete-account-worker',
    summary: "Deletes an account (DELETE /api/me): its sign-in, its items and its export files, step by step; invoked asynchronously",
  },
  imageProcessor: {
    handler: 'event-images/process-image',
    summary: "Event images: the uploads bucket's ObjectCreated; checks the file, writes WebP renditions to the media bucket and adds the image to its event",
  },
  activityImporter: {
    handler: 'activity-uploads/process-activity-upload',
    summary: "Activity files: the uploads bucket's ObjectCreated under activities/; reads the GPX, TCX, FIT or ZIP into the athlete's training log and records the outcome",
  },
  eventPages: {
    handler: 'pages/page-function',
    summary: 'Server-rendered pages behind CloudFront (events, races by state), the sitemap and robots.txt; 404 for what a visitor may not see',
  },
  eventCards: {
    handler: 'pages/cards/card-function',
    summary: "Preview cards behind CloudFront (/cards/events/{id}.png): the picture a race's link shows when it has none of its own",
  },
  // The data migrations (infra/migrations.ts): the state machine's task, and the custom resource that runs it after a deploy.
  migrationSteps: {
    handler: 'migrations/run-steps',
    summary: 'Data migrations state machine: takes migration steps for about a minute and says whether all are done',
  },
  migrationsStart: {
    handler: 'migrations/start-after-deploy',
    summary: 'After a deploy: starts the data migrations state machine (custom resource onEvent)',
  },
  migrationsCheck: {
    handler: 'migrations/check-after-deploy',
    summary: 'After a deploy: waits for the data migrations, failing the deploy when they fail (custom resource isComplete)',
  },
  // Notifications (infra/notifications.ts): the queue's consumer, and SES's bounce and complaint events through SNS.
  notificationSender: {
    handler: 'notifications/send-notifications',
    summary: 'Notification sender: takes batches off the notification queue, writes the inbox and sends the e-mail through SES at the configured rate',
  },
  sesFeedback: {
    handler: 'notifications/ses-feedback',
    summary: "SES bounce and complaint events (SNS): puts hard-bouncing and complaining addresses on the suppression list",
  },
  dailyAlerts: {
    handler: 'notifications/daily-alerts',
    summary: "Daily alerts (EventBridge Scheduler): matches the races created since the last run to saved searches and queues each search's digest, and the savers' registration closing reminders",
  },
  weeklySummary: {
    handler: 'notifications/weekly-summary',
    summary: 'Weekly training summaries (EventBridge Scheduler, Mondays): queues last week against the plan, and the week ahead, for everyone who turned them on',
  },
  dailyPrices: {
    handler: 'events/daily-prices',
    summary: "Daily prices (EventBridge Scheduler, just after midnight): moves the races whose price tier changed today to their new place in the price order, and takes passed races out of it",
  },
  raceChanges: {
    handler: 'notifications/race-changes',
    summary: "The table's stream: tells the people who saved a race that its date, start time, place, status or registration link changed",
  },
  // Strava sync (infra/strava-sync.ts): the queue's consumer.
  stravaSync: {
    handler: 'strava/sync-worker',
    summary: "Strava sync: takes Strava's events and the backfill off the Strava queue, fetches activities and streams into the training log, within Strava's rate limits",
  },
  // The RunSignup import state machine's tasks (infra/imports.ts), started by Step Functions.
  importStartJob: {
    handler: 'imports/tasks/start-job',
    summary: 'Import state machine: marks the API-created job running, or creates the nightly one (skipped while locked)',
  },
  importPage: {
    handler: 'imports/tasks/import-page',
    summary: 'Import state machine: reads, normalizes and upserts one RunSignup page, or records its failure on the job',
  },
  importFinishJob: {
    handler: 'imports/tasks/finish-job',
    summary: 'Import state machine: flags races missing from a full sync and finishes the job, or fails it',
  },
} as const satisfies Record<string, { readonly handler: string; readonly summary: string }>;

export type TriggerId = keyof typeof TRIGGERS;
