/**
 * The SQS operations the stand-in serves, each taking the parsed JSON body of its request and giving back the
 * JSON body of SQS's answer, or throwing the SqsApiError SQS would answer with. Batch operations refuse the whole
 * request for what SQS refuses whole (no entries, more than 10, an Id twice or malformed, a SendMessageBatch
 * over 256 KiB in all) and answer the rest entry by entry in Successful and Failed, as SQS does.
 */
import type * as z from 'zod';
import { SqsApiError, invalidParameterValue, outOfRange } from './errors.ts';
import { MAX_MESSAGE_BYTES, acceptMessageContent, attributesOnTheWire, selectAttributes, type MessageAttributesInput } from './message-content.ts';
import { md5OfAttributes } from './message-md5.ts';
import { LOCAL_ACCOUNT_ID, queueNameOf, queueUrl } from './queue-address.ts';
import type { LocalQueue, StoredMessage } from './queue.ts';
import * as requests from './requests.ts';

export interface OperationContext {
  readonly queues: ReadonlyMap<string, LocalQueue>;
  /** The stand-in's URL, the base of queue URLs. */
  readonly baseUrl: string;
  /** SenderId of the messages this request sends: the access key id it was signed with. */
  readonly senderId: string;
  /** Aborts when the client hangs up or the stand-in stops: a long poll then ends without taking a message. */
  readonly signal: AbortSignal;
  /**
   * Whether the queues' clock is a test's own (the stand-in's `now` option): a long poll then looks again every
   * LONG_POLL_RECHECK_MS, since that clock can jump past a delay or visibility timeout with no timer to see it.
   */
  readonly injectedClock: boolean;
}

type Operation = (body: unknown, context: OperationContext) => unknown;

export const MAX_BATCH_ENTRIES = 10;
export const MAX_WAIT_SECONDS = 20;
const MAX_VISIBILITY_SECONDS = 43_200;
const MAX_DELAY_SECONDS = 900;
/**
 * How often a long poll looks again without being told of a change, when a test's clock drives the queues: a message
 * also becomes receivable when its delay or visibility timeout ends, and such a clock can jump there with no timer
 * to see it coming. On the real clock a long poll sleeps until a send, the next hidden message's time or its end:
 * the local stack keeps a long poll open on every queue, and looking ten times a second on each was most of an idle
 * stack's CPU.
 */
const LONG_POLL_RECHECK_MS = 100;

/** The parsed request, or SQS's MissingParameter or InvalidParameterValue answer. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body, { reportInput: true });
  if (parsed.success) return parsed.data;
  const missing = parsed.error.issues.find((issue) => issue.code === 'invalid_type' && issue.input === undefined && issue.path.length === 1);
  if (missing) throw new SqsApiError('MissingParameter', `The request must contain the parameter ${String(missing.path[0])}.`);
  throw invalidParameterValue(requests.validationMessage(parsed.error));
}

function queueOf(context: OperationContext, url: string): LocalQueue {
  const name = queueNameOf(url);
  const queue = context.queues.get(name);
  if (!queue) {
    throw new SqsApiError('QueueDoesNotExist', `The specified queue does not exist: ${name} (the local SQS stand-in has ${[...context.queues.keys()].join(', ') || 'no queues'}).`);
  }
  return queue;
}

function inRange(parameter: string, value: number, min: number, max: number, reason = `Must be >= ${min} and <= ${max}, if provided.`): number {
  if (value < min || value > max) throw outOfRange(parameter, value, reason);
  return value;
}

const BATCH_ENTRY_ID = /^[A-Za-z0-9_-]{1,80}$/;

function checkBatch<Entry extends { readonly Id: string }>(entries: readonly Entry[] | undefined, entryName: string): readonly Entry[] {
  if (!entries || entries.length === 0) throw new SqsApiError('EmptyBatchRequest', `There should be at least one ${entryName} in the request.`);
  if (entries.length > MAX_BATCH_ENTRIES) {
    throw new SqsApiError('TooManyEntriesInBatchRequest', `Maximum number of entries per request are ${MAX_BATCH_ENTRIES}. You have sent ${entries.length}.`);
  }
  const seen = new Set<string>();
  for (const { Id: id } of entries) {
    if (!BATCH_ENTRY_ID.test(id)) {
      throw new SqsApiError('InvalidBatchEntryId', `A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long: '${id}'.`);
    }
    if (seen.has(id)) throw new SqsApiError('BatchEntryIdsNotDistinct', `Id ${id} repeated.`);
    seen.add(id);
  }
  return entries;
}

interface BatchResult<Success> {
  Successful: Success[];
  Failed: { Id: string; SenderFault: boolean; Code: string; Message: string }[];
}

/** Runs each entry; SQS's own refusals become Failed entries, anything else is a bug and fails the request. */
function eachEntry<Entry extends { readonly Id: string }, Success>(entries: readonly Entry[], run: (entry: Entry) => Success): BatchResult<Success> {
  const result: BatchResult<Success> = { Successful: [], Failed: [] };
  for (const entry of entries) {
    try {
      result.Successful.push(run(entry));
    } catch (error) {
      if (!(error instanceof SqsApiError)) throw error;
      result.Failed.push({ Id: entry.Id, SenderFault: error.fault === 'Sender', Code: error.code, Message: error.message });
    }
  }
  return result;
}

