/**
 * A failed API call: the HTTP status (0 when the server was not reached) and the server's error message and
 * field errors. Kept free of schema code so any page can test `instanceof ApiError` without loading zod.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string[]>,
    /** Facts to act on beyond the message (a refused plan's earliest race date). */
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }

  /** Gateway and availability failures worth retrying (502/503/504) and network failures. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

/** A message fit to show a person, whatever was thrown. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
