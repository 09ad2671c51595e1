/**
 * Whether an error means an AWS service (in practice the table: nearly every request reads it) could not be
 * reached at all: the connection was refused, reset or timed out, or the name did not resolve. Such a request
 * may well succeed in a moment, so the wrapper answers 503 with Retry-After instead of a 500 that reads like a
 * bug. Only errors thrown through an AWS SDK client count (they carry `$metadata`, which the SDK's retry
 * middleware adds after its own retries), and only these transport failures: a service's answer, such as a
 * failed condition or a validation error, is not an outage.
 */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

interface SdkTransportError {
  readonly $metadata?: unknown;
  readonly code?: unknown;
  readonly name?: unknown;
  readonly cause?: unknown;
}

export function isServiceUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const candidate = error as SdkTransportError;
  // The SDK's HTTP handler names its connection and socket timeouts TimeoutError.
  const transport = (typeof candidate.code === 'string' && CONNECTION_CODES.has(candidate.code)) || candidate.name === 'TimeoutError';
  if (transport && candidate.$metadata !== undefined) return true;
  // The table kit may wrap what the client threw.
  return isServiceUnreachable(candidate.cause, depth + 1);
}
