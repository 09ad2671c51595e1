import type { Profile } from '#shared/schemas/profile';

/** An account younger than this is new: its first day is a welcome, not a welcome back. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60_000;

/** 'Welcome, Nia' on a new account's first day, 'Welcome back, Nia' after it; without a first name, no name. */
export function greeting(profile: Pick<Profile, 'firstName' | 'createdAt'>, now = Date.now()): string {
  const welcome = now - Date.parse(profile.createdAt) < NEW_ACCOUNT_MS ? 'Welcome' : 'Welcome back';
  const firstName = profile.firstName?.trim();
  return firstName ? `${welcome}, ${firstName}` : welcome;
}
