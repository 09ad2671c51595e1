/**
 * Where signing in (or an edit form) sends a person back to: the page they were on (lib/sign-in-path.ts puts it
 * in the sign-in link).
 * The value travels in the URL
 * (/auth?returnTo=...), so anyone can craft it: only a path on this site is followed, never another origin
 * (no open redirect: '//evil.example', '/\evil.example', 'https://...', control characters), and never
 * /auth itself.
 */
const BASE = 'https://racefinder.invalid';

export function safeReturnTo(value: string | null | undefined): string | undefined {
  if (!value || value[0] !== '/' || value.length > 2000) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  // Browsers strip tabs and newlines and read '\' as '/', so '/\t/x' or '/\x' could leave the site: URL does the same.
  if (url.origin !== BASE || /^\/auth(\/|$)/.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}
