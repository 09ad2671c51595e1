import type { Profile } from '#shared/schemas/profile';

/** Who a post says wrote it: the admin's name from their profile, never their e-mail address. */
export function authorName(profile: Pick<Profile, 'firstName' | 'lastName'>): string {
  return [profile.firstName, profile.lastName].map((part) => part?.trim()).filter(Boolean).join(' ') || 'The RaceFinder team';
}