interface MessageInput {
  readonly MessageBody?: string | undefined;
  readonly DelaySeconds?: number | undefined;
  readonly MessageAttributes?: MessageAttributesInput | undefined;
  readonly MessageSystemAttributes?: MessageAttributesInput | undefined;
  readonly MessageDeduplicationId?: string | undefined;
}

function sendOne(queue: LocalQueue, input: MessageInput, context: OperationContext) {
  const delaySeconds = inRange('DelaySeconds', input.DelaySeconds ?? 0, 0, MAX_DELAY_SECONDS, `DelaySeconds must be >= 0 and <= ${MAX_DELAY_SECONDS}.`);
  if (input.MessageDeduplicationId !== undefined) {
    throw invalidParameterValue('The request include parameter that is not valid for this queue type: MessageDeduplicationId is for FIFO queues, which the local SQS stand-in does not model.');
  }
  // MessageGroupId is taken and not kept: on a standard queue SQS uses it only to share receives fairly among
  // groups (fair queues), which one local consumer never notices.
  const content = acceptMessageContent(input);
  const message = queue.send(content, { delaySeconds, senderId: context.senderId });
  return {
    MessageId: message.messageId,
    MD5OfMessageBody: content.md5OfBody,
    ...(content.md5OfAttributes ? { MD5OfMessageAttributes: content.md5OfAttributes } : {}),
    ...(content.md5OfSystemAttributes ? { MD5OfMessageSystemAttributes: content.md5OfSystemAttributes } : {}),
  };
}

/** A batch's bytes as SQS counts them for BatchRequestTooLong: every entry's body and attributes, before any check. */
function batchBytes(entries: readonly MessageInput[]): number {
  let bytes = 0;
  for (const entry of entries) {
    bytes += Buffer.byteLength(entry.MessageBody ?? '', 'utf8');
    for (const [name, value] of Object.entries(entry.MessageAttributes ?? {})) {
      bytes += Buffer.byteLength(name, 'utf8') + Buffer.byteLength(value.DataType, 'utf8');
      bytes += value.BinaryValue !== undefined ? Buffer.from(value.BinaryValue, 'base64').length : Buffer.byteLength(value.StringValue ?? '', 'utf8');
    }
  }
  return bytes;
}

/** The system attributes a receive may ask for; SequenceNumber and MessageDeduplicationId exist on FIFO queues only. */
const MESSAGE_SYSTEM_ATTRIBUTES = [
  'SenderId',
  'SentTimestamp',
  'ApproximateReceiveCount',
  'ApproximateFirstReceiveTimestamp',
  'SequenceNumber',
  'MessageDeduplicationId',
  'MessageGroupId',
  'AWSTraceHeader',
  'DeadLetterQueueSourceArn',
] as const;
type MessageSystemAttribute = (typeof MESSAGE_SYSTEM_ATTRIBUTES)[number];

