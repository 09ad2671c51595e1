/** No defineEntity here: it stores no item of its own; role changes go through profile.ts. */
/**
 * The people admin (/admin/users): users by role or by search, the stat cards from the user counters, and
 * role changes with their rules. Every list is a Query (GSI1 all users, GSI2 by role, GSI4/GSI5 e-mail and name
 * prefixes, see ./profile.ts); every role change goes through roleChangeItems, so the counters and the activity
 * record move in the same transaction as the role.
 *
 * Rules, checked on the server whatever the screen shows:
 * - nobody changes their own role (a slip would lock an admin out, or let one promote themself);
 * - only a super admin grants or removes the admin and super admin roles (admins manage organizers and
 *   athletes);
 * - the last super admin cannot be demoted: the transaction checks the super admin counter is above one.
 */
import { todayInNewYork } from '#shared/dates';
import type { Role } from '#shared/roles';
import type { Profile } from '#shared/schemas/profile';
import type { AdminUsersPage, UserRoleFilter, UserStats } from '#shared/schemas/user-admin';
import type { Caller } from '#lib/caller';
import { table } from '#lib/kit/table';
import { transact } from '#lib/kit/transact';
import { ConflictError, ForbiddenError, NotFoundError } from '#lib/errors';
import { queryIndexPage } from '#lib/kit/index-page';
import { activeUsers } from './user-activity.ts';
import {
  ALL_USERS_PARTITION,
  EMAIL_SEARCH_PARTITION,
  NAME_SEARCH_PARTITION,
  PROFILE_POSITION,
  USER_COUNTERS_KEY,
  fromProfileItem,
  getProfile,
  profileKey,
  roleChangeItems,
  searchableName,
} from './profile.ts';

const PAGE_SIZE = 25;
const SEARCH_LIMIT = 50;
const ADMIN_ROLES: readonly Role[] = ['admin', 'superadmin'];

const rolesOf = (filter: UserRoleFilter): Role[] | undefined => (filter === 'all' ? undefined : filter === 'admin' ? ['admin', 'superadmin'] : [filter]);

/** Users, newest first: all of them (GSI1) or one role (GSI2); admins are both admin roles, listed one after the other. */
async function browse(filter: UserRoleFilter, cursor: string | undefined): Promise<AdminUsersPage> {
  const roles = rolesOf(filter);
  if (!roles) {
    const page = await queryIndexPage(
      { index: 'GSI1', partition: ALL_USERS_PARTITION, cursorPattern: PROFILE_POSITION, keyOf: (match) => profileKey(match[1]!), newestFirst: true, pageSize: PAGE_SIZE },
      cursor,
    );
    return { ...page, items: page.items.map(fromProfileItem) };
  }
  // A cursor of the admin filter names the role it continues in: `<role>|<GSI2 cursor>`.
  const [cursorRole, roleCursor] = cursor?.includes('|') ? (cursor.split('|', 2) as [string, string]) : [roles[0]!, cursor];
  const start = Math.max(0, roles.indexOf(cursorRole as Role));
  const items: Profile[] = [];
  for (let index = start; index < roles.length; index += 1) {
    const role = roles[index]!;
    const page = await queryIndexPage(
      { index: 'GSI2', partition: `ROLE#${role}`, cursorPattern: PROFILE_POSITION, keyOf: (match) => profileKey(match[1]!), newestFirst: true, pageSize: PAGE_SIZE - items.length },
      index === start ? roleCursor || undefined : undefined,
    );
    items.push(...page.items.map(fromProfileItem));
    if (page.nextCursor) return { items, nextCursor: `${role}|${page.nextCursor}` };
    if (items.length >= PAGE_SIZE && index + 1 < roles.length) return { items, nextCursor: `${roles[index + 1]}|` };
  }
  return { items };
}

