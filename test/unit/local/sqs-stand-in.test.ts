/**
 * The local SQS stand-in driven by the official `@aws-sdk/client-sqs`, as the producers and the sender's event
 * source will drive it: send, receive and delete with the digests the SDK checks, visibility timeouts and their
 * changes, redrive to the dead-letter queue, long polling, SQS's typed errors for what SQS refuses, and the
 * /_local/queues view. The clock is the test's, so no test waits for a visibility timeout to pass.
 */
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  BatchEntryIdsNotDistinct,
  BatchRequestTooLong,
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  EmptyBatchRequest,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  InvalidAttributeName,
  InvalidBatchEntryId,
  InvalidMessageContents,
  MessageNotInflight,
  PurgeQueueCommand,
  QueueDoesNotExist,
  ReceiptHandleIsInvalid,
  ReceiveMessageCommand,
  SQSClient,
  SQSServiceException,
  SendMessageBatchCommand,
  SendMessageCommand,
  TooManyEntriesInBatchRequest,
  UnsupportedOperation,
  type Message,
  type MessageAttributeValue,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSqsStandIn, type LocalQueueView, type SqsStandIn } from '../../../infra/local/sqs/stand-in.ts';

const START = Date.UTC(2026, 10, 28, 21, 0, 0);
let clock = START;
let standIn: SqsStandIn;
/** No retries: each test sees SQS's first answer. */
let client: SQSClient;
const logged: string[] = [];
let notifications: string;
let deadLetters: string;
let plain: string;

beforeAll(async () => {
  standIn = await startSqsStandIn({
    now: () => clock,
    log: (line) => logged.push(line),
    queues: [
      { name: 'notifications', visibilityTimeoutSeconds: 30, redrive: { deadLetterQueue: 'notifications-dlq', maxReceiveCount: 2 } },
      { name: 'notifications-dlq' },
      { name: 'plain', visibilityTimeoutSeconds: 10 },
    ],
  });
  client = new SQSClient({ endpoint: standIn.url, region: 'us-east-1', credentials: { accessKeyId: 'local-sender', secretAccessKey: 'local' }, maxAttempts: 1 });
  notifications = standIn.queueUrl('notifications');
  deadLetters = standIn.queueUrl('notifications-dlq');
  plain = standIn.queueUrl('plain');
});
afterAll(async () => {
  client.destroy();
  await standIn.stop();
});
beforeEach(() => {
  standIn.purgeAll();
  clock = START;
  logged.length = 0;
});

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const BODY = JSON.stringify({ kind: 'registration-closing', personId: 'p-1', eventId: 'e-7', idempotencyKey: 'k-1', note: 'Bärenlauf 10 km 🏃' });

function queue(name: string): LocalQueueView {
  const found = standIn.queues().find((view) => view.name === name);
  if (!found) throw new Error(`no queue ${name}`);
  return found;
}

const counts = (name: string) => {
  const { visible, inFlight, delayed } = queue(name);
  return { visible, inFlight, delayed };
};

async function receive(queueUrl: string, extra: Partial<ConstructorParameters<typeof ReceiveMessageCommand>[0]> = {}): Promise<Message[]> {
  const output = await client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, MessageSystemAttributeNames: ['All'], MessageAttributeNames: ['All'], ...extra }));
  return output.Messages ?? [];
}

