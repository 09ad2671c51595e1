/**
 * Stripe's error wire format: `{ "error": { type, code?, param?, message } }` with the HTTP status the SDK
 * maps to its error classes (400/404 StripeInvalidRequestError, 401 StripeAuthenticationError, 402
 * StripeCardError, 403 StripePermissionError, 429 StripeRateLimitError, others StripeAPIError).
 */
export interface StripeErrorBody {
  readonly type: 'invalid_request_error' | 'authentication_error' | 'idempotency_error' | 'api_error';
  readonly code?: string;
  readonly param?: string;
  readonly message: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const invalidRequest = (body: Omit<StripeErrorBody, 'type'>, status = 400) =>
  new StripeApiError(status, { type: 'invalid_request_error', ...body });

/** What Stripe answers for an id it does not know: 404 resource_missing. */
export const noSuch = (objectName: string, id: string, param: string) =>
  invalidRequest({ code: 'resource_missing', param, message: `No such ${objectName}: '${id}'` }, 404);
