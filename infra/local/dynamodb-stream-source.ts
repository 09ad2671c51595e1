/**
 * A local Lambda event source mapping for the table's DynamoDB stream: what AWS runs between the table's stream
 * (infra/data.ts, NEW_AND_OLD_IMAGES) and a stream-reading Lambda, run in-process against DynamoDB Local's own
 * stream (or any DynamoDB endpoint) with the official Streams client, so the handler gets the event it gets in
 * AWS and its answer has the same effect:
 *
 * - it finds the stream (DescribeTable's LatestStreamArn) and its shards (DescribeStream), starts every open
 *   shard at LATEST when it starts (what was written before is not replayed, as a new mapping with
 *   StartingPosition LATEST), and follows the shards' lineage as Lambda does: a shard found later (a parent
 *   closed and its children opened) is read from its start (TRIM_HORIZON), and only once its parent has been
 *   read to its end, so a key's changes arrive in order;
 * - it reads each readable shard in turn (GetRecords, up to `batchSize` records, every `pollIntervalMs` while
 *   nothing comes) and calls the handler with a DynamoDBStreamEvent built as Lambda builds it (records with
 *   eventID, eventName, eventVersion '1.1', eventSource `aws:dynamodb`, awsRegion, dynamodb { ApproximateCreationDateTime
 *   in epoch seconds, Keys, NewImage, OldImage, SequenceNumber, SizeBytes, StreamViewType }, eventSourceARN the
 *   stream's ARN; attribute values in the wire form, binaries in base64). Region and ARN are the stream's own:
 *   DynamoDB Local says `ddblocal` and account 000000000000, and rounds creation times down to the minute;
 * - ReportBatchItemFailures: a sequence number in `batchItemFailures` is the checkpoint (the lowest, when there
 *   are several); that record and those after it come again from the shard (AT_SEQUENCE_NUMBER) after a
 *   backoff, while the shard's later records wait. A handler that throws, or answers with something Lambda
 *   cannot read (an itemIdentifier that is empty or not a record of the batch, a batchItemFailures that is not
 *   a list), failed the whole batch. After `maximumRetryAttempts` retries of the same checkpoint the records of
 *   the failing batch are discarded, reported through onError ('discard', with their sequence numbers, what
 *   Lambda sends an on-failure destination) and reading goes on after them, as Lambda's MaximumRetryAttempts
 *   does (Lambda's own default is to retry until the records expire, which would stall a shard for a day).
 *
 * One batch at a time across all shards (AWS runs one concurrent batch per shard: locally, order and logs are
 * easier to follow this way). Checkpoints live in memory: a restarted source starts at LATEST again. `stop()`
 * ends the wait or read in progress and resolves once the batch in hand is done; `drained()` resolves once
 * every shard has been read to its current end with no batch in hand or awaiting its retry, for tests.
 */
