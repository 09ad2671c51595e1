/**
 * Profiles: one item per user, plus the user counters kept in the same transaction.
 *
 * | item            | PK          | SK        | GSI1 (users by date)     | GSI2 (by role)            | GSI3 (by e-mail)   |
 * | profile         | USER#<sub>  | PROFILE   | USERS / <createdAt>#<sub> | ROLE#<role> / <createdAt> | EMAIL#<email> / PROFILE |
 * | user counters   | COUNTER     | USERS     |                          |                           |                    |
 *
 * The user counters hold `total`, one attribute per role (athlete, organizer, admin, superadmin) and
 * `created#<YYYY-MM>` per month of sign-up (America/New_York); every write that adds a profile or changes a
 * role moves them in the same transaction, so the admin overview reads them instead of counting users.
 *
 * Access patterns (docs/data-model.md): a user's profile (table); users, newest first (GSI1, USERS, descending); users
 * with a role (GSI2, ROLE#<role>); profile by e-mail (GSI3, EMAIL#<lower-cased e-mail>); users whose e-mail or
 * name starts with some text (GSI4 USERS#EMAIL / GSI5 USERS#NAME, begins_with); user counts (table, COUNTER / USERS).
 *
 * The Cognito post-confirmation trigger imports this module, so it stays free of zod at run time: the
 * item reader keeps PROFILE_FIELDS, which the compiler holds to ProfileSchema's keys (and a unit test to
 * their order), rather than reading them off the schema.
 */
import { todayInNewYork } from '#shared/dates';
import { ISO_INSTANT_SOURCE } from '#shared/ids';
import type { Role } from '#shared/roles';
import type { Profile, UpdateProfile } from '#shared/schemas/profile';
import type { Identity } from '#lib/caller';
import { config } from '#lib/config';
import { defineEntity } from '#lib/kit/entity';
import { queryIndexPage } from '#lib/kit/index-page';
import { queryPages, table } from '#lib/kit/table';
import { transact, transactOnce, type TransactItem } from '#lib/kit/transact';
import { ConflictError, NotFoundError } from '#lib/errors';
import { isConditionFailure } from '#lib/transactions';
import { activityPut } from './activity.ts';

export const profileKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'PROFILE' });
export const USER_COUNTERS_KEY = { PK: 'COUNTER', SK: 'USERS' } as const;
/** GSI1's partition of every profile, sorted by createdAt. */
export const ALL_USERS_PARTITION = 'USERS';

export interface NewProfile {
  readonly id: string;
  readonly email: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly role: Role;
  readonly location?: string;
}

/** Every field of ProfileSchema, once: a missing or unknown name fails to compile. */
export const PROFILE_FIELDS = ['id', 'email', 'firstName', 'lastName', 'role', 'location', 'createdAt', 'organizationId', 'units'] as const satisfies readonly (keyof Profile)[];
type Missing = Exclude<keyof Profile, (typeof PROFILE_FIELDS)[number]>;
const everyField: [Missing] extends [never] ? true : Missing = true;
void everyField;

/**
 * The role a new profile starts with. The first super admins come from deploy configuration
 * (SUPER_ADMIN_EMAILS), never from addresses in code; everyone else starts as an athlete.
 */
export function initialRoleFor(email: string, superAdminEmails = config.superAdminEmails): Role {
  return superAdminEmails.has(email.trim().toLowerCase()) ? 'superadmin' : 'athlete';
}

/** GSI4's and GSI5's partitions: every profile by e-mail, named profiles by name (the admin's user search). */
export const EMAIL_SEARCH_PARTITION = 'USERS#EMAIL';
export const NAME_SEARCH_PARTITION = 'USERS#NAME';

