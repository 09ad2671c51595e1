/**
 * Typed errors the domain throws; the http wrapper turns each into its status in one place
 * (lambdas/lib/http.ts). Anything else becomes a 500 with a generic body and a logged cause.
 */
export class HttpError extends Error {
  /** Facts a client can act on beyond the message (a plan refusal's earliest race date), sent as error.details. */
  details?: Readonly<Record<string, string>>;
  /** Sent as Retry-After: when a 503 or 429 is worth trying again. */
  retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, fields?: Record<string, string[]>) {
    super(400, 'bad_request', message, fields);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in to continue') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have permission to do this') {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message = 'Too many requests, try again later') {
    super(429, 'too_many_requests', message);
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(message: string) {
    super(503, 'service_unavailable', message);
  }
}

/**
 * The table could not be reached (lambdas/lib/service-unreachable.ts): the wrapper answers this for the SDK's
 * connection and timeout errors, and GET /api/health throws it for its own check.
 */
export class DatabaseUnavailableError extends HttpError {
  constructor() {
    super(503, 'database_unavailable', 'RaceFinder cannot reach its database right now. Please try again in a moment.');
    this.retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  }
}

/** Long enough for a restarted or failed-over endpoint, short enough that a person still waits. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** A write refused because maintenance mode is on (the wrapper, lambdas/lib/http.ts); its own code, so clients can say so. */
export class MaintenanceModeError extends HttpError {
  constructor(message: string) {
    super(503, 'maintenance', message);
  }
}
