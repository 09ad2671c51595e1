/**
 * Profiles: one item per user, plus the user counters kept in the same transaction.
 *
 * | item            | PK          | SK        | GSI1 (users by date)     | GSI2 (by role)            | GSI3 (by e-mail)   |
 * | profile         | USER#<sub>  | PROFILE   | USERS / <createdAt>#<sub> | ROLE#<role> / <createdAt> | EMAIL#<email> / PROFILE |
 * | user counters   | COUNTER     | USERS     |                          |                           |                    |
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '#shared/roles';
import type { Profile, UpdateProfile } from '#shared/schemas/profile';
import { db, isConditionFailure, tableName } from '#lib/dynamo';
import { NotFoundError } from '#lib/errors';

export const profileKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'PROFILE' });
export const USER_COUNTERS_KEY = { PK: 'COUNTER', SK: 'USERS' } as const;

export interface NewProfile {
  readonly id: string;
  readonly email: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly role: Role;
  readonly location?: string;
}

function toItem(profile: Profile) {
  const email = profile.email.toLowerCase();
  return {
    ...profileKey(profile.id),
    entity: 'profile',
    ...profile,
    GSI1PK: 'USERS',
    GSI1SK: `${profile.createdAt}#${profile.id}`,
    GSI2PK: `ROLE#${profile.role}`,
    GSI2SK: `${profile.createdAt}#${profile.id}`,
    GSI3PK: `EMAIL#${email}`,
    GSI3SK: 'PROFILE',
  };
}

function fromItem(item: Record<string, unknown>): Profile {
  return {
    id: item.id as string,
    email: item.email as string,
    firstName: item.firstName as string | undefined,
    lastName: item.lastName as string | undefined,
    role: item.role as Role,
    location: item.location as string | undefined,
    createdAt: item.createdAt as string,
  };
}

export async function getProfile(sub: string): Promise<Profile | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: profileKey(sub) }));
  return Item ? fromItem(Item) : undefined;
}

/**
 * Creates the profile unless it exists, counting the user in the same transaction. Safe to call from the
 * sign-up trigger and from the first API call at once: the loser of the race reads the winner's profile.
 */
export async function createProfileIfMissing(input: NewProfile, now = new Date()): Promise<Profile> {
  const profile: Profile = { ...input, createdAt: now.toISOString() };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: toItem(profile),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName,
              Key: USER_COUNTERS_KEY,
              UpdateExpression: 'ADD #total :one, #role :one',
              ExpressionAttributeNames: { '#total': 'total', '#role': profile.role },
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
    return profile;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await getProfile(input.id);
    if (!existing) throw error;
    return existing;
  }
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
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: profileKey(sub),
        UpdateExpression: expression,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError('Profile not found');
    throw error;
  }
}