import type { AttributeValue as LambdaAttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ResourceNotFoundException,
  TrimmedDataAccessException,
  type AttributeValue,
  type Shard,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import * as z from 'zod';

export type TableStreamSourceStage = 'stream' | 'read' | 'handler' | 'discard';

export interface TableStreamSourceOptions {
  /** The Streams client to read with; or give `endpoint` and one is made (local credentials, us-east-1) and destroyed on stop. */
  readonly client?: DynamoDBStreamsClient;
  /** The DynamoDB client that finds the table's stream; made from `endpoint` the same way when not given. */
  readonly tableClient?: DynamoDBClient;
  readonly endpoint?: string;
  readonly tableName: string;
  readonly handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;
  /** Records per event, 1 to 1,000 (one GetRecords); 100 by default, as Lambda's. */
  readonly batchSize?: number;
  /** How long a round of reads that found nothing waits before the next; 250 by default (Lambda reads a shard four times a second). */
  readonly pollIntervalMs?: number;
  /**
   * While rounds keep finding nothing, the wait doubles from pollIntervalMs up to this (2,000 by default; never
   * below pollIntervalMs). A record, wake() or drained() brings it back. An idle local stack read its stream four
   * times a second for nothing, at a cost in DynamoDB Local and in this process that a stack running for minutes
   * (npm start, a test's) paid the whole time.
   */
  readonly idlePollIntervalMs?: number;
  /** Retries of a failing checkpoint before its batch is discarded (Lambda's MaximumRetryAttempts); 5 by default. */
  readonly maximumRetryAttempts?: number;
  /** The wait before the first retry, doubling for each retry after it up to 10 s; 500 by default. */
  readonly retryDelayMs?: number;
  /** Failed stream look-ups, reads and handlers, and discarded batches (default console.warn); the source goes on. */
  readonly onError?: (error: unknown, during: TableStreamSourceStage) => void;
  /**
   * The event source mapping's filter criteria: records it refuses never reach the handler (nor cost converting)
   * and are passed over, as Lambda's filters pass them over in AWS. Every record by default.
   */
  readonly filter?: (record: _Record) => boolean;
}

export interface TableStreamSource {
  /** The stream read, as each record's eventSourceARN names it. */
  readonly streamArn: string;
  /** Ends the wait or read in progress; resolves once the batch in hand is done. */
  stop(): Promise<void>;
  /**
   * Resolves once a round of reads that began after the call found every shard read to its current end, with no
   * batch in hand or awaiting a retry; rejects if the source is stopped first.
   */
  drained(): Promise<void>;
  /**
   * Ends an idle wait now and reads at pollIntervalMs again: for a writer that knows it may have changed the table
   * (the local gateway after a request that writes), so its change is not left waiting out the idle backoff.
   */
  wake(): void;
  /** Batches handed to the handler so far, retries included. */
  readonly batches: number;
  /** Records discarded after their retries ran out. */
  readonly discarded: number;
}

const OptionsSchema = z.object({
  tableName: z.string().min(3).max(255),
  batchSize: z.int().min(1).max(1000).default(100),
  pollIntervalMs: z.int().min(1).max(60_000).default(250),
  idlePollIntervalMs: z.int().min(1).max(60_000).default(2_000),
  maximumRetryAttempts: z.int().min(0).max(10_000).default(5),
  retryDelayMs: z.int().min(0).max(60_000).default(500),
});

/** What Lambda reads of a handler's answer; anything else fails the whole batch. */
const BatchResponseSchema = z
  .object({ batchItemFailures: z.array(z.object({ itemIdentifier: z.string().min(1) })).nullish() })
  .nullish();

const MAX_RETRY_DELAY_MS = 10_000;
/** The shard list is looked at again this often, and at once when a shard ends (its children are then there). */
const SHARD_REFRESH_MS = 5_000;
/** A failing look-up or read (DynamoDB Local not up, the table gone) is tried again after this, doubling up to the cap. */
const ERROR_RETRY_MS = 200;
const MAX_ERROR_RETRY_MS = 10_000;

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

/** An attribute value as the stream's JSON carries it, which is what Lambda puts in the event: binaries in base64. */
function wireValue(value: AttributeValue): LambdaAttributeValue {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: value.NULL };
  if (value.SS !== undefined) return { SS: value.SS };
  if (value.NS !== undefined) return { NS: value.NS };
  if (value.BS !== undefined) return { BS: value.BS.map((item) => Buffer.from(item).toString('base64')) };
  if (value.L !== undefined) return { L: value.L.map(wireValue) };
  if (value.M !== undefined) return { M: wireImage(value.M) };
  // DynamoDB Local's stream writes an empty map ({ M: {} } in the item) as a bare {} (seen with its GetRecords
  // answered raw, 2026-11-29): read it back as the empty map it was, as the stream in AWS gives it.
  if (Object.keys(value).length === 0) return { M: {} };
  throw new Error(`An attribute value of a type this source does not know: ${JSON.stringify(value)}`);
}

function wireImage(image: Record<string, AttributeValue>): Record<string, LambdaAttributeValue> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, wireValue(value)]));
}