async function one(queueUrl: string, extra: Partial<ConstructorParameters<typeof ReceiveMessageCommand>[0]> = {}): Promise<Message> {
  const messages = await receive(queueUrl, extra);
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

type SdkError = Error & { $metadata: { httpStatusCode?: number } };

/** The error a call fails with (the test fails if it succeeds). */
async function failure(call: Promise<unknown>): Promise<SdkError> {
  return call.then(
    () => {
      throw new Error('the call succeeded, but it should have failed');
    },
    (error: unknown) => error as SdkError,
  );
}

describe('SQS stand-in: messages through the official SDK', () => {
  it('sends, receives with the system and message attributes asked for, and deletes, the SDK checking every body digest', async () => {
    const attributes: Record<string, MessageAttributeValue> = {
      kind: { DataType: 'String', StringValue: 'registration-closing' },
      attempt: { DataType: 'Number', StringValue: '1' },
      token: { DataType: 'Binary', BinaryValue: new Uint8Array([0, 1, 2, 250, 255]) },
    };
    const sent = await client.send(new SendMessageCommand({ QueueUrl: notifications, MessageBody: BODY, MessageAttributes: attributes }));
    expect(sent.MessageId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(sent.MD5OfMessageBody).toBe(md5(BODY));
    expect(sent.MD5OfMessageAttributes).toMatch(/^[0-9a-f]{32}$/);
    expect(counts('notifications')).toEqual({ visible: 1, inFlight: 0, delayed: 0 });

    clock += 2000;
    const received = await one(notifications);
    expect(received).toEqual({
      MessageId: sent.MessageId,
      ReceiptHandle: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      MD5OfBody: md5(BODY),
      Body: BODY,
      Attributes: {
        SenderId: 'local-sender',
        SentTimestamp: String(START),
        ApproximateReceiveCount: '1',
        ApproximateFirstReceiveTimestamp: String(START + 2000),
      },
      MD5OfMessageAttributes: sent.MD5OfMessageAttributes,
      MessageAttributes: attributes,
    });
    expect(counts('notifications')).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
    const { Attributes } = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: notifications, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
    );
    expect(Attributes).toEqual({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '1' });

    await client.send(new DeleteMessageCommand({ QueueUrl: notifications, ReceiptHandle: received.ReceiptHandle }));
    expect(counts('notifications')).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    clock += 60_000;
    expect(await receive(notifications)).toEqual([]);
  });

  it('returns only the attributes asked for, and no Attributes or MessageAttributes when none are', async () => {
    await client.send(
      new SendMessageCommand({
        QueueUrl: plain,
        MessageBody: 'hello',
        MessageAttributes: { 'trace.id': { DataType: 'String', StringValue: 't' }, 'trace.span': { DataType: 'String', StringValue: 's' }, kind: { DataType: 'String', StringValue: 'k' } },
      }),
    );
    const selected = await one(plain, { MessageSystemAttributeNames: ['ApproximateReceiveCount'], MessageAttributeNames: ['trace.*'] });
    expect(selected.Attributes).toEqual({ ApproximateReceiveCount: '1' });
    expect(Object.keys(selected.MessageAttributes ?? {}).sort()).toEqual(['trace.id', 'trace.span']);

    clock += 10_000;
    const bare = await one(plain, { MessageSystemAttributeNames: undefined, MessageAttributeNames: undefined });
    expect(bare.Attributes).toBeUndefined();
    expect(bare.MessageAttributes).toBeUndefined();
    expect(bare.MD5OfMessageAttributes).toBeUndefined();
  });

  // The same vectors two independent SQS implementations test against (LocalStack's and sqslite's md5 tests).
  it.each([
    [{ timestamp: { DataType: 'Number', StringValue: '1493147359900' } }, '235c5c510d26fb653d073faed50ae77c'],
    [{ ordinal: { DataType: 'Number', StringValue: '1' }, category: { DataType: 'String', StringValue: 'test' } }, 'd21ae90c49061e927f57df5f5d72be1f'],
  ])('answers SQS\'s MD5OfMessageAttributes for %j on send and receive', async (attributes, expected) => {
    const sent = await client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'x', MessageAttributes: attributes }));
    expect(sent.MD5OfMessageAttributes).toBe(expected);
    expect((await one(plain)).MD5OfMessageAttributes).toBe(expected);
  });

  it('sends a batch, answering the entries SQS refuses in Failed and sending the others, delayed ones included', async () => {
    const output = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: notifications,
        Entries: [
          { Id: 'first', MessageBody: BODY },
          { Id: 'control-character', MessageBody: 'bad \u0000 body' },
          { Id: 'too-late', MessageBody: 'x', DelaySeconds: 901 },
          { Id: 'delayed', MessageBody: 'later', DelaySeconds: 5 },
        ],
      }),
    );
    expect(output.Successful).toEqual([
      { Id: 'first', MessageId: expect.any(String), MD5OfMessageBody: md5(BODY) },
      { Id: 'delayed', MessageId: expect.any(String), MD5OfMessageBody: md5('later') },
    ]);
    expect(output.Failed).toEqual([
      { Id: 'control-character', SenderFault: true, Code: 'InvalidMessageContents', Message: expect.stringMatching(/^Invalid binary character '#x0' was found in the message body/) },
      { Id: 'too-late', SenderFault: true, Code: 'InvalidParameterValue', Message: 'Value 901 for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900.' },
    ]);
    expect(counts('notifications')).toEqual({ visible: 1, inFlight: 0, delayed: 1 });
    expect((await receive(notifications)).map((message) => message.Body)).toEqual([BODY]);

    clock += 5000;
    expect((await receive(notifications)).map((message) => message.Body)).toEqual(['later']);
  });

  it('shows a message not deleted again once its visibility timeout is over, received a second time under a new handle', async () => {
    const sent = await client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'retry me' }));
    const first = await one(plain);
    clock += 9_999;
    expect(await receive(plain)).toEqual([]);

    clock += 1;
    const second = await one(plain);
    expect(second.MessageId).toBe(sent.MessageId);
    expect(second.ReceiptHandle).not.toBe(first.ReceiptHandle);
    expect(second.Attributes).toMatchObject({ ApproximateReceiveCount: '2', ApproximateFirstReceiveTimestamp: String(START) });

    // SQS: an earlier receive's handle is taken, but deletes nothing once the message was received again.
    await client.send(new DeleteMessageCommand({ QueueUrl: plain, ReceiptHandle: first.ReceiptHandle }));
    expect(counts('plain')).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
    await client.send(new DeleteMessageCommand({ QueueUrl: plain, ReceiptHandle: second.ReceiptHandle }));
    expect(counts('plain')).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it("hides a message for the receive's own VisibilityTimeout instead of the queue's", async () => {
    await client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'short' }));
    await one(plain, { VisibilityTimeout: 2 });
    clock += 2000;
    expect((await one(plain)).Attributes?.ApproximateReceiveCount).toBe('2');
  });

  it('makes a message visible at once on ChangeMessageVisibility 0, and hides it longer on a larger timeout', async () => {
    await client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'release me' }));
    const first = await one(plain);
    await client.send(new ChangeMessageVisibilityCommand({ QueueUrl: plain, ReceiptHandle: first.ReceiptHandle, VisibilityTimeout: 0 }));
    const second = await one(plain);
    expect(second.Attributes?.ApproximateReceiveCount).toBe('2');

    await client.send(new ChangeMessageVisibilityCommand({ QueueUrl: plain, ReceiptHandle: second.ReceiptHandle, VisibilityTimeout: 60 }));
    clock += 59_999;
    expect(await receive(plain)).toEqual([]);
    clock += 1;
    expect(await receive(plain)).toHaveLength(1);
  });

  it('changes and deletes in batches, answering an unknown handle in Failed', async () => {
    await client.send(new SendMessageBatchCommand({ QueueUrl: plain, Entries: [{ Id: 'a', MessageBody: 'a' }, { Id: 'b', MessageBody: 'b' }] }));
    const [a, b] = await receive(plain);
    const changed = await client.send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl: plain,
        Entries: [
          { Id: 'release', ReceiptHandle: a!.ReceiptHandle, VisibilityTimeout: 0 },
          { Id: 'forged', ReceiptHandle: 'not-a-handle', VisibilityTimeout: 0 },
        ],
      }),
    );
    expect(changed.Successful).toEqual([{ Id: 'release' }]);
    expect(changed.Failed).toEqual([{ Id: 'forged', SenderFault: true, Code: 'ReceiptHandleIsInvalid', Message: expect.stringContaining('"not-a-handle" is not a valid receipt handle') }]);
    const again = await one(plain);
    expect(again.Body).toBe('a');

    const deleted = await client.send(
      new DeleteMessageBatchCommand({ QueueUrl: plain, Entries: [{ Id: 'a', ReceiptHandle: again.ReceiptHandle }, { Id: 'b', ReceiptHandle: b!.ReceiptHandle }] }),
    );
    expect(deleted).toMatchObject({ Successful: [{ Id: 'a' }, { Id: 'b' }], Failed: [] });
    expect(counts('plain')).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('moves a message received maxReceiveCount times to the dead-letter queue on the receive that would exceed it', async () => {
    const sent = await client.send(new SendMessageCommand({ QueueUrl: notifications, MessageBody: BODY, MessageAttributes: { kind: { DataType: 'String', StringValue: 'k' } } }));
    expect((await one(notifications)).Attributes?.ApproximateReceiveCount).toBe('1');
    clock += 30_000;
    expect((await one(notifications)).Attributes?.ApproximateReceiveCount).toBe('2');
    clock += 30_000;
    expect(counts('notifications')).toEqual({ visible: 1, inFlight: 0, delayed: 0 });

    expect(await receive(notifications)).toEqual([]);
    expect(counts('notifications')).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    const dead = await one(deadLetters);
    expect(dead).toMatchObject({
      MessageId: sent.MessageId,
      Body: BODY,
      MessageAttributes: { kind: { DataType: 'String', StringValue: 'k' } },
      Attributes: { SentTimestamp: String(START), DeadLetterQueueSourceArn: standIn.queueArn('notifications') },
    });

    const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: notifications, AttributeNames: ['QueueArn', 'RedrivePolicy'] }));
    expect(Attributes).toEqual({
      QueueArn: 'arn:aws:sqs:us-east-1:000000000000:notifications',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: 'arn:aws:sqs:us-east-1:000000000000:notifications-dlq', maxReceiveCount: 2 }),
    });
  });

  it('purges a queue, in-flight messages included', async () => {
    await client.send(new SendMessageBatchCommand({ QueueUrl: plain, Entries: [{ Id: 'a', MessageBody: 'a' }, { Id: 'b', MessageBody: 'b' }] }));
    await one(plain, { MaxNumberOfMessages: 1 });
    await client.send(new PurgeQueueCommand({ QueueUrl: plain }));
    expect(counts('plain')).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('answers GetQueueUrl with the URL the stand-in names, and every attribute for All', async () => {
    expect((await client.send(new GetQueueUrlCommand({ QueueName: 'plain' }))).QueueUrl).toBe(`${standIn.url}/000000000000/plain`);
    const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: plain, AttributeNames: ['All'] }));
    expect(Attributes).toMatchObject({
      QueueArn: 'arn:aws:sqs:us-east-1:000000000000:plain',
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesNotVisible: '0',
      ApproximateNumberOfMessagesDelayed: '0',
      VisibilityTimeout: '10',
      MaximumMessageSize: '262144',
    });
    expect(Attributes).not.toHaveProperty('RedrivePolicy');
  });
});

