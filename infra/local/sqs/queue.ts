/**
 * One local standard queue, in memory: its messages in the order they came, each visible, in flight (received
 * and hidden until its visibility timeout ends) or delayed (DelaySeconds not yet over), as SQS keeps them.
 *
 * A receive hides each message it returns for the queue's visibility timeout (or the receive's own) and counts
 * the receive. With a redrive policy, a message already received `maxReceiveCount` times is moved to the
 * dead-letter queue by the receive that would have returned it once more, as SQS moves it; the move keeps its
 * id, body, attributes, sent time and receive counts, and marks it with DeadLetterQueueSourceArn.
 *
 * Times come from the stand-in's clock (`now`), so a test can move it; a long poll waits in real time, since
 * its client does, and `changed` is how it hears of a message it could now take.
 */
import { randomUUID } from 'node:crypto';
import { SqsApiError, invalidParameterValue } from './errors.ts';
import { attributesOnTheWire, type MessageContent } from './message-content.ts';
import { queueArn } from './queue-address.ts';
import { issueReceiptHandle, readReceiptHandle } from './receipt-handles.ts';

export interface RedrivePolicy {
  /** The dead-letter queue's name (a queue of the same stand-in). */
  readonly deadLetterQueue: string;
  /** Receives a message gets before the next one moves it to the dead-letter queue (1 to 1000). */
  readonly maxReceiveCount: number;
}

export interface StoredMessage {
  readonly messageId: string;
  readonly content: MessageContent;
  /** Who sent it: the access key id the request was signed with. */
  readonly senderId: string;
  /** Epoch milliseconds. */
  readonly sentTimestamp: number;
  /** When it may be received next: its send plus DelaySeconds, or its last receive plus the visibility timeout. */
  visibleAt: number;
  receiveCount: number;
  firstReceiveTimestamp: number | undefined;
  /** The handle of its latest receive: only that one deletes it or changes its visibility. */
  receiptHandle: string | undefined;
  /** Set when a redrive moved it here. */
  deadLetterQueueSourceArn: string | undefined;
}

export type MessageState = 'visible' | 'in-flight' | 'delayed';

export interface QueueCounts {
  readonly visible: number;
  readonly inFlight: number;
  readonly delayed: number;
}

/** A message as GET /_local/queues shows it. */
export interface MessageSnapshot {
  readonly messageId: string;
  readonly state: MessageState;
  readonly body: string;
  readonly messageAttributes: ReturnType<typeof attributesOnTheWire>;
  readonly receiveCount: number;
  readonly sentAt: string;
  readonly firstReceivedAt: string | null;
  /** When a delayed or in-flight message becomes visible; null for a visible one. */
  readonly visibleAt: string | null;
  readonly deadLetterQueueSourceArn: string | null;
}

export interface QueueSnapshot extends QueueCounts {
  readonly name: string;
  readonly arn: string;
  readonly visibilityTimeoutSeconds: number;
  readonly redrive: RedrivePolicy | null;
  /** Oldest first. */
  readonly messages: readonly MessageSnapshot[];
}

const iso = (time: number) => new Date(time).toISOString();

export class LocalQueue {
  readonly arn: string;
  /** Set once every queue of the stand-in exists (a dead-letter queue may be declared after its source). */
  deadLetterQueue: LocalQueue | undefined;
  /** Insertion order is the order messages are offered in. */
  readonly #messages = new Map<string, StoredMessage>();
  readonly #waiters = new Set<() => void>();

  constructor(
    readonly name: string,
    readonly visibilityTimeoutSeconds: number,
    readonly redrive: RedrivePolicy | undefined,
    /** Epoch milliseconds. */
    readonly createdAt: number,
    private readonly now: () => number,
  ) {
    this.arn = queueArn(name);
  }

  send(content: MessageContent, options: { readonly delaySeconds: number; readonly senderId: string }): StoredMessage {
    const now = this.now();
    const message: StoredMessage = {
      messageId: randomUUID(),
      content,
      senderId: options.senderId,
      sentTimestamp: now,
      visibleAt: now + options.delaySeconds * 1000,
      receiveCount: 0,
      firstReceiveTimestamp: undefined,
      receiptHandle: undefined,
      deadLetterQueueSourceArn: undefined,
    };
    this.#messages.set(message.messageId, message);
    this.#notify();
    return message;
  }