/** Users whose e-mail or name starts with `q` (case and accents ignored), in the role filter; the first matches. */
async function search(q: string, filter: UserRoleFilter): Promise<AdminUsersPage> {
  const roles = rolesOf(filter);
  const prefix = async (index: 'GSI4' | 'GSI5', partition: string, text: string) => {
    if (!text) return { items: [] as Record<string, unknown>[], more: false };
    const { Items = [], LastEvaluatedKey } = await table.query({
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk AND begins_with(${index}SK, :prefix)`,
      ExpressionAttributeValues: { ':pk': partition, ':prefix': text },
      Limit: SEARCH_LIMIT,
    });
    return { items: Items, more: LastEvaluatedKey !== undefined };
  };
  const [byEmail, byName] = await Promise.all([
    prefix('GSI4', EMAIL_SEARCH_PARTITION, q.toLowerCase()),
    prefix('GSI5', NAME_SEARCH_PARTITION, searchableName(q)),
  ]);
  const seen = new Set<string>();
  const items = [...byEmail.items, ...byName.items]
    .map(fromProfileItem)
    .filter((profile) => !seen.has(profile.id) && seen.add(profile.id) && (!roles || roles.includes(profile.role)));
  return { items, ...(byEmail.more || byName.more ? { truncated: true } : {}) };
}

export function listUsers(query: { q?: string; role: UserRoleFilter; cursor?: string }): Promise<AdminUsersPage> {
  return query.q ? search(query.q, query.role) : browse(query.role, query.cursor);
}

/** The stat cards, from the user counters and the active-day counters (one GetItem, one BatchGet of 7). */
export async function userStats(now: Date = new Date()): Promise<UserStats> {
  const [{ Item }, activeWeek] = await Promise.all([table.get({ Key: USER_COUNTERS_KEY }), activeUsers(7, now)]);
  const count = (name: string) => (typeof Item?.[name] === 'number' ? Math.max(0, Item[name] as number) : 0);
  return {
    total: count('total'),
    admins: count('admin') + count('superadmin'),
    organizers: count('organizer'),
    athletes: count('athlete'),
    newThisMonth: count(`created#${todayInNewYork(now).slice(0, 7)}`),
    activeWeek,
  };
}

export async function getUser(id: string): Promise<Profile> {
  const profile = await getProfile(id);
  if (!profile) throw new NotFoundError('User not found');
  return profile;
}

/** An admin's role change, under the rules above; recorded in the activity record with the reason. */
export async function changeUserRole(caller: Caller, id: string, role: Role, reason: string | undefined, now: Date = new Date()): Promise<Profile> {
  if (id === caller.sub) throw new ForbiddenError('You cannot change your own role. Ask another administrator.');
  const current = await getUser(id);
  if (current.role === role) return current;
  if ((ADMIN_ROLES.includes(role) || ADMIN_ROLES.includes(current.role)) && caller.profile.role !== 'superadmin') {
    throw new ForbiddenError('Only a super admin can grant or remove the admin roles.');
  }
  const items = roleChangeItems(current, role, { actorId: caller.sub, ...(reason ? { reason } : {}), now });
  const demotingSuperAdmin = current.role === 'superadmin';
  // The counters' own update carries the check (a transaction may touch an item once): another super admin left.
  const counterIndex = items.findIndex((item) => item.Update?.Key?.PK === USER_COUNTERS_KEY.PK && item.Update.Key.SK === USER_COUNTERS_KEY.SK);
  const counterUpdate = items[counterIndex]?.Update;
  if (demotingSuperAdmin && counterUpdate) {
    counterUpdate.ConditionExpression = 'superadmin > :oneSuperAdmin';
    counterUpdate.ExpressionAttributeValues = { ...counterUpdate.ExpressionAttributeValues, ':oneSuperAdmin': 1 };
  }
  const changed = () => new ConflictError('The role changed meanwhile; reload and try again.');
  await transact(() => items, {
    attempts: 1,
    onExhausted: changed,
    ifOtherwiseCancelled: changed,
    ifAnyConditionFails: ({ failedAt }) =>
      demotingSuperAdmin && failedAt(counterIndex) ? new ConflictError('RaceFinder needs at least one super admin: make someone else a super admin first.') : changed(),
  });
  return { ...current, role };
}