/** A name as the search compares it: lower case, single spaces, accents folded ('José  Díaz' -> 'jose diaz'). */
export function searchableName(firstName?: string, lastName?: string): string {
  return [firstName, lastName]
    .filter(Boolean)
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The name-search keys of a profile (none without a name). */
function nameSearchKeys(profile: Pick<Profile, 'id' | 'firstName' | 'lastName'>): Record<string, string> {
  const name = searchableName(profile.firstName, profile.lastName);
  return name ? { GSI5PK: NAME_SEARCH_PARTITION, GSI5SK: `${name}#${profile.id}` } : {};
}

/** A profile: its key, its index keys, and its fields (PROFILE_FIELDS, standing in for ProfileSchema at run time). */
const profiles = defineEntity<Profile, [string]>({
  name: 'profile',
  key: profileKey,
  fields: PROFILE_FIELDS,
  indexKeys: (profile) => profileIndexKeys(profile),
});

export function toProfileItem(profile: Profile) {
  return profiles.item(profileKey(profile.id), profile);
}

function profileIndexKeys(profile: Profile): Record<string, string> {
  const email = profile.email.toLowerCase();
  return {
    GSI1PK: ALL_USERS_PARTITION,
    GSI1SK: `${profile.createdAt}#${profile.id}`,
    GSI2PK: `ROLE#${profile.role}`,
    GSI2SK: `${profile.createdAt}#${profile.id}`,
    GSI3PK: `EMAIL#${email}`,
    GSI3SK: 'PROFILE',
    GSI4PK: EMAIL_SEARCH_PARTITION,
    GSI4SK: `${email}#${profile.id}`,
    ...nameSearchKeys(profile),
  };
}

/** The profile of a stored item: its schema's fields only (no keys or index keys). */
export const fromProfileItem: (item: Readonly<Record<string, unknown>>) => Profile = profiles.read;

export function getProfile(sub: string): Promise<Profile | undefined> {
  return profiles.get(profileKey(sub));
}

/**
 * Creates the profile unless it exists, counting the user in the same transaction. Safe to call from the
 * sign-up trigger and from the first API call at once: the loser of the race reads the winner's profile.
 */
export async function createProfileIfMissing(input: NewProfile, now = new Date()): Promise<Profile> {
  const profile: Profile = { ...input, createdAt: now.toISOString() };
  try {
    await transactOnce([
      {
        Put: {
          Item: toProfileItem(profile),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          Key: USER_COUNTERS_KEY,
          UpdateExpression: 'ADD #total :one, #role :one, #month :one',
          ExpressionAttributeNames: { '#total': 'total', '#role': profile.role, '#month': userCreatedMonthCounter(profile.createdAt) },
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ]);
    return profile;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await getProfile(input.id);
    if (!existing) throw error;
    return existing;
  }
}

/** The user counter of the month a profile was created in (product calendar): `created#YYYY-MM`. */
export function userCreatedMonthCounter(createdAt: string | Date): string {
  return `created#${todayInNewYork(new Date(createdAt)).slice(0, 7)}`;
}

/** Who made a role change, for its activity entry; a change without one (tests, seeding) records none. */
export interface RoleChangeRecord {
  readonly actorId: string;
  /** Why, in a few words: 'approved organizer application'. */
  readonly reason?: string;
  readonly now?: Date;
}

/**
 * The writes that give a user another role, for a transaction: the profile's role (conditioned on the role
 * the caller read, so two changes at once cannot count the user twice), the per-role user counters and, when
 * someone made the change, its activity entry (so the record cannot miss a change or show one that failed).
 * Decisions that change a role (an approved organizer application) put these in their own transaction.
 */
export function roleChangeItems(
  current: Pick<Profile, 'id' | 'role' | 'email'>,
  role: Role,
  record?: RoleChangeRecord,
  { organizationId }: { organizationId?: string } = {},
): TransactItem[] {
  const entry = record
    ? [
        activityPut(
          {
            kind: 'role-changed',
            actorId: record.actorId,
            subjectId: current.id,
            summary: `Changed the role of ${current.email} from ${current.role} to ${role}${record.reason ? ` (${record.reason})` : ''}`,
          },
          record.now,
        ),
      ]
    : [];
  return [
    {
      Update: {
        Key: profileKey(current.id),
        UpdateExpression: `SET #role = :role, GSI2PK = :roleKey${organizationId ? ', organizationId = :organizationId' : ''}`,
        ConditionExpression: '#role = :was',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': role, ':roleKey': `ROLE#${role}`, ':was': current.role, ...(organizationId ? { ':organizationId': organizationId } : {}) },
      },
    },
    {
      Update: {
        Key: USER_COUNTERS_KEY,
        UpdateExpression: 'ADD #from :minus, #to :one',
        ExpressionAttributeNames: { '#from': current.role, '#to': role },
        ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
      },
    },
    ...entry,
  ];
}

/** The write that ties a user to their organization without changing their role, for a transaction. */
export function organizationLinkItem(sub: string, organizationId: string): TransactItem {
  return {
    Update: {
      Key: profileKey(sub),
      UpdateExpression: 'SET organizationId = :organizationId',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':organizationId': organizationId },
    },
  };
}

/**
 * Gives a user another role, moving the per-role counters in the same transaction (roleChangeItems), with
 * an activity entry when `record` names who made the change. The
 * loser of two changes at once gets a 409-worthy condition failure (ConflictError) and may retry. Changing
 * to the same role writes nothing.
 */
export async function changeRole(sub: string, role: Role, record?: RoleChangeRecord): Promise<Profile> {
  const current = await getProfile(sub);
  if (!current) throw new NotFoundError('Profile not found');
  if (current.role === role) return current;
  await transact(() => roleChangeItems(current, role, record), {
    attempts: 1,
    ifAnyConditionFails: () => new ConflictError('The role changed meanwhile; reload and try again'),
  });
  return { ...current, role };
}

/** Sets the given fields; a field given as undefined (sent as an empty string) is removed. */
export async function updateProfile(sub: string, changes: UpdateProfile): Promise<Profile> {
  const set: string[] = [];
  const remove: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    names[`#${field}`] = field;
    if (value === undefined) remove.push(`#${field}`);
    else {
      set.push(`#${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  const expression = [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
  try {
    const { Attributes } = await table.update({
      Key: profileKey(sub),
      UpdateExpression: expression,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: names,
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      ReturnValues: 'ALL_NEW',
    });
    const updated = fromProfileItem(Attributes ?? {});
    if ('firstName' in changes || 'lastName' in changes) await setNameSearchKeys(updated);
    return updated;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError('Profile not found');
    throw error;
  }
}

/**
 * Keeps a profile's name-search keys in step with its names (after a name change, and for profiles written
 * before the search existed). A second small write: the search may miss a renamed user for that moment.
 */
export async function setNameSearchKeys(profile: Profile): Promise<void> {
  const keys = nameSearchKeys(profile);
  const email = profile.email.toLowerCase();
  await table.update({
    Key: profileKey(profile.id),
    UpdateExpression: `SET GSI4PK = :emailPartition, GSI4SK = :email${'GSI5SK' in keys ? ', GSI5PK = :namePartition, GSI5SK = :name' : ''}${'GSI5SK' in keys ? '' : ' REMOVE GSI5PK, GSI5SK'}`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: {
      ':emailPartition': EMAIL_SEARCH_PARTITION,
      ':email': `${email}#${profile.id}`,
      ...('GSI5SK' in keys ? { ':namePartition': NAME_SEARCH_PARTITION, ':name': keys.GSI5SK } : {}),
    },
  });
}

/** The profile a first sign-in gets, not stored: its role from the configured super-admin e-mails. */
export function draftProfile(identity: Identity, now = new Date()): Profile {
  return {
    id: identity.sub,
    email: identity.email,
    ...(identity.firstName ? { firstName: identity.firstName } : {}),
    ...(identity.lastName ? { lastName: identity.lastName } : {}),
    role: initialRoleFor(identity.email),
    createdAt: now.toISOString(),
  };
}


/** A profile's place where profiles sort by when they joined (GSI1 USERS, GSI2 by role): createdAt#sub. */
export const PROFILE_POSITION = new RegExp(`^${ISO_INSTANT_SOURCE}#([A-Za-z0-9_-]{1,128})$`);

/** One page of every stored profile item, oldest first (GSI1 USERS): what a data migration walks. */
export async function storedProfilePage(cursor: string | undefined, pageSize: number): Promise<{ items: Record<string, unknown>[]; nextCursor?: string }> {
  return queryIndexPage(
    { index: 'GSI1', partition: ALL_USERS_PARTITION, cursorPattern: PROFILE_POSITION, keyOf: (match) => profileKey(match[1]!), newestFirst: false, pageSize, exactLimit: true },
    cursor,
  );
}

/** Every profile, newest first, one DynamoDB page at a time (GSI1, GSI1PK = USERS): what a CSV export reads. */
export async function* allProfilePages(): AsyncGenerator<Profile[]> {
  for await (const items of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :all',
    ExpressionAttributeValues: { ':all': ALL_USERS_PARTITION },
    ScanIndexForward: false,
  })) {
    yield items.map(fromProfileItem);
  }
}

/**
 * Removes a deleted account's profile, uncounting the user (total, role, month of sign-up) in the same transaction:
 * the last step of lambdas/users/account-deletion-steps.ts. Idempotent: a profile already gone is done.
 */
export async function deleteProfile(sub: string): Promise<void> {
  const { Item } = await table.get({ Key: profileKey(sub), ConsistentRead: true });
  if (!Item) return;
  const profile = fromProfileItem(Item);
  await transact(
    () => [
      { Delete: { Key: profileKey(sub), ConditionExpression: '#role = :role', ExpressionAttributeNames: { '#role': 'role' }, ExpressionAttributeValues: { ':role': profile.role } } },
      {
        Update: {
          Key: USER_COUNTERS_KEY,
          UpdateExpression: 'ADD #total :less, #role :less, #month :less',
          ExpressionAttributeNames: { '#total': 'total', '#role': profile.role, '#month': userCreatedMonthCounter(profile.createdAt) },
          ExpressionAttributeValues: { ':less': -1 },
        },
      },
    ],
    // Its role changed meanwhile: the next run of the step reads it again.
    { attempts: 1 },
  );
}
