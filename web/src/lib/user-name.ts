/**
 * What the app calls a signed-in user (the header chip, the dashboard greeting): the part of the e-mail before
 * the @, 'jordan.lee@example.com' -> 'jordan.lee' (spec 001).
 */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