function systemAttributesAskedFor(names: readonly string[]): ReadonlySet<MessageSystemAttribute> {
  if (names.includes('All')) return new Set(MESSAGE_SYSTEM_ATTRIBUTES);
  const asked = new Set<MessageSystemAttribute>();
  for (const name of names) {
    if (!(MESSAGE_SYSTEM_ATTRIBUTES as readonly string[]).includes(name)) {
      throw new SqsApiError('InvalidAttributeName', `Unknown Attribute ${name}. A receive may ask for All, ${MESSAGE_SYSTEM_ATTRIBUTES.join(', ')}.`);
    }
    asked.add(name as MessageSystemAttribute);
  }
  return asked;
}

function systemAttributesOf(message: StoredMessage, asked: ReadonlySet<MessageSystemAttribute>): Record<string, string> {
  const values: Partial<Record<MessageSystemAttribute, string>> = {
    SenderId: message.senderId,
    SentTimestamp: String(message.sentTimestamp),
    ApproximateReceiveCount: String(message.receiveCount),
    ApproximateFirstReceiveTimestamp: message.firstReceiveTimestamp === undefined ? undefined : String(message.firstReceiveTimestamp),
    AWSTraceHeader: message.content.systemAttributes['AWSTraceHeader']?.stringValue,
    DeadLetterQueueSourceArn: message.deadLetterQueueSourceArn,
  };
  const attributes: Record<string, string> = {};
  for (const name of MESSAGE_SYSTEM_ATTRIBUTES) {
    const value = values[name];
    if (asked.has(name) && value !== undefined) attributes[name] = value;
  }
  return attributes;
}

function receivedMessage(message: StoredMessage, systemNames: ReadonlySet<MessageSystemAttribute>, attributeNames: readonly string[]) {
  const attributes = systemAttributesOf(message, systemNames);
  const selected = selectAttributes(message.content.attributes, attributeNames);
  // The digest of the attributes returned, which is what a client can check.
  const md5 = md5OfAttributes(selected);
  return {
    MessageId: message.messageId,
    ReceiptHandle: message.receiptHandle,
    MD5OfBody: message.content.md5OfBody,
    Body: message.content.body,
    ...(Object.keys(attributes).length ? { Attributes: attributes } : {}),
    ...(md5 ? { MD5OfMessageAttributes: md5, MessageAttributes: attributesOnTheWire(selected) } : {}),
  };
}

async function receiveMessage(body: unknown, context: OperationContext) {
  const request = parse(requests.ReceiveMessageRequest, body);
  const queue = queueOf(context, request.QueueUrl);
  const max = inRange('MaxNumberOfMessages', request.MaxNumberOfMessages ?? 1, 1, MAX_BATCH_ENTRIES, `Must be between 1 and ${MAX_BATCH_ENTRIES}, if provided.`);
  const visibility = inRange('VisibilityTimeout', request.VisibilityTimeout ?? queue.visibilityTimeoutSeconds, 0, MAX_VISIBILITY_SECONDS);
  const waitSeconds = inRange('WaitTimeSeconds', request.WaitTimeSeconds ?? 0, 0, MAX_WAIT_SECONDS);
  const systemNames = systemAttributesAskedFor([...(request.AttributeNames ?? []), ...(request.MessageSystemAttributeNames ?? [])]);
  const attributeNames = request.MessageAttributeNames ?? [];
  const deadline = Date.now() + waitSeconds * 1000;
  for (let waited = false; ; waited = true) {
    // A client that hung up takes nothing: the messages would stay hidden with no one to handle them. After a
    // wait, the I/O already in is let through first: a poller that gave up (an event source stopping) and a
    // send that woke this poll can arrive together, and the send must not go to the poller that is gone.
    if (waited) await new Promise((resolve) => setImmediate(resolve));
    if (context.signal.aborted) return {};
    const taken = queue.receive(max, visibility);
    if (taken.length > 0) return { Messages: taken.map((message) => receivedMessage(message, systemNames, attributeNames)) };
    const remaining = deadline - Date.now();
    // SQS answers an empty receive with no Messages member at all.
    if (remaining <= 0) return {};
    const recheck = context.injectedClock ? LONG_POLL_RECHECK_MS : remaining;
    await queue.changed(Math.min(remaining, queue.untilNextVisible() ?? remaining, recheck), context.signal);
  }
}