/** The record Lambda hands a function for one stream record. */
export function dynamoDbRecord(record: _Record, eventSourceARN: string): DynamoDBRecord {
  const stream = record.dynamodb ?? {};
  const created = stream.ApproximateCreationDateTime;
  return {
    eventID: record.eventID ?? '',
    eventName: record.eventName,
    // Lambda's events say 1.1 whatever the emulator's records say.
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion ?? eventSourceARN.split(':')[3] ?? '',
    dynamodb: {
      // The Streams API gives whole epoch seconds, which the SDK turns into a Date; Lambda passes the number on.
      ...(created ? { ApproximateCreationDateTime: Math.floor(created.getTime() / 1000) } : {}),
      ...(stream.Keys ? { Keys: wireImage(stream.Keys) } : {}),
      ...(stream.NewImage ? { NewImage: wireImage(stream.NewImage) } : {}),
      ...(stream.OldImage ? { OldImage: wireImage(stream.OldImage) } : {}),
      SequenceNumber: stream.SequenceNumber ?? '',
      SizeBytes: stream.SizeBytes ?? 0,
      ...(stream.StreamViewType ? { StreamViewType: stream.StreamViewType } : {}),
    },
    // Deletes by TTL say who made them; Lambda writes the Streams API's Identity in camel case.
    ...(record.userIdentity ? { userIdentity: { type: record.userIdentity.Type, principalId: record.userIdentity.PrincipalId } } : {}),
    eventSourceARN,
  };
}

/**
 * The index in the batch of the first record to deliver again, undefined when the batch succeeded, or 'all'
 * when it failed whole: an answer Lambda cannot read, or one naming a sequence number that is not in the batch.
 */
export function retryFrom(answer: unknown, batch: readonly DynamoDBRecord[]): number | 'all' | undefined {
  const parsed = BatchResponseSchema.safeParse(answer);
  if (!parsed.success) return 'all';
  const failures = parsed.data?.batchItemFailures ?? [];
  if (failures.length === 0) return undefined;
  const sequenceNumbers = batch.map((record) => record.dynamodb?.SequenceNumber);
  const indexes = failures.map(({ itemIdentifier }) => sequenceNumbers.indexOf(itemIdentifier));
  // A shard's records come in sequence order, so the lowest sequence number named is the earliest index.
  return indexes.includes(-1) ? 'all' : Math.min(...indexes);
}

type Position =
  | { readonly type: 'LATEST' | 'TRIM_HORIZON' }
  | { readonly type: 'AT_SEQUENCE_NUMBER' | 'AFTER_SEQUENCE_NUMBER'; readonly sequenceNumber: string };

interface ShardState {
  readonly id: string;
  readonly parentId: string | undefined;
  /** Where a new iterator starts: the checkpoint. */
  position: Position;
  iterator: string | undefined;
  /** Read to its end: closed, and every record of it handled or discarded. */
  ended: boolean;
  /** A failed checkpoint waiting for its retry. */
  retry: { readonly sequenceNumber: string; readonly failures: number; readonly at: number } | undefined;
}

const isOpen = (shard: Shard) => !shard.SequenceNumberRange?.EndingSequenceNumber;

