/**
 * The local table stream source against DynamoDB Local's own stream: the event it hands the handler is Lambda's
 * (both images, wire-form values), and the handler's answer has Lambda's effect with ReportBatchItemFailures (a
 * failed record comes again from itself with those after it, a thrown or unreadable answer fails the batch, and
 * what keeps failing is discarded after maximumRetryAttempts). The tables are in a data folder placed as a seed
 * image is, made without a stream by a first DynamoDB Local as the bootstrap made them before the stream, so the
 * stream every test reads is one ensureTable turned on for a table kept from before.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import {
  CreateTableCommand,
  DeleteItemCommand,
  DescribeTableCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  UpdateTableCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localDynamoClient, startDynamoDbLocal, type DynamoDbLocal } from '../../../infra/local/dynamodb-local.ts';
import { startTableStreamSource, type TableStreamSource, type TableStreamSourceOptions } from '../../../infra/local/dynamodb-stream-source.ts';
import { startRaceChangeStream } from '../../../infra/local/race-change-stream.ts';
import { DYNAMODB_LOCAL_FILE, placeSeedImage } from '../../../infra/local/seed/seed-image.ts';
import { ensureTable, TABLE_STREAM } from '../../../infra/local/table-bootstrap.ts';
import { memoryBackedTmp } from '../../support/memory-tmp.ts';

const TABLE = 'racefinder-streams';
/** A table of its own for the test of ensureTable, so no other test's start has turned its stream on. */
const KEPT_TABLE = 'racefinder-kept';
/** DynamoDB Local starts a JVM: seconds, more on a busy machine, well past Vitest's 10 s hook default at worst. */
const JVM_START_MS = 90_000;

let workDir: string;
let dynamo: DynamoDbLocal;
let client: DynamoDBClient;
let source: TableStreamSource | undefined;
const errors: { error: unknown; during: string }[] = [];

beforeAll(async () => {
  workDir = mkdtempSync(join(memoryBackedTmp(), 'racefinder-stream-source-'));
  // The table as the bootstrap made it before the stream: same keys, no StreamSpecification, in a data folder.
  // The quick JIT tier: these JVMs live seconds, and C1 alone starts them on less CPU.
  const before = await startDynamoDbLocal({ dataDir: join(workDir, 'before'), quickJit: true });
  try {
    for (const tableName of [TABLE, KEPT_TABLE]) {
      await before.client.send(
        new CreateTableCommand({
          TableName: tableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [
            { AttributeName: 'PK', AttributeType: 'S' },
            { AttributeName: 'SK', AttributeType: 'S' },
          ],
          KeySchema: [
            { AttributeName: 'PK', KeyType: 'HASH' },
            { AttributeName: 'SK', KeyType: 'RANGE' },
          ],
        }),
      );
    }
    await before.client.send(new PutItemCommand({ TableName: KEPT_TABLE, Item: { PK: { S: 'KEPT' }, SK: { S: 'EVENT' } } }));
  } finally {
    await before.stop();
  }
  // Its file, placed as stack.ts places a seed image, is the data folder the tests run on.
  mkdirSync(join(workDir, 'image'));
  copyFileSync(join(workDir, 'before', DYNAMODB_LOCAL_FILE), join(workDir, 'image', 'table.db'));
  placeSeedImage(join(workDir, 'image', 'table.db'), join(workDir, 'data'));
  dynamo = await startDynamoDbLocal({ dataDir: join(workDir, 'data'), quickJit: true });
  client = dynamo.client;
}, 2 * JVM_START_MS);
afterAll(async () => {
  await dynamo?.stop();
  rmSync(workDir, { recursive: true, force: true });
});
beforeEach(() => {
  errors.length = 0;
});
afterEach(async () => {
  await source?.stop();
  source = undefined;
});