describe('SQS stand-in: long polling', () => {
  it('answers a long poll as soon as a message is sent', async () => {
    const started = Date.now();
    const polling = receive(plain, { WaitTimeSeconds: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'wake up' }));
    expect((await polling).map((message) => message.Body)).toEqual(['wake up']);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers a long poll when a delayed message becomes visible by the clock', async () => {
    await client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'delayed', DelaySeconds: 30 }));
    const started = Date.now();
    const polling = receive(plain, { WaitTimeSeconds: 10 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    clock += 30_000;
    expect((await polling).map((message) => message.Body)).toEqual(['delayed']);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('waits WaitTimeSeconds on an empty queue, then answers with no messages', async () => {
    const started = Date.now();
    expect(await receive(plain, { WaitTimeSeconds: 1 })).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('on the real clock, answers a long poll when a delay ends, and when a shorter visibility timeout does', async () => {
    // No test clock: the poll sleeps until the hidden message's time rather than looking again every 100 ms.
    const own = await startSqsStandIn({ queues: [{ name: 'q', visibilityTimeoutSeconds: 30 }] });
    const sdk = new SQSClient({ endpoint: own.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
    const poll = () => sdk.send(new ReceiveMessageCommand({ QueueUrl: own.queueUrl('q'), WaitTimeSeconds: 10 })).then((output) => output.Messages ?? []);
    try {
      let started = Date.now();
      await sdk.send(new SendMessageCommand({ QueueUrl: own.queueUrl('q'), MessageBody: 'delayed', DelaySeconds: 1 }));
      const [received] = await poll();
      expect(received?.Body).toBe('delayed');
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(Date.now() - started).toBeLessThan(5000);

      // Hidden for 30 s by that receive; a long poll then waits, and a change to 1 s must wake it to look again.
      const polling = poll();
      await new Promise((resolve) => setTimeout(resolve, 100));
      started = Date.now();
      await sdk.send(new ChangeMessageVisibilityCommand({ QueueUrl: own.queueUrl('q'), ReceiptHandle: received!.ReceiptHandle!, VisibilityTimeout: 1 }));
      expect((await polling).map((message) => message.Body)).toEqual(['delayed']);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      sdk.destroy();
      await own.stop();
    }
  });

  it('ends a pending long poll when it stops', async () => {
    const own = await startSqsStandIn({ queues: [{ name: 'q' }] });
    const sdk = new SQSClient({ endpoint: own.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
    try {
      const started = Date.now();
      const polling = sdk.send(new ReceiveMessageCommand({ QueueUrl: own.queueUrl('q'), WaitTimeSeconds: 20 }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await own.stop();
      const [settled] = await Promise.allSettled([polling]);
      expect(Date.now() - started).toBeLessThan(2000);
      if (settled.status === 'fulfilled') expect(settled.value.Messages).toBeUndefined();
    } finally {
      sdk.destroy();
    }
  });
});

describe('SQS stand-in: what SQS refuses, as the SDK types it', () => {
  const entries = (count: number) => Array.from({ length: count }, (_, index) => ({ Id: `m${index}`, MessageBody: `body ${index}` }));
  const unknownQueue = () => `${standIn.url}/000000000000/nope`;
  const refusals: [string, () => Promise<unknown>, new (...args: never[]) => Error, string, number, RegExp][] = [
    ['an unknown queue name', () => client.send(new GetQueueUrlCommand({ QueueName: 'nope' })), QueueDoesNotExist, 'QueueDoesNotExist', 400, /^The specified queue does not exist: nope \(the local SQS stand-in has notifications, notifications-dlq, plain\)\.$/],
    ['a send to an unknown queue URL', () => client.send(new SendMessageCommand({ QueueUrl: unknownQueue(), MessageBody: 'x' })), QueueDoesNotExist, 'QueueDoesNotExist', 400, /does not exist: nope/],
    ['11 batch entries', () => client.send(new SendMessageBatchCommand({ QueueUrl: plain, Entries: entries(11) })), TooManyEntriesInBatchRequest, 'TooManyEntriesInBatchRequest', 400, /^Maximum number of entries per request are 10\. You have sent 11\.$/],
    ['duplicate batch entry ids', () => client.send(new SendMessageBatchCommand({ QueueUrl: plain, Entries: [{ Id: 'same', MessageBody: 'a' }, { Id: 'same', MessageBody: 'b' }] })), BatchEntryIdsNotDistinct, 'BatchEntryIdsNotDistinct', 400, /^Id same repeated\.$/],
    ['an empty batch', () => client.send(new DeleteMessageBatchCommand({ QueueUrl: plain, Entries: [] })), EmptyBatchRequest, 'EmptyBatchRequest', 400, /at least one DeleteMessageBatchRequestEntry/],
    ['a batch entry id with a period', () => client.send(new SendMessageBatchCommand({ QueueUrl: plain, Entries: [{ Id: 'a.b', MessageBody: 'a' }] })), InvalidBatchEntryId, 'InvalidBatchEntryId', 400, /alphanumeric characters, hyphens and underscores/],
    ['a batch over 256 KiB in all', () => client.send(new SendMessageBatchCommand({ QueueUrl: plain, Entries: [{ Id: 'a', MessageBody: 'a'.repeat(200_000) }, { Id: 'b', MessageBody: 'b'.repeat(62_145) }] })), BatchRequestTooLong, 'BatchRequestTooLong', 400, /^Batch requests cannot be longer than 262144 bytes\. You have sent 262145 bytes\.$/],
    ['a body over 256 KiB', () => client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'x'.repeat(262_145) })), SQSServiceException, 'InvalidParameterValue', 400, /^One or more parameters are invalid\. Reason: Message must be shorter than 262144 bytes\.$/],
    ['a body and attributes over 256 KiB together', () => client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'x'.repeat(262_140), MessageAttributes: { kind: { DataType: 'String', StringValue: 'k' } } })), SQSServiceException, 'InvalidParameterValue', 400, /Message must be shorter than 262144 bytes/],
    ['a lone surrogate in the body', () => client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'half \ud83c of an emoji' })), InvalidMessageContents, 'InvalidMessageContents', 400, /^Invalid binary character '#xD83C'/],
    ['MaxNumberOfMessages 11', () => client.send(new ReceiveMessageCommand({ QueueUrl: plain, MaxNumberOfMessages: 11 })), SQSServiceException, 'InvalidParameterValue', 400, /^Value 11 for parameter MaxNumberOfMessages is invalid\. Reason: Must be between 1 and 10, if provided\.$/],
    ['MaxNumberOfMessages 0', () => client.send(new ReceiveMessageCommand({ QueueUrl: plain, MaxNumberOfMessages: 0 })), SQSServiceException, 'InvalidParameterValue', 400, /^Value 0 for parameter MaxNumberOfMessages/],
    ['WaitTimeSeconds 21', () => client.send(new ReceiveMessageCommand({ QueueUrl: plain, WaitTimeSeconds: 21 })), SQSServiceException, 'InvalidParameterValue', 400, /^Value 21 for parameter WaitTimeSeconds is invalid\. Reason: Must be >= 0 and <= 20, if provided\.$/],
    ['an unknown system attribute name', () => client.send(new ReceiveMessageCommand({ QueueUrl: plain, MessageSystemAttributeNames: ['SentTime' as 'SentTimestamp'] })), InvalidAttributeName, 'InvalidAttributeName', 400, /^Unknown Attribute SentTime\./],
    ['a receipt handle it never issued', () => client.send(new DeleteMessageCommand({ QueueUrl: plain, ReceiptHandle: 'forged' })), ReceiptHandleIsInvalid, 'ReceiptHandleIsInvalid', 404, /"forged" is not a valid receipt handle/],
    ['an attribute name SQS reserves', () => client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'x', MessageAttributes: { 'AWS.kind': { DataType: 'String', StringValue: 'k' } } })), SQSServiceException, 'InvalidParameterValue', 400, /'AWS\.kind' is invalid: it may not start with 'AWS\.' or 'Amazon\.'/],
    ['a Number attribute that is not a number', () => client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'x', MessageAttributes: { n: { DataType: 'Number', StringValue: 'twelve' } } })), SQSServiceException, 'InvalidParameterValue', 400, /Can't cast the value of message \(user\) attribute 'n' to a number/],
    ['list attribute values', () => client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'x', MessageAttributes: { l: { DataType: 'String', StringListValues: ['a'] } } })), SQSServiceException, 'InvalidParameterValue', 400, /StringListValues and BinaryListValues are reserved/],
    ['11 message attributes', () => client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'x', MessageAttributes: Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`a${index}`, { DataType: 'String', StringValue: 'v' }])) })), SQSServiceException, 'InvalidParameterValue', 400, /^Number of message attributes \[11\] exceeds the allowed maximum \[10\]\.$/],
    ['an empty body', () => client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: '' })), SQSServiceException, 'InvalidParameterValue', 400, /at least one character/],
    ['a FIFO-only member on a standard queue', () => client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'x', MessageDeduplicationId: 'd' })), SQSServiceException, 'InvalidParameterValue', 400, /not valid for this queue type/],
    ['an operation that manages queues', () => client.send(new CreateQueueCommand({ QueueName: 'new' })), UnsupportedOperation, 'UnsupportedOperation', 400, /^CreateQueue is not served by the local SQS stand-in/],
  ];

  it.each(refusals)('refuses %s', async (_case, call, type, name, status, message) => {
    const error = await failure(call());
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(SQSServiceException);
    expect(error.name).toBe(name);
    expect(error.$metadata.httpStatusCode).toBe(status);
    expect(error.message).toMatch(message);
    expect(standIn.queues().flatMap((view) => view.messages)).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('refuses ChangeMessageVisibility for a message whose visibility timeout is over, and for a handle a later receive replaced', async () => {
    await client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'x' }));
    const first = await one(plain);
    clock += 10_000;
    const lapsed = await failure(client.send(new ChangeMessageVisibilityCommand({ QueueUrl: plain, ReceiptHandle: first.ReceiptHandle, VisibilityTimeout: 5 })));
    expect(lapsed).toBeInstanceOf(MessageNotInflight);

    await one(plain);
    const replaced = await failure(client.send(new ChangeMessageVisibilityCommand({ QueueUrl: plain, ReceiptHandle: first.ReceiptHandle, VisibilityTimeout: 5 })));
    expect(replaced.name).toBe('InvalidParameterValue');
    expect(replaced.message).toMatch(/Reason: The receipt handle has expired\.$/);
  });

  it("answers SQS's error shape on the wire: __type, the query error header, and no crash for bad requests", async () => {
    const signed = {
      authorization: 'AWS4-HMAC-SHA256 Credential=local/20261128/us-east-1/sqs/aws4_request, SignedHeaders=host, Signature=00',
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'AmazonSQS.SendMessage',
    };
    const post = (body: string, headers: Record<string, string>) => fetch(`${standIn.url}/`, { method: 'POST', body, headers });

    const missingQueue = await post(JSON.stringify({ QueueUrl: `${standIn.url}/000000000000/nope`, MessageBody: 'x' }), signed);
    expect(missingQueue.status).toBe(400);
    expect(missingQueue.headers.get('content-type')).toBe('application/x-amz-json-1.0');
    expect(missingQueue.headers.get('x-amzn-query-error')).toBe('AWS.SimpleQueueService.NonExistentQueue;Sender');
    expect(await missingQueue.json()).toEqual({ __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: expect.stringMatching(/^The specified queue does not exist/) });

    const unsigned = await post('{}', { ...signed, authorization: '' });
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-amzn-query-error')).toBe('MissingAuthenticationToken;Sender');

    const queryProtocol = await post('Action=SendMessage', { authorization: signed.authorization, 'content-type': 'application/x-www-form-urlencoded' });
    expect(queryProtocol.status).toBe(400);
    expect(((await queryProtocol.json()) as { message: string }).message).toMatch(/speaks the AWS JSON 1\.0 protocol/);

    const form = await post('{}', { ...signed, 'content-type': 'text/plain' });
    expect(form.status).toBe(400);
    expect(form.headers.get('x-amzn-query-error')).toBe('InvalidParameterValue;Sender');

    const notJson = await post('{"QueueUrl":', signed);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ __type: 'com.amazonaws.sqs#InvalidParameterValue', message: 'The request body is not valid JSON.' });

    const missingMember = await post(JSON.stringify({ MessageBody: 'x' }), signed);
    expect(missingMember.headers.get('x-amzn-query-error')).toBe('MissingParameter;Sender');
    expect(((await missingMember.json()) as { message: string }).message).toBe('The request must contain the parameter QueueUrl.');

    const wrongType = await post(JSON.stringify({ QueueUrl: plain, MessageBody: 'x', DelaySeconds: 'soon' }), signed);
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { message: string }).message).toMatch(/^1 validation error detected: DelaySeconds: /);

    const prototypeName = await post('{}', { ...signed, 'x-amz-target': 'AmazonSQS.constructor' });
    expect(prototypeName.headers.get('x-amzn-query-error')).toBe('InvalidAction;Sender');

    const get = await fetch(`${standIn.url}/`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(standIn.queues().flatMap((view) => view.messages)).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('refuses a request body over maxBodyBytes without reading it into memory', async () => {
    const small = await startSqsStandIn({ queues: [{ name: 'q' }], maxBodyBytes: 1024 });
    const sdk = new SQSClient({ endpoint: small.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
    try {
      const error = await failure(sdk.send(new SendMessageCommand({ QueueUrl: small.queueUrl('q'), MessageBody: 'x'.repeat(4096) })));
      expect(error.name).toBe('InvalidParameterValue');
      expect(error.$metadata.httpStatusCode).toBe(413);
      expect(error.message).toBe('The request body is longer than 1024 bytes.');
      expect(small.queues()[0]!.messages).toEqual([]);
    } finally {
      sdk.destroy();
      await small.stop();
    }
  });
});

describe('SQS stand-in: declared queues', () => {
  it.each([
    ['a FIFO queue', [{ name: 'jobs.fifo' }], /FIFO queues/],
    ['a dead-letter queue that is not declared', [{ name: 'a', redrive: { deadLetterQueue: 'missing', maxReceiveCount: 3 } }], /dead-letter queue missing is not declared/],
    ['a queue that is its own dead-letter queue', [{ name: 'a', redrive: { deadLetterQueue: 'a', maxReceiveCount: 3 } }], /cannot be its own dead-letter queue/],
    ['a name twice', [{ name: 'a' }, { name: 'a' }], /declared twice/],
    ['maxReceiveCount 0', [{ name: 'a', redrive: { deadLetterQueue: 'b', maxReceiveCount: 0 } }, { name: 'b' }], /maxReceiveCount/],
  ])('refuses to start with %s', async (_case, queues, message) => {
    await expect(startSqsStandIn({ queues })).rejects.toThrow(message);
  });

  it('throws for the URL of a queue that was not declared', () => {
    expect(() => standIn.queueUrl('nope')).toThrow(/no queue nope was declared/);
  });
});

describe('SQS stand-in: /_local/queues', () => {
  it('shows every queue with its counts and messages, and DELETE purges them all', async () => {
    await client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'visible', MessageAttributes: { kind: { DataType: 'String', StringValue: 'k' } } }));
    await client.send(new SendMessageCommand({ QueueUrl: plain, MessageBody: 'delayed', DelaySeconds: 60 }));
    await client.send(new SendMessageCommand({ QueueUrl: notifications, MessageBody: 'in flight' }));
    await one(notifications);

    const answer = await fetch(`${standIn.url}/_local/queues`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    const { queues } = (await answer.json()) as { queues: LocalQueueView[] };
    expect(queues.map(({ name, url, visible, inFlight, delayed }) => ({ name, url, visible, inFlight, delayed }))).toEqual([
      { name: 'notifications', url: notifications, visible: 0, inFlight: 1, delayed: 0 },
      { name: 'notifications-dlq', url: deadLetters, visible: 0, inFlight: 0, delayed: 0 },
      { name: 'plain', url: plain, visible: 1, inFlight: 0, delayed: 1 },
    ]);
    expect(queues[2]!.messages).toEqual([
      expect.objectContaining({ state: 'visible', body: 'visible', messageAttributes: { kind: { DataType: 'String', StringValue: 'k' } }, receiveCount: 0, visibleAt: null }),
      expect.objectContaining({ state: 'delayed', body: 'delayed', visibleAt: new Date(START + 60_000).toISOString() }),
    ]);
    expect(queues[0]!.messages).toEqual([
      expect.objectContaining({ state: 'in-flight', receiveCount: 1, firstReceivedAt: new Date(START).toISOString(), visibleAt: new Date(START + 30_000).toISOString() }),
    ]);
    expect(queues[0]!.redrive).toEqual({ deadLetterQueue: 'notifications-dlq', maxReceiveCount: 2 });

    const purged = await fetch(`${standIn.url}/_local/queues`, { method: 'DELETE' });
    expect(purged.status).toBe(204);
    expect(standIn.queues().flatMap((view) => view.messages)).toEqual([]);
  });
});

/** A request with a Host header of our choosing, which fetch does not allow. */
function withHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: 'GET', headers: { host } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('SQS stand-in: loopback only', () => {
  it('refuses a request whose Host is not a loopback name', async () => {
    for (const host of ['racefinder.example', 'attacker.test:80', '127.0.0.1.nip.io']) {
      expect(await withHost(`${standIn.url}/_local/queues`, host)).toEqual({ status: 403, body: 'The local SQS stand-in answers loopback host names only.' });
    }
    const port = new URL(standIn.url).port;
    expect((await withHost(`${standIn.url}/_local/queues`, `localhost:${port}`)).status).toBe(200);
  });

  it('listens on 127.0.0.1 only', () => {
    expect(standIn.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
