/**
 * Whether this browser may hold a session, answered without loading Amplify: Amplify keeps tokens and an
 * in-flight Google sign-in in localStorage under one prefix (its tokenProvider AUTH_KEY_PREFIX), and the
 * managed login returns to the site with `code` and `state` (or `error`) in the query string. A visitor
 * with neither is signed out for sure, so public pages need not download and start Amplify (about 40 KB
 * gzip and a config fetch) before they are usable; it loads when they go to sign in.
 */
export const AMPLIFY_STORAGE_PREFIX = 'CognitoIdentityServiceProvider.';

export function mayHaveStoredSession(storage: Pick<Storage, 'length' | 'key'> | undefined, search: string): boolean {
  const params = new URLSearchParams(search);
  if ((params.has('code') && params.has('state')) || params.has('error')) return true;
  try {
    if (!storage) return true;
    for (let index = 0; index < storage.length; index += 1) {
      if (storage.key(index)?.startsWith(AMPLIFY_STORAGE_PREFIX)) return true;
    }
    return false;
  } catch {
    // Storage that cannot be read (blocked by privacy settings): let Amplify decide.
    return true;
  }
}

/** The check for this page: its localStorage and its URL. */
export function browserMayHaveSession(): boolean {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    return true;
  }
  return mayHaveStoredSession(storage, window.location.search);
}