  /**
   * Up to `max` visible messages, each now hidden for `visibilityTimeoutSeconds` with a new receipt handle; those
   * past the redrive policy's count go to the dead-letter queue instead.
   */
  receive(max: number, visibilityTimeoutSeconds: number): StoredMessage[] {
    const now = this.now();
    const taken: StoredMessage[] = [];
    for (const message of this.#messages.values()) {
      if (taken.length >= max) break;
      if (message.visibleAt > now) continue;
      if (this.redrive && this.deadLetterQueue && message.receiveCount >= this.redrive.maxReceiveCount) {
        this.#messages.delete(message.messageId);
        this.deadLetterQueue.#adopt(message, this.arn);
        continue;
      }
      message.receiveCount += 1;
      message.firstReceiveTimestamp ??= now;
      message.visibleAt = now + visibilityTimeoutSeconds * 1000;
      message.receiptHandle = issueReceiptHandle(this.name, message.messageId, message.receiveCount);
      taken.push(message);
    }
    return taken;
  }

  /**
   * Deletes the message the handle was issued for. A handle of a message already deleted, or of an earlier
   * receive of one received again since, succeeds without deleting anything, as SQS documents for standard queues.
   */
  delete(receiptHandle: string): void {
    const message = this.#messageOf(receiptHandle);
    if (message && message.receiptHandle === receiptHandle) this.#messages.delete(message.messageId);
  }

  /** Hides the message for `seconds` from now; 0 makes it visible at once. */
  changeVisibility(receiptHandle: string, seconds: number): void {
    const message = this.#messageOf(receiptHandle);
    if (!message || message.receiptHandle !== receiptHandle) {
      throw invalidParameterValue(`Value ${receiptHandle} for parameter ReceiptHandle is invalid. Reason: The receipt handle has expired.`);
    }
    const now = this.now();
    if (message.visibleAt <= now) throw new SqsApiError('MessageNotInflight', 'The message referred to is not in flight: its visibility timeout is over.');
    message.visibleAt = now + seconds * 1000;
    // A long poll sleeps until the next hidden message's time (operations.ts): an earlier one must wake it to look again.
    this.#notify();
  }

  purge(): void {
    this.#messages.clear();
  }

  counts(): QueueCounts {
    const now = this.now();
    let visible = 0;
    let inFlight = 0;
    let delayed = 0;
    for (const message of this.#messages.values()) {
      const state = this.#stateOf(message, now);
      if (state === 'visible') visible += 1;
      else if (state === 'in-flight') inFlight += 1;
      else delayed += 1;
    }
    return { visible, inFlight, delayed };
  }

  /** Milliseconds until the next hidden message becomes visible by the clock, or undefined when none is hidden. */
  untilNextVisible(): number | undefined {
    const now = this.now();
    let next: number | undefined;
    for (const message of this.#messages.values()) {
      if (message.visibleAt > now && (next === undefined || message.visibleAt < next)) next = message.visibleAt;
    }
    return next === undefined ? undefined : next - now;
  }

  /** Resolves when a message may have become receivable, after `timeoutMs`, or when `signal` aborts, whichever is first. */
  changed(timeoutMs: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      this.#waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
      if (signal.aborted) done();
    });
  }

  snapshot(): QueueSnapshot {
    const now = this.now();
    const messages = [...this.#messages.values()].map((message): MessageSnapshot => {
      const state = this.#stateOf(message, now);
      return {
        messageId: message.messageId,
        state,
        body: message.content.body,
        messageAttributes: attributesOnTheWire(message.content.attributes),
        receiveCount: message.receiveCount,
        sentAt: iso(message.sentTimestamp),
        firstReceivedAt: message.firstReceiveTimestamp === undefined ? null : iso(message.firstReceiveTimestamp),
        visibleAt: state === 'visible' ? null : iso(message.visibleAt),
        deadLetterQueueSourceArn: message.deadLetterQueueSourceArn ?? null,
      };
    });
    return {
      name: this.name,
      arn: this.arn,
      visibilityTimeoutSeconds: this.visibilityTimeoutSeconds,
      redrive: this.redrive ?? null,
      ...this.counts(),
      messages,
    };
  }

  /** A message a redrive moved here: receivable at once. */
  #adopt(message: StoredMessage, sourceArn: string): void {
    message.visibleAt = this.now();
    message.receiptHandle = undefined;
    message.deadLetterQueueSourceArn = sourceArn;
    this.#messages.set(message.messageId, message);
    this.#notify();
  }

  #messageOf(receiptHandle: string): StoredMessage | undefined {
    const handle = readReceiptHandle(receiptHandle);
    if (!handle || handle.q !== this.name) {
      throw new SqsApiError('ReceiptHandleIsInvalid', `The input receipt handle "${receiptHandle}" is not a valid receipt handle for queue ${this.name}.`);
    }
    return this.#messages.get(handle.m);
  }

  #stateOf(message: StoredMessage, now: number): MessageState {
    if (message.visibleAt <= now) return 'visible';
    return message.receiveCount > 0 ? 'in-flight' : 'delayed';
  }

  #notify(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}