export async function startTableStreamSource(options: TableStreamSourceOptions): Promise<TableStreamSource> {
  const parsed = OptionsSchema.safeParse(options);
  if (!parsed.success) throw new Error(`table stream source: invalid options: ${z.prettifyError(parsed.error)}`);
  const { tableName, batchSize, pollIntervalMs, maximumRetryAttempts, retryDelayMs } = parsed.data;
  const idlePollIntervalMs = Math.max(parsed.data.idlePollIntervalMs, pollIntervalMs);
  if ((!options.client || !options.tableClient) && !options.endpoint) throw new Error('table stream source: give both clients or an endpoint.');
  const local = { endpoint: options.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  const ownClient = options.client ? undefined : new DynamoDBStreamsClient(local);
  const ownTableClient = options.tableClient ? undefined : new DynamoDBClient(local);
  const client = options.client ?? ownClient!;
  const tableClient = options.tableClient ?? ownTableClient!;
  const destroyOwnClients = () => {
    ownClient?.destroy();
    ownTableClient?.destroy();
  };
  const onError =
    options.onError ?? ((error: unknown, during: string) => console.warn(`table stream source (${tableName}), ${during}: ${error instanceof Error ? error.message : String(error)}`));

  const stopping = new AbortController();
  const signal = stopping.signal;
  const shards = new Map<string, ShardState>();
  let batches = 0;
  let discarded = 0;

  const latestStreamArn = async (): Promise<string> => {
    const { Table } = await tableClient.send(new DescribeTableCommand({ TableName: tableName }), { abortSignal: signal });
    const arn = Table?.StreamSpecification?.StreamEnabled ? Table.LatestStreamArn : undefined;
    if (!arn) throw new Error(`table ${tableName} has no stream (infra/local/table-bootstrap.ts ensureTable turns it on)`);
    return arn;
  };

  /** The stream's shards, or undefined once it is no longer live (disabled, or gone with its table). */
  const describeShards = async (arn: string): Promise<Shard[] | undefined> => {
    const found: Shard[] = [];
    let exclusiveStartShardId: string | undefined;
    do {
      let description;
      try {
        ({ StreamDescription: description } = await client.send(
          new DescribeStreamCommand({ StreamArn: arn, ...(exclusiveStartShardId ? { ExclusiveStartShardId: exclusiveStartShardId } : {}) }),
          { abortSignal: signal },
        ));
      } catch (error) {
        if (error instanceof ResourceNotFoundException) return undefined;
        throw error;
      }
      if (description?.StreamStatus === 'DISABLING' || description?.StreamStatus === 'DISABLED') return undefined;
      found.push(...(description?.Shards ?? []));
      exclusiveStartShardId = description?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
    return found;
  };

  /** Adds the shards not seen before; at start open ones begin at LATEST and closed ones count as read. */
  const addShards = (found: readonly Shard[], atStart: boolean) => {
    for (const shard of found) {
      if (!shard.ShardId || shards.has(shard.ShardId)) continue;
      shards.set(shard.ShardId, {
        id: shard.ShardId,
        parentId: shard.ParentShardId,
        // Found later, a shard holds only records written since the start (its parent was open then): all of them.
        position: { type: atStart ? 'LATEST' : 'TRIM_HORIZON' },
        iterator: undefined,
        ended: atStart && !isOpen(shard),
        retry: undefined,
      });
    }
  };

  const iteratorAt = async (arn: string, shard: ShardState): Promise<string | undefined> => {
    const { position } = shard;
    const { ShardIterator } = await client.send(
      new GetShardIteratorCommand({
        StreamArn: arn,
        ShardId: shard.id,
        ShardIteratorType: position.type,
        ...('sequenceNumber' in position ? { SequenceNumber: position.sequenceNumber } : {}),
      }),
      { abortSignal: signal },
    );
    return ShardIterator;
  };

  // Stream and shards are found, and open shards given their LATEST iterators, before the start resolves:
  // whatever is written after it is delivered.
  let streamArn: string;
  try {
    streamArn = await latestStreamArn();
    addShards((await describeShards(streamArn)) ?? [], true);
    for (const shard of shards.values()) if (!shard.ended) shard.iterator = await iteratorAt(streamArn, shard);
  } catch (error) {
    destroyOwnClients();
    throw error;
  }

  /** Whether the shard may be read now: not ended, its parent (if still known) read to its end, no retry waiting. */
  const readable = (shard: ShardState, now: number) => {
    if (shard.ended || (shard.retry && shard.retry.at > now)) return false;
    const parent = shard.parentId ? shards.get(shard.parentId) : undefined;
    return !parent || parent.ended;
  };

  /**
   * New shards come from DescribeStream of the stream in hand. The table is asked for its stream (DescribeTable)
   * only when that stream is no longer live: DynamoDB Local answers DescribeTable by reading the whole table for
   * its size, 0.4 s of its CPU on the seeded catalogue, which every refresh (each 5 s) once cost an idle stack.
   */
  const refreshShards = async () => {
    const found = await describeShards(streamArn);
    if (found) {
      addShards(found, false);
      return;
    }
    const arn = await latestStreamArn();
    if (arn !== streamArn) {
      // The stream was turned off and on again, or the table made anew: everything in the new one is news.
      streamArn = arn;
      shards.clear();
    }
    addShards((await describeShards(streamArn)) ?? [], false);
  };

  /** The outcome of a failed delivery of `records` from `index` on: a retry after a backoff, or the discard. */
  const failed = (shard: ShardState, records: readonly DynamoDBRecord[], index: number, closesShard: boolean) => {
    const sequenceNumber = records[index]!.dynamodb!.SequenceNumber!;
    // A retry that fails further on moved the checkpoint: its count starts again.
    const failures = (shard.retry?.sequenceNumber === sequenceNumber ? shard.retry.failures : 0) + 1;
    shard.iterator = undefined;
    if (failures - 1 < maximumRetryAttempts) {
      shard.position = { type: 'AT_SEQUENCE_NUMBER', sequenceNumber };
      shard.retry = { sequenceNumber, failures, at: Date.now() + Math.min(retryDelayMs * 2 ** (failures - 1), MAX_RETRY_DELAY_MS) };
      return;
    }
    const dropped = records.slice(index);
    const last = dropped.at(-1)!.dynamodb!.SequenceNumber!;
    discarded += dropped.length;
    onError(
      new Error(`${dropped.length} record(s) of shard ${shard.id} discarded after ${maximumRetryAttempts} retries: sequence numbers ${sequenceNumber} to ${last}`),
      'discard',
    );
    shard.retry = undefined;
    shard.position = { type: 'AFTER_SEQUENCE_NUMBER', sequenceNumber: last };
    shard.ended = closesShard;
  };

  /** One GetRecords from the shard and, if it brought records, one handler call; answers how many it brought. */
  const readShard = async (shard: ShardState): Promise<number> => {
    shard.iterator ??= await iteratorAt(streamArn, shard);
    if (!shard.iterator) {
      shard.ended = true;
      return 0;
    }
    const output = await client.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: batchSize }), { abortSignal: signal });
    const closesShard = !output.NextShardIterator;
    shard.iterator = output.NextShardIterator;
    const streamRecords = output.Records ?? [];
    if (streamRecords.length === 0) {
      // Nothing at a retry's checkpoint: the record is gone (trimmed), so there is nothing left to retry.
      shard.retry = undefined;
      shard.ended = closesShard;
      return 0;
    }
    const kept = options.filter ? streamRecords.filter(options.filter) : streamRecords;
    const lastRead = streamRecords.at(-1)!.dynamodb!.SequenceNumber!;
    if (kept.length === 0) {
      shard.retry = undefined;
      shard.position = { type: 'AFTER_SEQUENCE_NUMBER', sequenceNumber: lastRead };
      shard.ended = closesShard;
      return streamRecords.length;
    }
    const records = kept.map((record) => dynamoDbRecord(record, streamArn));
    batches += 1;
    let index: number | undefined;
    try {
      const answer = await options.handler({ Records: records });
      const from = retryFrom(answer, records);
      if (from === 'all') onError(new Error(`The handler's answer fails the whole batch, as Lambda reads it: ${JSON.stringify(answer)}`), 'handler');
      index = from === 'all' ? 0 : from;
    } catch (error) {
      onError(error, 'handler');
      index = 0;
    }
    if (index === undefined) {
      shard.retry = undefined;
      // Past every record read, those the filter passed over after the last one kept included.
      shard.position = { type: 'AFTER_SEQUENCE_NUMBER', sequenceNumber: lastRead };
      shard.ended = closesShard;
    } else {
      failed(shard, records, index, closesShard);
    }
    return streamRecords.length;
  };

  /** Read errors a fresh iterator cures; others are reported and the shard is tried again next round. */
  const readFailed = (shard: ShardState, error: unknown) => {
    shard.iterator = undefined;
    if (error instanceof ExpiredIteratorException) return;
    // The checkpoint is older than the stream keeps (24 hours in AWS): go on from the oldest record there is.
    if (error instanceof TrimmedDataAccessException) shard.position = { type: 'TRIM_HORIZON' };
    onError(error, 'read');
  };

  let roundsStarted = 0;
  const waiters: { afterRound: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  /** The wait after the next round that finds nothing: pollIntervalMs, doubling while rounds keep finding nothing. */
  let idleWaitMs = pollIntervalMs;
  /** Ends the idle wait in progress, if there is one. */
  let endIdleWait: (() => void) | undefined;
  const wake = () => {
    idleWaitMs = pollIntervalMs;
    endIdleWait?.();
  };
  const idleWait = (ms: number) => {
    const woken = new AbortController();
    endIdleWait = () => woken.abort();
    return sleep(ms, AbortSignal.any([signal, woken.signal])).finally(() => (endIdleWait = undefined));
  };

  const poll = async () => {
    let errorRetryMs = ERROR_RETRY_MS;
    const backOff = async (error: unknown, during: TableStreamSourceStage) => {
      onError(error, during);
      await sleep(errorRetryMs, signal);
      errorRetryMs = Math.min(errorRetryMs * 2, MAX_ERROR_RETRY_MS);
    };
    let refreshedAt = Date.now();
    let refreshWanted = false;
    while (!signal.aborted) {
      roundsStarted += 1;
      const round = roundsStarted;
      // A waiter for drained() wants the shard list as it is now, not as it was up to five seconds ago.
      if (refreshWanted || waiters.length > 0 || Date.now() - refreshedAt >= SHARD_REFRESH_MS) {
        try {
          await refreshShards();
          refreshedAt = Date.now();
          refreshWanted = false;
        } catch (error) {
          if (!signal.aborted) await backOff(error, 'stream');
          continue;
        }
      }
      let read = 0;
      let readError: unknown;
      const now = Date.now();
      for (const shard of [...shards.values()].filter((candidate) => readable(candidate, now))) {
        if (signal.aborted) break;
        try {
          read += await readShard(shard);
        } catch (error) {
          if (signal.aborted) break;
          readError = error;
          readFailed(shard, error);
        }
        // A shard read to its end may have children waiting: find them at once.
        if (shard.ended) refreshWanted = true;
      }
      if (signal.aborted) break;
      if (readError !== undefined && !(readError instanceof ExpiredIteratorException)) {
        await sleep(errorRetryMs, signal);
        errorRetryMs = Math.min(errorRetryMs * 2, MAX_ERROR_RETRY_MS);
        continue;
      }
      errorRetryMs = ERROR_RETRY_MS;
      if (read > 0 || readError !== undefined || refreshWanted) {
        idleWaitMs = pollIntervalMs;
        continue;
      }
      const retries = [...shards.values()].flatMap((shard) => (shard.retry ? [shard.retry.at] : []));
      if (retries.length === 0) {
        for (const waiter of waiters.filter((entry) => entry.afterRound < round)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      const waitMs = idleWaitMs;
      idleWaitMs = Math.min(idleWaitMs * 2, idlePollIntervalMs);
      await idleWait(Math.max(0, Math.min(waitMs, ...retries.map((at) => at - Date.now()))));
    }
  };
  const polling = poll();

  return {
    get streamArn() {
      return streamArn;
    },
    get batches() {
      return batches;
    },
    get discarded() {
      return discarded;
    },
    stop: async () => {
      stopping.abort();
      await polling;
      destroyOwnClients();
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('table stream source stopped before it drained'));
    },
    drained: () =>
      new Promise<void>((resolve, reject) => {
        if (signal.aborted) reject(new Error('table stream source stopped before it drained'));
        else {
          waiters.push({ afterRound: roundsStarted, resolve, reject });
          wake();
        }
      }),
    wake,
  };
}