/** Every queue attribute name SQS knows; those that do not apply to a local standard queue are simply not answered, as SQS leaves out unset ones. */
const QUEUE_ATTRIBUTE_NAMES = new Set([
  'All', 'Policy', 'VisibilityTimeout', 'MaximumMessageSize', 'MessageRetentionPeriod', 'ApproximateNumberOfMessages',
  'ApproximateNumberOfMessagesNotVisible', 'CreatedTimestamp', 'LastModifiedTimestamp', 'QueueArn',
  'ApproximateNumberOfMessagesDelayed', 'DelaySeconds', 'ReceiveMessageWaitTimeSeconds', 'RedrivePolicy', 'FifoQueue',
  'ContentBasedDeduplication', 'KmsMasterKeyId', 'KmsDataKeyReusePeriodSeconds', 'DeduplicationScope', 'FifoThroughputLimit',
  'RedriveAllowPolicy', 'SqsManagedSseEnabled',
]);

function getQueueAttributes(body: unknown, context: OperationContext) {
  const request = parse(requests.GetQueueAttributesRequest, body);
  const queue = queueOf(context, request.QueueUrl);
  const names = request.AttributeNames ?? [];
  const unknown = names.find((name) => !QUEUE_ATTRIBUTE_NAMES.has(name));
  if (unknown !== undefined) throw new SqsApiError('InvalidAttributeName', `Unknown Attribute ${unknown}.`);
  const counts = queue.counts();
  const createdSeconds = String(Math.floor(queue.createdAt / 1000));
  const all: Record<string, string | undefined> = {
    QueueArn: queue.arn,
    ApproximateNumberOfMessages: String(counts.visible),
    ApproximateNumberOfMessagesNotVisible: String(counts.inFlight),
    ApproximateNumberOfMessagesDelayed: String(counts.delayed),
    CreatedTimestamp: createdSeconds,
    LastModifiedTimestamp: createdSeconds,
    VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
    MaximumMessageSize: String(MAX_MESSAGE_BYTES),
    MessageRetentionPeriod: '345600',
    DelaySeconds: '0',
    ReceiveMessageWaitTimeSeconds: '0',
    RedrivePolicy: queue.redrive && queue.deadLetterQueue
      ? JSON.stringify({ deadLetterTargetArn: queue.deadLetterQueue.arn, maxReceiveCount: queue.redrive.maxReceiveCount })
      : undefined,
  };
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(all)) {
    if (value !== undefined && (names.includes('All') || names.includes(name))) attributes[name] = value;
  }
  // SQS leaves the member out when nothing was asked for.
  return Object.keys(attributes).length ? { Attributes: attributes } : {};
}

function getQueueUrl(body: unknown, context: OperationContext) {
  const request = parse(requests.GetQueueUrlRequest, body);
  if (request.QueueOwnerAWSAccountId !== undefined && request.QueueOwnerAWSAccountId !== LOCAL_ACCOUNT_ID) {
    throw new SqsApiError('QueueDoesNotExist', `The specified queue does not exist: account ${request.QueueOwnerAWSAccountId} has no queues here (the local account is ${LOCAL_ACCOUNT_ID}).`);
  }
  if (!context.queues.has(request.QueueName)) {
    throw new SqsApiError('QueueDoesNotExist', `The specified queue does not exist: ${request.QueueName} (the local SQS stand-in has ${[...context.queues.keys()].join(', ') || 'no queues'}).`);
  }
  return { QueueUrl: queueUrl(context.baseUrl, request.QueueName) };
}

function sendMessage(body: unknown, context: OperationContext) {
  const request = parse(requests.SendMessageRequest, body);
  return sendOne(queueOf(context, request.QueueUrl), request, context);
}

