/**
 * The sign-in page, told to come back to `here` (the current location's path, search and hash) once the
 * person is signed in. The sign-in page follows only same-site paths (features/auth/api/return-to.ts).
 */
export function signInPath(here: string, mode?: 'signup'): string {
  const params = new URLSearchParams(mode ? { mode } : {});
  // Home needs no way back, and the sign-in page none to itself.
  if (here !== '/' && !here.startsWith('/auth')) params.set('returnTo', here);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}
