/**
 * Child process of seed-image.ts: writes the demo catalogue into a DynamoDB Local whose data folder is on
 * tmpfs (no disk sync per write), stops it, and moves its file to the image path atomically.
 *
 *   node --import tsx infra/local/seed/build-seed-image.ts <out.db> <count> <today> <seed>
 */
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TABLE_NAME_DEFAULT } from '#shared/table';
import { startDynamoDbLocal } from '../dynamodb-local.ts';
import { ensureTable } from '../table-bootstrap.ts';
import { applyHandlerEnvironment } from '../handler-env.ts';
import { DYNAMODB_LOCAL_FILE } from './seed-image.ts';

const [out, count, today, seed] = process.argv.slice(2);
if (!out || !count || !today || !seed) throw new Error('usage: build-seed-image.ts <out.db> <count> <today> <seed>');

const scratch = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'racefinder-seed-image-'));
try {
  const dynamo = await startDynamoDbLocal({ dataDir: scratch, quickJit: true });
  try {
    await ensureTable(dynamo.client, TABLE_NAME_DEFAULT);
    // The event store reads these when first imported (below), as a Lambda does at cold start.
    applyHandlerEnvironment({ tableName: TABLE_NAME_DEFAULT, dynamoEndpoint: dynamo.endpoint, logLevel: 'ERROR' });
    const { seedEvents } = await import('./seed-events.ts');
    await seedEvents(Number(count), today, Number(seed));
    // The ZIP and city directory of radius searches, so a start from the image need not write it.
    const { ensurePlaceDirectory } = await import('../../../lambdas/imports/normalize/place-directory.ts');
    await ensurePlaceDirectory();
  } finally {
    await dynamo.stop();
  }
  copyFileSync(join(scratch, DYNAMODB_LOCAL_FILE), `${out}.${process.pid}.tmp`);
  renameSync(`${out}.${process.pid}.tmp`, out);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(0);
