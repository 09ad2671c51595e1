/**
 * Callers' profiles, for the http wrapper (lambdas/handler.ts): the stored profile, or a first sign-in's, except for
 * an account being deleted or deleted (account-deletion.ts). Its tokens stay valid for up to an hour after its user
 * is gone from the pool, and they must neither reach the account's data while it is being removed nor bring a
 * profile back afterwards: both are answered as signed out.
 */
import type { ProfileSource } from '#lib/caller';
import { UnauthorizedError } from '#lib/errors';
import { getItem } from '#lib/kit/table';
import { accountDeletionRequested } from './account-deletion.ts';
import { createProfileIfMissing, draftProfile, fromProfileItem, profileKey } from './profile.ts';

export const profileSource: ProfileSource = {
  async find(sub) {
    const item = await getItem(profileKey(sub));
    if (item?.deletionRequestedAt !== undefined) throw new UnauthorizedError();
    return item ? fromProfileItem(item) : undefined;
  },
  // Only after find found no profile: a deleted account's job outlives its profile.
  async create(identity) {
    if (await accountDeletionRequested(identity.sub)) throw new UnauthorizedError();
    return createProfileIfMissing(draftProfile(identity));
  },
  draft: (identity) => draftProfile(identity),
};
