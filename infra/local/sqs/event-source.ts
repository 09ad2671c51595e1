/**
 * A local Lambda event source mapping for an SQS queue: what AWS runs between the notification queue and the
 * sender Lambda, run in-process against the SQS stand-in (or any SQS endpoint) with the official client, so the
 * sender's handler gets the event it gets in AWS and its answer has the same effect:
 *
 * - it long-polls the queue (WaitTimeSeconds 20, every system and message attribute asked for), gathers up to
 *   `batchSize` messages, waiting up to `maximumBatchingWindowMs` for more once the first arrives, and calls the
 *   handler with an SQSEvent built as Lambda builds it (records with messageId, receiptHandle, body, attributes,
 *   messageAttributes, md5OfBody, eventSource `aws:sqs`, eventSourceARN, awsRegion);
 * - ReportBatchItemFailures: it deletes the records not named in `batchItemFailures`. A handler that throws, or
 *   answers with something Lambda cannot read (an itemIdentifier that is empty or not a message of the batch,
 *   a batchItemFailures that is not a list), failed the whole batch, and nothing is deleted. Records not
 *   deleted come back after the queue's visibility timeout, and the queue's redrive policy sends them to its
 *   dead-letter queue in the end, exactly as in AWS.
 *
 * One batch at a time (AWS runs up to five pollers and many concurrent invocations: locally, order and logs are
 * easier to follow this way). `stop()` ends the long poll in progress and resolves once the batch in hand is
 * done; `drained()` resolves once the queue is empty with nothing in flight, for tests.
 */
import type { SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord, SQSRecordAttributes } from 'aws-lambda';
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
  type MessageAttributeValue,
} from '@aws-sdk/client-sqs';
import * as z from 'zod';

export interface SqsEventSourceOptions {
  /** The client to poll with; or give `endpoint` and one is made (local credentials, us-east-1) and destroyed on stop. */
  readonly client?: SQSClient;
  readonly endpoint?: string;
  readonly queueUrl: string;
  /** Records per event, 1 to 10. */
  readonly batchSize: number;
  /** How long to wait for a full batch once a first message is in (Lambda's MaximumBatchingWindowInSeconds); 0 by default. */
  readonly maximumBatchingWindowMs?: number;
  readonly handler: (event: SQSEvent) => Promise<SQSBatchResponse | void>;
  /** Failed receives, handlers and deletes (default console.warn); the mapping goes on polling. */
  readonly onError?: (error: unknown, during: 'receive' | 'handler' | 'delete') => void;
}

export interface SqsEventSource {
  /** Ends the long poll in progress; resolves once the batch in hand (handler and deletes) is done. */
  stop(): Promise<void>;
  /** Resolves when the queue has no visible, in-flight or delayed message and no batch is being handled. */
  drained(): Promise<void>;
  /** Batches handed to the handler so far. */
  readonly batches: number;
}

const OptionsSchema = z.object({
  queueUrl: z.url(),
  batchSize: z.int().min(1).max(10),
  maximumBatchingWindowMs: z.int().min(0).max(300_000).default(0),
});

/** What Lambda reads of a handler's answer; anything else fails the whole batch. */
const BatchResponseSchema = z
  .object({ batchItemFailures: z.array(z.object({ itemIdentifier: z.string().min(1) })).nullish() })
  .nullish();

/** SQS's longest long poll, which Lambda's pollers use. */
const LONG_POLL_SECONDS = 20;
/** A failing receive (the stand-in not up yet, a typo in the URL) is tried again after this, doubling up to the cap. */
const RETRY_MS = 200;
const MAX_RETRY_MS = 10_000;
const DRAINED_CHECK_MS = 20;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
    if (signal.aborted) done();
  });

function recordAttributes(message: Message): SQSRecordAttributes {
  const attributes = message.Attributes ?? {};
  // Lambda's order: the four every record has, then the rest SQS returned.
  const { ApproximateReceiveCount = '', SentTimestamp = '', SenderId = '', ApproximateFirstReceiveTimestamp = '', ...rest } = attributes;
  return { ApproximateReceiveCount, SentTimestamp, SenderId, ApproximateFirstReceiveTimestamp, ...rest };
}

function recordMessageAttributes(attributes: Record<string, MessageAttributeValue> | undefined): SQSMessageAttributes {
  const record: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(attributes ?? {})) {
    // Lambda writes both list members, always empty (SQS reserves them), and binary values in base64.
    record[name] = {
      ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
      ...(value.BinaryValue !== undefined ? { binaryValue: Buffer.from(value.BinaryValue).toString('base64') } : {}),
      stringListValues: [],
      binaryListValues: [],
      dataType: value.DataType ?? 'String',
    };
  }
  return record;
}

/** The record Lambda hands a function for one message. */
export function sqsRecord(message: Message, eventSourceARN: string): SQSRecord {
  const awsRegion = eventSourceARN.split(':')[3] ?? '';
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: recordAttributes(message),
    messageAttributes: recordMessageAttributes(message.MessageAttributes),
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN,
    awsRegion,
  };
}

/**
 * The message ids the handler's answer leaves to come back, or 'all' when the batch failed whole: an answer
 * Lambda cannot read, or one naming a message that is not in the batch.
 */
