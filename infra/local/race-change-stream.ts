/**
 * The race-change reader of the local stack, as AWS runs it on the table's stream (issue 23): the table stream
 * source (dynamodb-stream-source.ts) feeding lambdas/notifications/race-changes.ts, in this process. Its module
 * (the fan-out to savers and what it loads) is imported with the first batch, once the handlers' environment is
 * complete, so a stack in which no race changes never loads it.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { startTableStreamSource, type TableStreamSource, type TableStreamSourceOptions } from './dynamodb-stream-source.ts';

/** Records per event: Lambda's default for a stream, which the AWS mapping should keep so both read alike. */
export const RACE_CHANGE_BATCH_SIZE = 100;

export interface RaceChangeStreamOptions {
  /** DynamoDB Local's endpoint (its stream is served there too). */
  readonly endpoint: string;
  readonly tableName: string;
  /** For tests: how long an idle round of reads waits (250 ms by default). */
  readonly pollIntervalMs?: number;
  readonly onError?: TableStreamSourceOptions['onError'];
}

export async function startRaceChangeStream(options: RaceChangeStreamOptions): Promise<TableStreamSource> {
  let reader: Promise<(event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>> | undefined;
  return startTableStreamSource({
    endpoint: options.endpoint,
    tableName: options.tableName,
    batchSize: RACE_CHANGE_BATCH_SIZE,
    // As the AWS mapping's filter criteria (infra/notifications.ts): changed event items only. Everything else a
    // busy table writes (postings, counters, a bulk import's thousands of items) is passed over unconverted.
    filter: (record) => record.eventName === 'MODIFY' && record.dynamodb?.NewImage?.entity?.S === 'event',
    ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
    handler: async (event) => {
      // A failed import (a syntax error while editing) is tried again with the retry, not kept for good.
      reader ??= import('../../lambdas/notifications/race-changes.ts').then(
        (module) => module.handler,
        (error: unknown) => {
          reader = undefined;
          throw error;
        },
      );
      return (await reader)(event);
    },
    onError: options.onError ?? ((error, during) => console.warn(`race changes (${during}):`, error instanceof Error ? error.message : error)),
  });
}
