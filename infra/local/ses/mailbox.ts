/**
 * What the SES stand-in keeps of every message it accepted, in memory: the envelope as SES was asked to send
 * it, both parts, and the header section a recipient would see (the headers SES writes from the request's fields,
 * then the caller's own Headers, in order). Only the latest `max` messages are kept, so a long `npm start` or a
 * bench that sends thousands stays bounded; `accepted` still counts them all.
 */
import { bareAddress } from './addresses.ts';

export interface MessageHeader {
  readonly name: string;
  readonly value: string;
}

export interface KeptMessage {
  /** SES's MessageId, as SendEmail answered it. */
  readonly id: string;
  readonly from: string;
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly bcc: readonly string[];
  readonly replyTo: readonly string[];
  readonly subject: string;
  /** The plain-text part, or null when the message has none. */
  readonly text: string | null;
  /** The HTML part, or null when the message has none. */
  readonly html: string | null;
  /** The message's header section as a recipient sees it (no Bcc), names as given. */
  readonly headers: readonly MessageHeader[];
  /** Kept because the real sender must name one (bounces and complaints feed the suppression list through it). */
  readonly configurationSetName: string | null;
  readonly tags: readonly MessageHeader[];
  /** ISO 8601, UTC. */
  readonly sentAt: string;
}

export const DEFAULT_MAX_KEPT = 5000;

export class Mailbox {
  /** Oldest first: appends are cheap, and readers reverse. */
  readonly #messages: KeptMessage[] = [];
  #accepted = 0;

  constructor(private readonly max = DEFAULT_MAX_KEPT) {}

  add(message: KeptMessage): void {
    this.#messages.push(message);
    this.#accepted += 1;
    if (this.#messages.length > this.max) this.#messages.splice(0, this.#messages.length - this.max);
  }

  /** Newest first; with `to`, only messages that address it in To, Cc or Bcc (any of them reaches that person). */
  list(to?: string): KeptMessage[] {
    const wanted = to === undefined ? undefined : (bareAddress(to) ?? to.trim().toLowerCase());
    const newestFirst = [...this.#messages].reverse();
    if (wanted === undefined) return newestFirst;
    return newestFirst.filter((message) => [...message.to, ...message.cc, ...message.bcc].some((raw) => bareAddress(raw) === wanted));
  }

  get(id: string): KeptMessage | undefined {
    return this.#messages.find((message) => message.id === id);
  }

  /** Every message accepted since the start (or the last clear), including those no longer kept. */
  get accepted(): number {
    return this.#accepted;
  }

  clear(): void {
    this.#messages.length = 0;
    this.#accepted = 0;
  }
}
