import type { Profile } from '#shared/schemas/profile';

/**
 * What the app calls a signed-in user (the header, greetings): the first name from their profile, else the
 * part of the e-mail before the @ ('jordan.lee@example.com' -> 'jordan.lee'), for an account without one.
 */
export function displayName(profile: Pick<Profile, 'firstName'> | undefined, email: string): string {
  const firstName = profile?.firstName?.trim();
  if (firstName) return firstName;
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
