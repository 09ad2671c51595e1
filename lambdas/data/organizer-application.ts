/**
 * Organizer applications: the application, the applicant's one open application, and the counters, each
 * state change in one transaction.
 *
 * | item               | PK                  | SK                 | GSI1 (queue by status)                   | GSI2 (by applicant)                      |
 * | application        | APPLICATION#<id>    | APPLICATION        | APPLICATIONS#<status> / <createdAt>#<id> | USER#<sub>#APPLICATIONS / <createdAt>#<id> |
 * | open application   | USER#<sub>          | APPLICATION#OPEN   |                                          |                                          |
 * | counters           | COUNTER             | APPLICATIONS       | pending, approved, denied                |                                          |
 *
 * The application's own partition (rather than DESIGN's USER#<sub> / APPLICATION) lets an admin's decision
 * find it by id alone; the open-application item keeps "one open application per user" a condition of the
 * create, not a read before it. A decision deletes it, so a denied applicant may apply again.
 *
 * Approving makes the applicant an organizer in the same transaction (profile.ts roleChangeItems, with the
 * user counters and a role-changed activity entry), records the decision (reviewer, time, notes) and its own
 * activity entry (activity.ts), and creates the organization the application names (organization.ts), linked
 * from the profile. An applicant who became an admin meanwhile keeps their role: approval never demotes.
 */
import { ulid } from 'ulid';
import type { Organization } from '#shared/schemas/organization';
import type { Profile } from '#shared/schemas/profile';
import { ApplicationSchema, type AdminApplicationsPage, type Application, type ApplicationStatus, type ApplicationsPage, type NewApplication } from '#shared/schemas/organizer-application';
import { counterUpdate } from '#lib/kit/counter-update';
import { defineEntity } from '#lib/kit/entity';
import { queryPages, table } from '#lib/kit/table';
import { transact, type TransactItem } from '#lib/kit/transact';
import { ConflictError, NotFoundError } from '#lib/errors';
import { activityPut } from './activity.ts';
import { organizationCreateItems } from './organization.ts';
import { getProfile, organizationLinkItem, roleChangeItems } from './profile.ts';
import { applicationDecidedNotice } from './decision-notices.ts';
import { notifyAfterWrite } from './notification-queue.ts';

export const applicationKey = (id: string) => ({ PK: `APPLICATION#${id}`, SK: 'APPLICATION' });
const openApplicationKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'APPLICATION#OPEN' });
export const APPLICATION_COUNTERS_KEY = { PK: 'COUNTER', SK: 'APPLICATIONS' } as const;
const statusPartition = (status: ApplicationStatus) => `APPLICATIONS#${status}`;
const applicantPartition = (sub: string) => `USER#${sub}#APPLICATIONS`;

export const PAGE_SIZE = 20;

/** Refusals, in words an applicant reads. */
export const ALREADY_ORGANIZER = 'You are already an organizer: you can claim and create events from your organizer dashboard.';
export const OPEN_APPLICATION = 'You already have an application under review. We will contact you within 3-5 business days.';
export const ALREADY_DECIDED = 'This application has already been decided.';

/** An application: its own partition, in the queue of its status (GSI1) and in its applicant's list (GSI2). */
const applications = defineEntity<Application, [string]>({
  name: 'organizer-application',
  key: applicationKey,
  schema: ApplicationSchema,
  indexKeys: (application) => {
    const position = `${application.createdAt}#${application.id}`;
    return { GSI1PK: statusPartition(application.status), GSI1SK: position, GSI2PK: applicantPartition(application.userId), GSI2SK: position };
  },
});
const toItem = (application: Application) => applications.item(applicationKey(application.id), application);

/** The counters' update; every caller moves at least one, so it is always there (the item indexes depend on it). */
function counterMove(moves: Partial<Record<ApplicationStatus, number>>): TransactItem {
  return { Update: counterUpdate(APPLICATION_COUNTERS_KEY, moves as Record<string, number>)! };
}

/**
 * Files an application for the caller. Organizers and admins are refused (they need none), and so is a
 * second application while one is open (409s with the texts above). The contact e-mail defaults to the
 * caller's own.
 */
export async function submitApplication(caller: { sub: string; email: string; profile: Pick<Profile, 'role'> }, input: NewApplication, now: Date = new Date()): Promise<Application> {
  if (caller.profile.role !== 'athlete') throw new ConflictError(ALREADY_ORGANIZER);
  const { acceptTerms: _accepted, ...fields } = input;
  const application: Application = {
    ...fields,
    contactEmail: input.contactEmail ?? caller.email,
    id: ulid(now.getTime()),
    userId: caller.sub,
    status: 'pending',
    createdAt: now.toISOString(),
  };
  for (const key of Object.keys(application) as (keyof Application)[]) if (application[key] === undefined) delete application[key];
  await transact(
    () => [
      {
        Put: { Item: { ...openApplicationKey(caller.sub), entity: 'open-application', applicationId: application.id }, ConditionExpression: 'attribute_not_exists(PK)' },
        ifConditionFails: () => new ConflictError(OPEN_APPLICATION),
      },
      { Put: { Item: toItem(application), ConditionExpression: 'attribute_not_exists(PK)' } },
      counterMove({ pending: 1 }),
    ],
    { attempts: 1 },
  );
  return application;
}

export async function getApplication(id: string): Promise<Application | undefined> {
  return applications.get(applicationKey(id), { consistent: true });
}

export interface Decision {
  readonly decision: 'approve' | 'deny';
  readonly notes?: string;
  readonly reviewerId: string;
}