export function failedMessageIds(answer: unknown, batch: readonly SQSRecord[]): ReadonlySet<string> | 'all' {
  const parsed = BatchResponseSchema.safeParse(answer);
  if (!parsed.success) return 'all';
  const ids = new Set(batch.map((record) => record.messageId));
  const failed = new Set<string>();
  for (const { itemIdentifier } of parsed.data?.batchItemFailures ?? []) {
    if (!ids.has(itemIdentifier)) return 'all';
    failed.add(itemIdentifier);
  }
  return failed;
}

export async function startSqsEventSource(options: SqsEventSourceOptions): Promise<SqsEventSource> {
  const parsed = OptionsSchema.safeParse(options);
  if (!parsed.success) throw new Error(`SQS event source: invalid options: ${z.prettifyError(parsed.error)}`);
  const { queueUrl, batchSize, maximumBatchingWindowMs } = parsed.data;
  if (!options.client && !options.endpoint) throw new Error('SQS event source: give a client or an endpoint.');
  const ownClient = options.client
    ? undefined
    : new SQSClient({ endpoint: options.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const client = options.client ?? ownClient!;
  const onError = options.onError ?? ((error: unknown, during: string) => console.warn(`SQS event source (${queueUrl}), ${during}: ${error instanceof Error ? error.message : String(error)}`));

  // The ARN goes in every record, as Lambda's mapping knows it; asking also proves the queue exists before polling starts.
  const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }));
  const eventSourceARN = Attributes?.QueueArn ?? '';

  const stopping = new AbortController();
  let busy = false;
  let batches = 0;

  const receive = (max: number, waitSeconds: number) =>
    client
      .send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: max,
          WaitTimeSeconds: waitSeconds,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
        { abortSignal: stopping.signal },
      )
      .then((output) => output.Messages ?? []);

  /** A first message by long poll, then more until the batch is full or the batching window is over. */
  const gather = async (): Promise<Message[]> => {
    const batch = await receive(batchSize, LONG_POLL_SECONDS);
    if (batch.length === 0) return batch;
    const deadline = Date.now() + maximumBatchingWindowMs;
    while (batch.length < batchSize && !stopping.signal.aborted) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      let more: Message[];
      try {
        // Whole seconds of long poll while they fit in the window; short polls a little apart for the rest.
        more = await receive(batchSize - batch.length, Math.min(LONG_POLL_SECONDS, Math.floor(remaining / 1000)));
      } catch (error) {
        // The messages in hand are received and hidden: they go to the handler (or back, when stopping), not astray.
        if (!stopping.signal.aborted) onError(error, 'receive');
        break;
      }
      batch.push(...more);
      if (more.length === 0 && remaining < 1000) await sleep(Math.min(remaining, 50), stopping.signal);
    }
    return batch;
  };

  /** Gathered messages the handler will not see: visible again at once rather than after the visibility timeout. */
  const release = async (messages: readonly Message[]) => {
    if (messages.length === 0) return;
    await client
      .send(
        new ChangeMessageVisibilityBatchCommand({
          QueueUrl: queueUrl,
          Entries: messages.map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle ?? '', VisibilityTimeout: 0 })),
        }),
      )
      .catch((error: unknown) => onError(error, 'receive'));
  };

  const handleBatch = async (messages: readonly Message[]) => {
    const records = messages.map((message) => sqsRecord(message, eventSourceARN));
    batches += 1;
    let failed: ReadonlySet<string> | 'all';
    try {
      const answer = await options.handler({ Records: records });
      failed = failedMessageIds(answer, records);
      if (failed === 'all') onError(new Error(`The handler's answer fails the whole batch, as Lambda reads it: ${JSON.stringify(answer)}`), 'handler');
    } catch (error) {
      onError(error, 'handler');
      failed = 'all';
    }
    if (failed === 'all') return;
    const done = records.filter((record) => !failed.has(record.messageId));
    if (done.length === 0) return;
    try {
      const output = await client.send(
        new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: done.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })) }),
      );
      for (const failure of output.Failed ?? []) onError(new Error(`DeleteMessageBatch: ${failure.Code}: ${failure.Message}`), 'delete');
    } catch (error) {
      onError(error, 'delete');
    }
  };

  const poll = async () => {
    let retryMs = RETRY_MS;
    while (!stopping.signal.aborted) {
      let messages: Message[];
      try {
        messages = await gather();
        retryMs = RETRY_MS;
      } catch (error) {
        if (stopping.signal.aborted) break;
        onError(error, 'receive');
        await sleep(retryMs, stopping.signal);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        continue;
      }
      if (messages.length === 0) continue;
      if (stopping.signal.aborted) {
        await release(messages);
        break;
      }
      busy = true;
      try {
        await handleBatch(messages);
      } finally {
        busy = false;
      }
    }
  };
  const polling = poll();

  return {
    get batches() {
      return batches;
    },
    stop: async () => {
      stopping.abort();
      await polling;
      ownClient?.destroy();
    },
    drained: async () => {
      for (;;) {
        if (!busy) {
          const { Attributes: counts } = await client.send(
            new GetQueueAttributesCommand({
              QueueUrl: queueUrl,
              AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
            }),
          );
          const waiting = Object.values(counts ?? {}).reduce((sum, count) => sum + Number(count), 0);
          if (waiting === 0 && !busy) return;
        }
        await new Promise((resolve) => setTimeout(resolve, DRAINED_CHECK_MS));
      }
    },
  };
}
