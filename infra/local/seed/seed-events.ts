import { DEFAULT_SEED, generateSeedEvents } from './generate-events.ts';

/**
 * Fills the local catalogue with `count` generated events, written through the same event store the
 * handlers use, so items, index keys and counters look exactly as if organizers had created them.
 * Returns the number written.
 *
 * The event store is imported here, not at the top: its DynamoDB client and table name are read from
 * process.env (TABLE_NAME, DYNAMODB_ENDPOINT, APP_VERSION) when the module first loads, and the local
 * runtime sets those only once DynamoDB Local is up.
 */
export async function seedEvents(count: number, today: string, seed: number = DEFAULT_SEED): Promise<number> {
  const events = generateSeedEvents({ count, today, seed });
  const { createEventsInBulk } = await import('../../../lambdas/data/event.ts');
  return createEventsInBulk(events);
}
