/**
 * What deleting an account does, in order: one step at a time, each idempotent, so the worker
 * (delete-account-worker.ts) records each step it finishes on the job and a worker that dies resumes at the step it
 * was on. The sign-in goes first (no new tokens), the profile last (until then the account's requests are refused by
 * its deletion mark, lambdas/data/caller-profiles.ts). Payments are not touched: a promotion is an accounting record
 * of what was bought, and names only the organizer's id, with no personal field.
 */
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import type { CalendarFeedKind } from '#shared/schemas/calendar-feed';
import type { DeletionJob } from '#data/account-deletion';
import { forgetActivityPerson } from '#data/activity';
import { deleteCalendarFeed } from '#data/calendar-feed';
import { forgetClaimant } from '#data/claim';
import { forgetSubmitter } from '#data/event-suggestion';
import { forgetSubscriber } from '#data/newsletter-subscription';
import { forgetApplicant } from '#data/organizer-application';
import { releaseOwnedEvents } from '#data/organizer-event';
import { footprintOf, footprintPages } from '#data/person-footprint';
import { deleteStravaConnection, getStravaConnection, queueStravaDeauthorization, stravaConnectionKey } from '#data/strava-connection';
import { personalExportObjectKeys } from '#data/personal-export';
import { deleteProfile, profileKey } from '#data/profile';
import { forgetRecapper } from '#data/recap';
import { forgetReviewer, withdrawHelpfulVote, withdrawReport } from '#data/review';
import { unsaveEvent } from '#data/saved-event';
import { forgetActiveDay } from '#data/user-activity';
import { deletePoolUser } from '#lib/cognito-admin';
import { deleteInBatches } from '#lib/kit/batch-write';
import { queryPages } from '#lib/kit/table';
import { s3 } from '#lib/s3';
import { deleteSavedSearch } from '#data/saved-search';

/** Who is being deleted and what they chose, from the job while it runs. */
export interface DeletionContext {
  readonly sub: string;
  readonly email: string;
  readonly username?: string;
  readonly writing: DeletionJob['writing'];
  readonly now: Date;
}

export interface DeletionStep {
  readonly name: string;
  run(context: DeletionContext): Promise<void>;
}

/** The event id in an event partition key. */
const eventIdOf = (pk: unknown) => String(pk).slice('EVENT#'.length);
/** The review id in a vote's or report's sort key: HELPFUL#<rid>#<sub>, REPORT#<rid>#<sub>. */
const reviewIdOf = (sk: string) => sk.split('#')[1] ?? '';

/** Items of the person's partition that other items count or point at: each has its own way out. */
const SAVED = 'SAVED#';
const SAVED_AT = 'SAVED_AT#';
const CALENDAR_FEED = 'CALFEED#';
const LAST_ACTIVE = 'LAST_ACTIVE';
const SAVED_SEARCH = 'SEARCH#';
const PROFILE = profileKey('').SK;
const STRAVA_CONNECTION = stravaConnectionKey('').SK;

/** The person's Strava connection: its deauthorization queued for the sync worker, then the connection deleted. */
async function forgetStrava(sub: string): Promise<void> {
  const connection = await getStravaConnection(sub);
  if (!connection) return;
  await queueStravaDeauthorization(sub, connection);
  await deleteStravaConnection(sub, connection);
}

export const DELETION_STEPS: readonly DeletionStep[] = [
  { name: 'sign-in', run: ({ sub, email, username }) => deletePoolUser([...(username ? [username] : []), sub, email]) },
  {
    // Reviews and recaps as chosen, helpful votes and reports taken back: everything found by the person's footprint.
    name: 'writing',
    async run({ sub, writing, now }) {
      for await (const items of footprintPages(sub)) {
        for (const item of items) {
          const footprint = footprintOf(String(item.SK));
          if (!footprint) continue;
          const eventId = eventIdOf(item.PK);
          if (footprint.kind === 'REVIEWER#') await forgetReviewer(sub, eventId, writing, now);
          else if (footprint.kind === 'RECAPPER#') await forgetRecapper(sub, eventId, writing);
          else if (footprint.kind === 'HELPFUL#') await withdrawHelpfulVote(sub, eventId, reviewIdOf(String(item.SK)));
          else await withdrawReport(sub, eventId, reviewIdOf(String(item.SK)));
        }
      }
    },
  },
  { name: 'claims', run: ({ sub }) => forgetClaimant(sub) },
  { name: 'owned-events', run: ({ sub, now }) => releaseOwnedEvents(sub, now) },
  { name: 'suggestions', run: ({ sub }) => forgetSubmitter(sub) },
  { name: 'applications', run: ({ sub }) => forgetApplicant(sub) },
  { name: 'activity-record', run: ({ sub, email }) => forgetActivityPerson(sub, email) },
  { name: 'newsletter', run: ({ email }) => forgetSubscriber(email) },
  {
    name: 'export-files',
    async run({ sub }) {
      const bucket = process.env.EXPORTS_BUCKET?.trim();
      if (!bucket) throw new Error('Missing required environment variable EXPORTS_BUCKET');
      for (const key of await personalExportObjectKeys(sub)) await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  },
  {
    // Everything in the person's own partition, the profile last. Saves move their races' counts; a calendar feed
    // takes its token item with it; the last active day moves its day's count; a saved search its postings.
    name: 'own-items',
    async run({ sub }) {
      const pk = profileKey(sub).PK;
      for await (const items of queryPages({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } })) {
        const plain: Record<string, string>[] = [];
        for (const item of items) {
          const sk = String(item.SK);
          if (sk.startsWith(SAVED)) await unsaveEvent(sub, sk.slice(SAVED.length));
          else if (sk.startsWith(CALENDAR_FEED)) await deleteCalendarFeed(sub, sk.slice(CALENDAR_FEED.length) as CalendarFeedKind);
          else if (sk === LAST_ACTIVE) await forgetActiveDay(sub);
          // A saved search takes its percolator postings (outside this partition) with it.
          else if (sk.startsWith(SAVED_SEARCH)) await deleteSavedSearch(sub, sk.slice(SAVED_SEARCH.length));
          // A Strava connection is deauthorized at Strava by the sync worker (queued first, so a step that stops
          // here and runs again still has the tokens to queue), and takes its athlete lookup with it.
          else if (sk === STRAVA_CONNECTION) await forgetStrava(sub);
          // An unsave removes its timeline item too; one left without its save goes with the rest.
          else if (sk !== PROFILE && !(sk.startsWith(SAVED_AT) && items.some((other) => other.SK === `${SAVED}${String(item.eventId)}`))) plain.push({ PK: pk, SK: sk });
        }
        await deleteInBatches(plain);
      }
      await deleteProfile(sub);
    },
  },
];
