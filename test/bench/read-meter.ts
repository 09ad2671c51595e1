import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const READ_COMMANDS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand']);

export interface ReadMeter {
  /** Read capacity DynamoDB reported for every read since the meter was installed. */
  units: number;
  remove(): void;
}

/** Sums the read capacity DynamoDB reports for every read the client sends (ReturnConsumedCapacity TOTAL on each). */
export function installReadMeter(client: DynamoDBDocumentClient, name = 'benchReadMeter'): ReadMeter {
  const meter: ReadMeter = { units: 0, remove: () => client.middlewareStack.remove(name) };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!READ_COMMANDS.has(context.commandName ?? '')) return next(args);
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      for (const entry of [(result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity].flat()) {
        meter.units += (entry as { CapacityUnits?: number } | undefined)?.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: 'initialize', name },
  );
  return meter;
}