function sendMessageBatch(body: unknown, context: OperationContext) {
  const request = parse(requests.SendMessageBatchRequest, body);
  const queue = queueOf(context, request.QueueUrl);
  const entries = checkBatch(request.Entries, 'SendMessageBatchRequestEntry');
  const bytes = batchBytes(entries);
  if (bytes > MAX_MESSAGE_BYTES) {
    throw new SqsApiError('BatchRequestTooLong', `Batch requests cannot be longer than ${MAX_MESSAGE_BYTES} bytes. You have sent ${bytes} bytes.`);
  }
  return eachEntry(entries, (entry) => ({ Id: entry.Id, ...sendOne(queue, entry, context) }));
}

function deleteMessage(body: unknown, context: OperationContext) {
  const request = parse(requests.DeleteMessageRequest, body);
  queueOf(context, request.QueueUrl).delete(request.ReceiptHandle);
  return {};
}

function deleteMessageBatch(body: unknown, context: OperationContext) {
  const request = parse(requests.DeleteMessageBatchRequest, body);
  const queue = queueOf(context, request.QueueUrl);
  const entries = checkBatch(request.Entries, 'DeleteMessageBatchRequestEntry');
  return eachEntry(entries, (entry) => {
    queue.delete(entry.ReceiptHandle);
    return { Id: entry.Id };
  });
}

const visibilityTimeout = (seconds: number) =>
  inRange('VisibilityTimeout', seconds, 0, MAX_VISIBILITY_SECONDS, `VisibilityTimeout must be an integer between 0 and ${MAX_VISIBILITY_SECONDS}.`);

function changeMessageVisibility(body: unknown, context: OperationContext) {
  const request = parse(requests.ChangeMessageVisibilityRequest, body);
  const queue = queueOf(context, request.QueueUrl);
  queue.changeVisibility(request.ReceiptHandle, visibilityTimeout(request.VisibilityTimeout));
  return {};
}

function changeMessageVisibilityBatch(body: unknown, context: OperationContext) {
  const request = parse(requests.ChangeMessageVisibilityBatchRequest, body);
  const queue = queueOf(context, request.QueueUrl);
  const entries = checkBatch(request.Entries, 'ChangeMessageVisibilityBatchRequestEntry');
  return eachEntry(entries, (entry) => {
    if (entry.VisibilityTimeout === undefined) throw new SqsApiError('MissingParameter', 'The request must contain the parameter VisibilityTimeout.');
    queue.changeVisibility(entry.ReceiptHandle, visibilityTimeout(entry.VisibilityTimeout));
    return { Id: entry.Id };
  });
}

function purgeQueue(body: unknown, context: OperationContext) {
  const request = parse(requests.PurgeQueueRequest, body);
  queueOf(context, request.QueueUrl).purge();
  return {};
}

/** A Map, not an object: the operation name comes from the request, and `constructor` is no operation. */
export const OPERATIONS: ReadonlyMap<string, Operation> = new Map<string, Operation>([
  ['GetQueueUrl', getQueueUrl],
  ['GetQueueAttributes', getQueueAttributes],
  ['SendMessage', sendMessage],
  ['SendMessageBatch', sendMessageBatch],
  ['ReceiveMessage', receiveMessage],
  ['DeleteMessage', deleteMessage],
  ['DeleteMessageBatch', deleteMessageBatch],
  ['ChangeMessageVisibility', changeMessageVisibility],
  ['ChangeMessageVisibilityBatch', changeMessageVisibilityBatch],
  ['PurgeQueue', purgeQueue],
]);

/** SQS operations the stand-in knows of but does not serve: its queues are fixed when it starts. */
export const UNSERVED_OPERATIONS = new Set([
  'AddPermission', 'CancelMessageMoveTask', 'CreateQueue', 'DeleteQueue', 'ListDeadLetterSourceQueues', 'ListMessageMoveTasks',
  'ListQueueTags', 'ListQueues', 'RemovePermission', 'SetQueueAttributes', 'StartMessageMoveTask', 'TagQueue', 'UntagQueue',
]);
