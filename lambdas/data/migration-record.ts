/**
 * The records of the data migrations (lambdas/migrations): one item each, PK MIGRATIONS, SK its id, saying how far
 * it got. The runner resumes from them; /admin/system shows them.
 */
import { MigrationRecordSchema, type MigrationRecord } from '#shared/schemas/migration';
import { defineEntity } from '#lib/kit/entity';
import { queryAll } from '#lib/kit/table';
import { isConditionFailure } from '#lib/transactions';

const MIGRATIONS_PARTITION = 'MIGRATIONS';
const migrationKey = (id: string) => ({ PK: MIGRATIONS_PARTITION, SK: id });
const records = defineEntity<MigrationRecord, [string]>({ name: 'migration', key: migrationKey, schema: MigrationRecordSchema });

/** Every migration's record, by id (a migration never started has none). */
export async function listMigrationRecords(): Promise<MigrationRecord[]> {
  const items = await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': MIGRATIONS_PARTITION }, ConsistentRead: true });
  return items.map(records.read);
}

/**
 * Writes a record over the one it was read as (`seen`, or none): false when another runner wrote it meanwhile,
 * which then owns that step.
 */
export async function saveMigrationRecord(record: MigrationRecord, seen: MigrationRecord | undefined): Promise<boolean> {
  try {
    await records.put(
      migrationKey(record.id),
      record,
      seen
        ? { condition: 'steps = :steps AND #status = :status', names: { '#status': 'status' }, values: { ':steps': seen.steps, ':status': seen.status } }
        : { condition: 'attribute_not_exists(PK)' },
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