/**
 * Decides a pending application: its status, reviewer, time and notes, the open-application item gone, the
 * counters moved and an activity entry, all in one transaction; approval also makes an athlete applicant an
 * organizer in it. A decided application is a 409; an unknown one a 404. Two admins deciding at once: one
 * wins, the other gets the 409.
 */
export async function decideApplication(id: string, { decision, notes, reviewerId }: Decision, now: Date = new Date()): Promise<Application> {
  const application = await getApplication(id);
  if (!application) throw new NotFoundError('Application not found');
  if (application.status !== 'pending') throw new ConflictError(ALREADY_DECIDED);
  const status: ApplicationStatus = decision === 'approve' ? 'approved' : 'denied';
  const decided: Application = { ...application, status, reviewedBy: reviewerId, reviewedAt: now.toISOString(), ...(notes ? { adminNotes: notes } : {}) };
  const applicant = decision === 'approve' ? await getProfile(application.userId) : undefined;
  // Only an athlete becomes an organizer: an applicant made admin meanwhile keeps the higher role.
  const promote = applicant?.role === 'athlete';
  // Made before the decision's own entry, so the recent activity lists the decision first and the role change
  // it caused under it (activity ids are monotonic).
  // Approval creates the organization the application names and ties the applicant to it: the events they
  // create or claim show it. Only what the applicant wrote for the public (name, description, website) goes
  // on it; the contact e-mail and phone were given to RaceFinder, not to runners. An admin has just checked
  // it, so the directory shows it verified.
  const organization: Organization | undefined = applicant
    ? {
        id: ulid(now.getTime()),
        name: application.organizationName,
        description: application.description,
        ...(application.website ? { websiteUrl: application.website } : {}),
        verified: true,
      }
    : undefined;
  const profileWrite = !applicant || !organization
    ? []
    : promote
      ? roleChangeItems(applicant, 'organizer', { actorId: reviewerId, reason: 'organizer application approved', now }, { organizationId: organization.id })
      : [organizationLinkItem(applicant.id, organization.id)];
  // The applicant's role changed between our read and the write: decide again from what is there now.
  const roleChanged = () => new ConflictError("The applicant's role changed meanwhile; reload and try again");
  await transact(
    () => [
      {
        Put: { Item: toItem(decided), ConditionExpression: '#status = :pending', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':pending': 'pending' } },
        ifConditionFails: () => new ConflictError(ALREADY_DECIDED),
      },
      { Delete: { Key: openApplicationKey(application.userId) } },
      counterMove({ pending: -1, [status]: 1 }),
      activityPut(
        {
          kind: decision === 'approve' ? 'application-approved' : 'application-denied',
          actorId: reviewerId,
          subjectId: application.userId,
          summary: `${decision === 'approve' ? 'Approved' : 'Denied'} the organizer application of ${application.organizationName}`,
        },
        now,
      ),
      // The profile's write comes first of profileWrite: a failure there is the applicant's role changing meanwhile.
      ...profileWrite.map((item, index) => (index === 0 ? { ...item, ifConditionFails: roleChanged } : item)),
      ...(organization ? organizationCreateItems(organization) : []),
    ],
    { attempts: 1 },
  );
  await notifyAfterWrite([applicationDecidedNotice(decided, now)]);
  return decided;
}

const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)#([0-9A-HJKMNP-TV-Z]{26})$/;

/** A page of applications (the kit's index page: a page and one item more, the cursor `<createdAt>#<id>`). */
async function queryPage(index: 'GSI1' | 'GSI2', partition: string, { cursor, oldestFirst }: { cursor?: string; oldestFirst: boolean }): Promise<ApplicationsPage> {
  return applications.queryPage(
    {
      index,
      partition,
      cursorPattern: CURSOR_TEXT,
      keyOf: (match) => applicationKey(match[2]!),
      newestFirst: !oldestFirst,
      pageSize: PAGE_SIZE,
      // A read DynamoDB cut short still offers a cursor, as this list always did.
      cursorWhenTruncated: true,
    },
    cursor,
  );
}

/** The caller's applications, newest first. */
export function listApplicationsOf(sub: string, cursor?: string): Promise<ApplicationsPage> {
  return queryPage('GSI2', applicantPartition(sub), { cursor, oldestFirst: false });
}

/** Applications with a status: the pending queue oldest first (first come, first served), decided ones newest first. */
export async function listApplications(status: ApplicationStatus, cursor?: string): Promise<AdminApplicationsPage> {
  const [page, counters] = await Promise.all([
    queryPage('GSI1', statusPartition(status), { cursor, oldestFirst: status === 'pending' }),
    table.get({ Key: APPLICATION_COUNTERS_KEY }),
  ]);
  return { ...page, total: Math.max(0, Number(counters.Item?.[status] ?? 0)) };
}

/**
 * A deleted account's organizer applications (lambdas/users/account-deletion-steps.ts): removed (they hold the
 * person's contact details) with the counters they counted; their open-application guard goes with their partition.
 */
export async function forgetApplicant(sub: string): Promise<void> {
  for await (const items of queryPages({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :applicant', ExpressionAttributeValues: { ':applicant': applicantPartition(sub) }, ProjectionExpression: 'id, #status', ExpressionAttributeNames: { '#status': 'status' } })) {
    for (const item of items) {
      const status = String(item.status) as ApplicationStatus;
      await transact(
        () => [
          { Delete: { Key: applicationKey(String(item.id)), ConditionExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':status': status } } },
          counterMove({ [status]: -1 }),
        ],
        // Decided meanwhile: the next run of the step reads it again.
        { attempts: 1 },
      );
    }
  }
}
