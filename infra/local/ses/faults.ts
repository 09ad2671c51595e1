/**
 * Faults the SES stand-in injects into SendEmail, so a sender can be tested for what it does when SES says no:
 * the next `count` sends (to `to` only, when given) fail instead of being kept. The answers are SES's own:
 *
 *   throttled     429 TooManyRequestsException "Maximum sending rate exceeded." (the SDK retries it)
 *   server_error  500 InternalServiceErrorException (the SDK retries it)
 *   rejected      400 MessageRejected (not retried: the sender must keep the message, for the dead-letter queue)
 *
 * A request that is invalid anyway is refused for that reason and spends no fault.
 */
import * as z from 'zod';
import { SesApiError } from './errors.ts';

export const SES_FAULT_KINDS = ['throttled', 'server_error', 'rejected'] as const;

export const SesFaultSchema = z.strictObject({
  kind: z.enum(SES_FAULT_KINDS),
  count: z.int().min(1).max(100_000).default(1),
  to: z.email().optional(),
});
export type SesFaultInput = z.input<typeof SesFaultSchema>;

export interface SesFault {
  readonly kind: (typeof SES_FAULT_KINDS)[number];
  /** Sends still to fail. */
  remaining: number;
  readonly to?: string;
}

/** Says it is injected, so a log line read later is not mistaken for a real SES answer. */
const INJECTED = '(injected by the local SES stand-in: POST /_local/faults)';

function errorOf(kind: SesFault['kind']): SesApiError {
  if (kind === 'throttled') return new SesApiError(429, 'TooManyRequestsException', `Maximum sending rate exceeded. ${INJECTED}`);
  if (kind === 'server_error') return new SesApiError(500, 'InternalServiceErrorException', `Internal service error. ${INJECTED}`);
  return new SesApiError(400, 'MessageRejected', `Message rejected. ${INJECTED}`);
}

export class FaultPlan {
  readonly #faults: SesFault[] = [];

  add(input: SesFaultInput): void {
    const fault = SesFaultSchema.parse(input);
    this.#faults.push({ kind: fault.kind, remaining: fault.count, ...(fault.to ? { to: fault.to.toLowerCase() } : {}) });
  }

  /** The error this send gets, spending one of the first matching fault's sends, or undefined to keep it. */
  take(recipients: readonly string[]): SesApiError | undefined {
    const fault = this.#faults.find((candidate) => candidate.remaining > 0 && (!candidate.to || recipients.includes(candidate.to)));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.#faults.splice(this.#faults.indexOf(fault), 1);
    return errorOf(fault.kind);
  }

  list(): readonly SesFault[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.#faults.length = 0;
  }
}