/** Starts a source on the test table, whose stream the first call turns on as the local stack's start does. */
const start = async (handler: TableStreamSourceOptions['handler'], options: Partial<TableStreamSourceOptions> = {}) => {
  await ensureTable(client, TABLE);
  source = await startTableStreamSource({
    endpoint: dynamo.endpoint,
    tableName: TABLE,
    handler,
    // Reads at a steady 20 ms: these tests are about what is delivered, not the idle backoff (tested on its own).
    pollIntervalMs: 20,
    idlePollIntervalMs: 20,
    retryDelayMs: 20,
    onError: (error, during) => errors.push({ error, during }),
    ...options,
  });
  return source;
};

/** Polls `condition`; a timeout names the errors reported so far, which is what a failure needs. */
async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; errors ${JSON.stringify(errors.map((entry) => [entry.during, String(entry.error)]))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A handler that records its events (and when) and answers with `answer` (given the event and how many came before it). */
function recording(answer: (event: DynamoDBStreamEvent, index: number) => DynamoDBBatchResponse | void | Promise<DynamoDBBatchResponse | void>) {
  const events: DynamoDBStreamEvent[] = [];
  const at: number[] = [];
  const handler = async (event: DynamoDBStreamEvent) => {
    events.push(structuredClone(event));
    at.push(Date.now());
    return answer(event, events.length - 1);
  };
  return { events, at, handler };
}

let writes = 0;
/** A put that changes the item (a write that changes nothing leaves no stream record, in AWS as here). */
const put = (pk: string) => client.send(new PutItemCommand({ TableName: TABLE, Item: { PK: { S: pk }, SK: { S: 'EVENT' }, write: { N: String(++writes) } } }));
const pksOf = (event: DynamoDBStreamEvent | undefined) => event?.Records.map((record) => record.dynamodb?.Keys?.PK?.S);
const sequenceNumbersOf = (event: DynamoDBStreamEvent | undefined) => event?.Records.map((record) => record.dynamodb?.SequenceNumber);

/**
 * Writes `pks` while the handler holds the batch of a gate item, so the next read brings them in one batch (a
 * read between two puts would otherwise split them). The handler's first answer must wait for `opened`.
 */
async function writeAsOneBatch(events: readonly DynamoDBStreamEvent[], open: () => void, pks: readonly string[]) {
  await put('GATE');
  await waitFor(() => events.length === 1, 'the gate batch');
  for (const pk of pks) await put(pk);
  open();
}

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('table stream source', () => {
  it('finds the stream ensureTable turned on for a table kept from before it, and leaves it be on the next start', async () => {
    const kept = await client.send(new GetItemCommand({ TableName: KEPT_TABLE, Key: { PK: { S: 'KEPT' }, SK: { S: 'EVENT' } } }));
    expect(kept.Item).toBeDefined();
    expect((await client.send(new DescribeTableCommand({ TableName: KEPT_TABLE }))).Table?.StreamSpecification).toBeUndefined();

    expect(await ensureTable(client, KEPT_TABLE)).toBe(false);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: KEPT_TABLE }));
    expect(Table?.StreamSpecification).toEqual(TABLE_STREAM);
    expect(Table?.LatestStreamArn).toMatch(/:table\/racefinder-kept\/stream\//);

    expect(await ensureTable(client, KEPT_TABLE)).toBe(false);
    expect((await client.send(new DescribeTableCommand({ TableName: KEPT_TABLE }))).Table?.LatestStreamArn).toBe(Table?.LatestStreamArn);
  });

  it('gives a new table its stream, and one of another view the table stream', async () => {
    expect(await ensureTable(client, 'racefinder-fresh')).toBe(true);
    expect((await client.send(new DescribeTableCommand({ TableName: 'racefinder-fresh' }))).Table?.StreamSpecification).toEqual(TABLE_STREAM);

    await client.send(new UpdateTableCommand({ TableName: 'racefinder-fresh', StreamSpecification: { StreamEnabled: false } }));
    await client.send(new UpdateTableCommand({ TableName: 'racefinder-fresh', StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }));
    expect(await ensureTable(client, 'racefinder-fresh')).toBe(false);
    expect((await client.send(new DescribeTableCommand({ TableName: 'racefinder-fresh' }))).Table?.StreamSpecification).toEqual(TABLE_STREAM);
  });

  it("hands the handler Lambda's DynamoDBStreamEvent for a put, an update and a delete, and nothing written before it started", async () => {
    await put('BEFORE');
    const { events, handler } = recording(() => ({ batchItemFailures: [] }));
    const running = await start(handler);
    const startedSeconds = Math.floor(Date.now() / 1000);
    await client.send(
      new PutItemCommand({
        TableName: TABLE,
        Item: { PK: { S: 'EVENT#1' }, SK: { S: 'EVENT' }, name: { S: 'Turkey Trot' }, miles: { N: '3.1' }, logo: { B: Uint8Array.from([0, 1, 254, 255]) }, tags: { SS: ['5k'] } },
      }),
    );
    await client.send(
      new UpdateItemCommand({
        TableName: TABLE,
        Key: { PK: { S: 'EVENT#1' }, SK: { S: 'EVENT' } },
        UpdateExpression: 'SET #name = :name, #place = :place',
        ExpressionAttributeNames: { '#name': 'name', '#place': 'place' },
        ExpressionAttributeValues: { ':name': { S: 'Turkey Trot 5K' }, ':place': { M: { city: { S: 'Dayton' }, open: { BOOL: true }, note: { NULL: true }, extras: { M: {} } } } },
      }),
    );
    await client.send(new DeleteItemCommand({ TableName: TABLE, Key: { PK: { S: 'EVENT#1' }, SK: { S: 'EVENT' } } }));
    await running.drained();

    const records = events.flatMap((event) => event.Records);
    expect(records.map((record) => [record.eventName, record.dynamodb?.Keys?.PK?.S])).toEqual([
      ['INSERT', 'EVENT#1'],
      ['MODIFY', 'EVENT#1'],
      ['REMOVE', 'EVENT#1'],
    ]);
    const keys = { PK: { S: 'EVENT#1' }, SK: { S: 'EVENT' } };
    const inserted = { ...keys, name: { S: 'Turkey Trot' }, miles: { N: '3.1' }, logo: { B: 'AAH+/w==' }, tags: { SS: ['5k'] } };
    // An empty map too, which DynamoDB Local's stream writes as a bare {} (dynamodb-stream-source.ts wireValue).
    const updated = { ...inserted, name: { S: 'Turkey Trot 5K' }, place: { M: { city: { S: 'Dayton' }, open: { BOOL: true }, note: { NULL: true }, extras: { M: {} } } } };
    const [insert, modify, remove] = records;
    expect(insert).toEqual({
      eventID: expect.any(String),
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: expect.any(String),
      dynamodb: {
        ApproximateCreationDateTime: expect.any(Number),
        Keys: keys,
        NewImage: inserted,
        SequenceNumber: expect.stringMatching(/^\d+$/),
        SizeBytes: expect.any(Number),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
      eventSourceARN: running.streamArn,
    });
    expect(Object.keys(insert!)).toEqual(['eventID', 'eventName', 'eventVersion', 'eventSource', 'awsRegion', 'dynamodb', 'eventSourceARN']);
    // Epoch seconds, as Lambda gives them; DynamoDB Local rounds them down to the minute.
    expect(insert!.dynamodb!.ApproximateCreationDateTime).toBeGreaterThanOrEqual(startedSeconds - (startedSeconds % 60));
    expect(insert!.dynamodb!.ApproximateCreationDateTime).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(insert!.dynamodb!.SizeBytes).toBeGreaterThan(0);
    expect(modify!.dynamodb).toMatchObject({ Keys: keys, OldImage: inserted, NewImage: updated });
    expect(remove!.dynamodb).toMatchObject({ Keys: keys, OldImage: updated });
    expect(remove!.dynamodb).not.toHaveProperty('NewImage');
    expect(running.streamArn).toBe((await client.send(new DescribeTableCommand({ TableName: TABLE }))).Table?.LatestStreamArn);
    expect(new Set(records.map((record) => record.eventID)).size).toBe(3);
    expect(errors).toEqual([]);
  });

  it('delivers a failed record again from itself with those after it, after the backoff, and drained() waits for that', async () => {
    const { open, opened } = gate();
    const { events, at, handler } = recording(async (event, index) => {
      if (index === 0) await opened;
      // The second batch fails at its second record.
      if (index === 1) return { batchItemFailures: [{ itemIdentifier: event.Records[1]!.dynamodb!.SequenceNumber! }] };
      return { batchItemFailures: [] };
    });
    const running = await start(handler, { retryDelayMs: 300 });
    await writeAsOneBatch(events, open, ['A', 'B', 'C']);
    await running.drained();

    expect(events.map(pksOf)).toEqual([['GATE'], ['A', 'B', 'C'], ['B', 'C']]);
    expect(sequenceNumbersOf(events[2])).toEqual(sequenceNumbersOf(events[1])!.slice(1));
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(290);
    await put('D');
    await running.drained();
    expect(events.map(pksOf).slice(3)).toEqual([['D']]);
    expect(running.batches).toBe(4);
    expect(errors).toEqual([]);
  });

  it('names the lowest sequence number the checkpoint when the answer names several', async () => {
    const { open, opened } = gate();
    const { events, handler } = recording(async (event, index) => {
      if (index === 0) await opened;
      if (index === 1) return { batchItemFailures: [3, 1].map((at) => ({ itemIdentifier: event.Records[at]!.dynamodb!.SequenceNumber! })) };
      return undefined;
    });
    const running = await start(handler);
    await writeAsOneBatch(events, open, ['A', 'B', 'C', 'D']);
    await running.drained();
    expect(events.map(pksOf)).toEqual([['GATE'], ['A', 'B', 'C', 'D'], ['B', 'C', 'D']]);
  });

  it.each([
    ['throws', () => Promise.reject(new Error('SES is down')), /SES is down/],
    ['names a sequence number not in the batch', () => ({ batchItemFailures: [{ itemIdentifier: '1' }] }), /fails the whole batch/],
    ['names an empty itemIdentifier', () => ({ batchItemFailures: [{ itemIdentifier: '' }] }), /fails the whole batch/],
    ['answers batchItemFailures that is not a list', () => ({ batchItemFailures: 'all of them' }) as unknown as DynamoDBBatchResponse, /fails the whole batch/],
  ])('delivers the whole batch again when the handler %s, as Lambda reads it', async (_case, failing, message) => {
    const { open, opened } = gate();
    const { events, handler } = recording(async (_event, index) => {
      if (index === 0) await opened;
      return index === 1 ? failing() : undefined;
    });
    const running = await start(handler);
    await writeAsOneBatch(events, open, ['A', 'B']);
    await running.drained();
    expect(events.map(pksOf)).toEqual([['GATE'], ['A', 'B'], ['A', 'B']]);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.during).toBe('handler');
    expect(String(errors[0]!.error)).toMatch(message);
  });

  it('discards a record that still fails after maximumRetryAttempts retries, says so, and reads on', async () => {
    const { events, handler } = recording((event) => {
      if (event.Records.some((record) => record.dynamodb?.Keys?.PK?.S === 'POISON')) throw new Error('cannot tell its savers');
    });
    const running = await start(handler, { batchSize: 1, maximumRetryAttempts: 2 });
    await put('POISON');
    await put('FINE');
    await running.drained();

    expect(events.map(pksOf)).toEqual([['POISON'], ['POISON'], ['POISON'], ['FINE']]);
    expect(errors.map((entry) => entry.during)).toEqual(['handler', 'handler', 'handler', 'discard']);
    const poison = events[0]!.Records[0]!.dynamodb!.SequenceNumber!;
    expect(String(errors[3]!.error)).toContain(`1 record(s) of shard`);
    expect(String(errors[3]!.error)).toContain(`discarded after 2 retries: sequence numbers ${poison} to ${poison}`);
    expect(running.discarded).toBe(1);
  });

  it('stops only once the batch in hand is handled, ends an idle wait at once, and drained() then rejects', async () => {
    const { open, opened } = gate();
    let handled = false;
    const { events, handler } = recording(async () => {
      await opened;
      handled = true;
    });
    const running = await start(handler);
    await put('SLOW');
    await waitFor(() => events.length === 1, 'the handler');

    let stopped = false;
    const stopping = running.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    open();
    await stopping;
    expect(handled).toBe(true);
    source = undefined;
    await expect(running.drained()).rejects.toThrow(/stopped/);

    const idle = await start(recording(() => undefined).handler, { pollIntervalMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await idle.stop();
    source = undefined;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("feeds the race-change handler (lambdas/notifications/race-changes.ts) the changed event items only, loaded with the first batch", async () => {
    await ensureTable(client, TABLE);
    const running = (source = await startRaceChangeStream({ endpoint: dynamo.endpoint, tableName: TABLE, pollIntervalMs: 20, onError: (error, during) => errors.push({ error, during }) }));
    // Not changed event items: the filter passes them over, as the AWS mapping's filter criteria do.
    await put('NOT-AN-EVENT');
    await client.send(new DeleteItemCommand({ TableName: TABLE, Key: { PK: { S: 'NOT-AN-EVENT' }, SK: { S: 'EVENT' } } }));
    await running.drained();
    expect(running.batches).toBe(0);
    // A changed event item reaches the handler; nothing its savers are told about changed, so it tells nobody
    // and answers without reaching the table its environment names.
    const key = { PK: { S: 'EVENT#filtered' }, SK: { S: 'EVENT' } };
    await client.send(new PutItemCommand({ TableName: TABLE, Item: { ...key, entity: { S: 'event' }, title: { S: 'Filter 5K' }, write: { N: '1' } } }));
    await client.send(new UpdateItemCommand({ TableName: TABLE, Key: key, UpdateExpression: 'SET #write = :two', ExpressionAttributeNames: { '#write': 'write' }, ExpressionAttributeValues: { ':two': { N: '2' } } }));
    await running.drained();
    expect(running.batches).toBe(1);
    expect(running.discarded).toBe(0);
    expect(errors).toEqual([]);
  });

  it('asks the table for its stream only when the stream in hand is no longer live, and follows it to the new one', async () => {
    const table = 'racefinder-restreamed';
    await ensureTable(client, table);
    // DynamoDB Local reads the whole table to answer DescribeTable: a refresh must not ask it while the stream lives.
    const tableClient = localDynamoClient(dynamo.endpoint);
    const described: string[] = [];
    tableClient.middlewareStack.add(
      (next, context) => (args) => {
        if (context.commandName === 'DescribeTableCommand') described.push(context.commandName);
        return next(args);
      },
      { step: 'initialize' },
    );
    const { events, handler } = recording(() => undefined);
    source = await startTableStreamSource({ endpoint: dynamo.endpoint, tableClient, tableName: table, handler, pollIntervalMs: 20, onError: (error, during) => errors.push({ error, during }) });
    const firstArn = source.streamArn;
    const putIn = (pk: string) => client.send(new PutItemCommand({ TableName: table, Item: { PK: { S: pk }, SK: { S: 'EVENT' } } }));
    await putIn('OLD');
    await waitFor(() => events.length === 1, 'the record of the first stream');
    // Each drained() looks at the shards again.
    for (let round = 0; round < 3; round += 1) await source.drained();
    expect(described).toHaveLength(1);

    await client.send(new UpdateTableCommand({ TableName: table, StreamSpecification: { StreamEnabled: false } }));
    await ensureTable(client, table);
    await putIn('NEW');
    // drained() looks at the shards at once rather than at the next five-second refresh.
    await source.drained();
    await waitFor(() => events.length === 2, 'the record of the new stream');
    expect(source.streamArn).not.toBe(firstArn);
    expect(pksOf(events[1])).toEqual(['NEW']);
    // A refresh while the stream was off finds the table without one: the source may say so, and looks again.
    expect(errors.filter(({ error, during }) => !(during === 'stream' && /has no stream/.test(String(error))))).toEqual([]);
    tableClient.destroy();
  });

  it('reads less and less often while nothing comes, and at once after wake() or drained()', async () => {
    const streams = new DynamoDBStreamsClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    let reads = 0;
    streams.middlewareStack.add(
      (next, context) => (args) => {
        if (context.commandName === 'GetRecordsCommand') reads += 1;
        return next(args);
      },
      { step: 'initialize' },
    );
    const { events, handler } = recording(() => undefined);
    try {
      // From 20 ms, doubling: about 7 rounds in two idle seconds where a steady 20 ms made about a hundred.
      await start(handler, { client: streams, tableClient: client, idlePollIntervalMs: 60_000 });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThanOrEqual(10);
      await source!.stop();

      // A wait of a minute after each empty round: only wake() or drained() reads the next record in time.
      await start(handler, { client: streams, tableClient: client, pollIntervalMs: 60_000, idlePollIntervalMs: 60_000 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await put('WOKEN');
      source!.wake();
      await waitFor(() => events.length === 1, 'the record read after wake()');
      await put('DRAINED');
      const drained = source!.drained().then(() => 'drained');
      expect(await Promise.race([drained, new Promise((resolve) => setTimeout(() => resolve('waited'), 10_000))])).toBe('drained');
      expect(events.flatMap(pksOf)).toEqual(['WOKEN', 'DRAINED']);
    } finally {
      await source?.stop();
      source = undefined;
      streams.destroy();
    }
  });

  it('refuses a batch size outside 1 to 1,000, and a table without a stream', async () => {
    await expect(startTableStreamSource({ endpoint: dynamo.endpoint, tableName: TABLE, batchSize: 1001, handler: async () => {} })).rejects.toThrow(/batchSize/);
    await client.send(
      new CreateTableCommand({
        TableName: 'racefinder-no-stream',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
      }),
    );
    await expect(startTableStreamSource({ endpoint: dynamo.endpoint, tableName: 'racefinder-no-stream', handler: async () => {} })).rejects.toThrow(/has no stream/);
  });
});

/**
 * A stream whose shards the test shapes, for what DynamoDB Local does not do on a test's time: close a shard and
 * open its child (AWS rolls shards over about every four hours), or expire an iterator.
 */
class ShapedStream {
  static readonly ARN = 'arn:aws:dynamodb:us-east-1:000000000000:table/shaped/stream/2026-11-29T00:00:00.000';
  readonly shards: { id: string; parent?: string; records: _Record[]; closed: boolean }[] = [];
  private sequence = 0;
  /** Iterators handed out, as [shard, type]; and reads to fail with an expired iterator. */
  readonly iterators: [string, string][] = [];
  expireNextRead = false;

  shard(id: string, parent?: string) {
    this.shards.push({ id, ...(parent ? { parent } : {}), records: [], closed: false });
  }
  write(shardId: string, pk: string) {
    this.sequence += 1;
    const record: _Record = {
      eventID: `event-${this.sequence}`,
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      dynamodb: { Keys: { PK: { S: pk } }, NewImage: { PK: { S: pk } }, SequenceNumber: String(this.sequence).padStart(21, '0'), SizeBytes: 10, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    };
    this.shards.find((shard) => shard.id === shardId)!.records.push(record);
  }
  close(shardId: string) {
    this.shards.find((shard) => shard.id === shardId)!.closed = true;
  }

  /** The clients the source is given: DescribeTable names the stream, the rest is the Streams API. */
  clients(): Pick<TableStreamSourceOptions, 'client' | 'tableClient'> {
    const send = async (command: unknown) => this.answer(command);
    return { client: { send } as unknown as DynamoDBStreamsClient, tableClient: { send } as unknown as DynamoDBClient };
  }

  private answer(command: unknown): unknown {
    if (command instanceof DescribeTableCommand) return { Table: { StreamSpecification: TABLE_STREAM, LatestStreamArn: ShapedStream.ARN } };
    if (command instanceof DescribeStreamCommand) {
      const shards = this.shards.map((shard) => ({
        ShardId: shard.id,
        ...(shard.parent ? { ParentShardId: shard.parent } : {}),
        SequenceNumberRange: { StartingSequenceNumber: '0', ...(shard.closed ? { EndingSequenceNumber: shard.records.at(-1)?.dynamodb?.SequenceNumber ?? '0' } : {}) },
      }));
      return { StreamDescription: { StreamArn: ShapedStream.ARN, Shards: shards } };
    }
    if (command instanceof GetShardIteratorCommand) {
      const { ShardId, ShardIteratorType, SequenceNumber } = command.input;
      const shard = this.shards.find((candidate) => candidate.id === ShardId)!;
      this.iterators.push([ShardId!, ShardIteratorType!]);
      const at = shard.records.findIndex((record) => record.dynamodb?.SequenceNumber === SequenceNumber);
      const index = { LATEST: shard.records.length, TRIM_HORIZON: 0, AT_SEQUENCE_NUMBER: at, AFTER_SEQUENCE_NUMBER: at + 1 }[ShardIteratorType!];
      return { ShardIterator: `${ShardId}|${index}` };
    }
    if (command instanceof GetRecordsCommand) {
      if (this.expireNextRead) {
        this.expireNextRead = false;
        throw new ExpiredIteratorException({ message: 'Iterator expired', $metadata: {} });
      }
      const [id, from] = command.input.ShardIterator!.split('|');
      const shard = this.shards.find((candidate) => candidate.id === id)!;
      const records = shard.records.slice(Number(from), Number(from) + (command.input.Limit ?? 1000));
      const next = Number(from) + records.length;
      return { Records: records, ...(shard.closed && next === shard.records.length ? {} : { NextShardIterator: `${id}|${next}` }) };
    }
    throw new Error(`the shaped stream does not answer ${String(command)}`);
  }
}

describe('table stream source on shards that change', () => {
  it('reads a child shard from its start only once its parent is read to its end, and never a shard closed before it started', async () => {
    const stream = new ShapedStream();
    stream.shard('old');
    stream.write('old', 'OLD');
    stream.close('old');
    stream.shard('parent', 'old');
    stream.write('parent', 'BEFORE');
    const { events, handler } = recording(() => undefined);
    source = await startTableStreamSource({ ...stream.clients(), tableName: 'shaped', handler, batchSize: 1, pollIntervalMs: 5, onError: (error, during) => errors.push({ error, during }) });

    // The parent gets three records and closes; its child, open already, has one of its own.
    for (const pk of ['P1', 'P2', 'P3']) stream.write('parent', pk);
    stream.shard('child', 'parent');
    stream.write('child', 'C1');
    stream.close('parent');
    await source.drained();

    expect(events.map(pksOf)).toEqual([['P1'], ['P2'], ['P3'], ['C1']]);
    expect(stream.iterators).toEqual([
      ['parent', 'LATEST'],
      ['child', 'TRIM_HORIZON'],
    ]);
    expect(events[0]!.Records[0]!.eventSourceARN).toBe(ShapedStream.ARN);
    expect(errors).toEqual([]);
  });

  it('takes a new iterator from its checkpoint when one expires, quietly and without a record lost or repeated', async () => {
    const stream = new ShapedStream();
    stream.shard('only');
    const { events, handler } = recording(() => undefined);
    source = await startTableStreamSource({ ...stream.clients(), tableName: 'shaped', handler, pollIntervalMs: 5, onError: (error, during) => errors.push({ error, during }) });
    stream.write('only', 'A');
    await source.drained();
    stream.expireNextRead = true;
    stream.write('only', 'B');
    await source.drained();

    expect(events.map(pksOf)).toEqual([['A'], ['B']]);
    expect(stream.iterators).toEqual([
      ['only', 'LATEST'],
      ['only', 'AFTER_SEQUENCE_NUMBER'],
    ]);
    expect(errors).toEqual([]);
  });
});
