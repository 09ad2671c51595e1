/** Kept apart from api-error.ts, which every page loads: only forms need this. */
import { ApiError } from './api-error.ts';

/** The server's field errors on the body ('body.website': [...]) by field name, the first message of each. */
export function bodyFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([path, messages]) => [path.replace(/^body\./, ''), messages[0] ?? 'Not valid']));
}
