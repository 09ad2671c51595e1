/**
 * Counts what a DynamoDB client writes: write requests by the kind of item they touch (events and their search
 * postings and counters, against job bookkeeping), and the write capacity units DynamoDB reports for them
 * (each write is sent with ReturnConsumedCapacity TOTAL). Installed as a middleware on the client the
 * handlers use, so nothing in the handlers changes to be measured.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const WRITE_COMMANDS = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);

/** Items of the catalogue: events, their search postings, counters and planner statistics. */
export const isCatalogueKey = (pk: string) => /^(EVENT#|IDX#|COUNTER$|SEARCHSTATS$)/.test(pk);

export interface WriteMeter {
  /** Write requests per item, by whether the item belongs to the catalogue. */
  readonly items: { catalogue: number; other: number };
  /** Write capacity units DynamoDB reported for requests that wrote catalogue items, and for the others. */
  readonly capacityUnits: { catalogue: number; other: number };
  reset(): void;
  remove(): void;
}

type Attribute = string | { S?: string } | undefined;
const pkOf = (key: Record<string, Attribute> | undefined): string => {
  const value = key?.PK;
  return typeof value === 'string' ? value : (value?.S ?? '');
};

function keysWritten(commandName: string, input: Record<string, unknown>): string[] {
  switch (commandName) {
    case 'PutItemCommand':
      return [pkOf(input.Item as Record<string, Attribute>)];
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return [pkOf(input.Key as Record<string, Attribute>)];
    case 'BatchWriteItemCommand':
      return Object.values((input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item: never }; DeleteRequest?: { Key: never } }[]>)
        .flat()
        .map((request) => pkOf(request.PutRequest?.Item ?? request.DeleteRequest?.Key));
    case 'TransactWriteItemsCommand':
      return ((input.TransactItems ?? []) as { Put?: { Item: never }; Update?: { Key: never }; Delete?: { Key: never } }[])
        .filter((item) => item.Put || item.Update || item.Delete)
        .map((item) => pkOf(item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key));
    default:
      return [];
  }
}

const sumCapacity = (consumed: unknown): number =>
  [consumed]
    .flat()
    .reduce<number>((sum, entry) => sum + (((entry as { CapacityUnits?: number } | undefined)?.CapacityUnits) ?? 0), 0);

export function installWriteMeter(client: DynamoDBDocumentClient): WriteMeter {
  const name = `writeMeter${Math.random().toString(36).slice(2)}`;
  const meter: WriteMeter = {
    items: { catalogue: 0, other: 0 },
    capacityUnits: { catalogue: 0, other: 0 },
    reset() {
      meter.items.catalogue = 0;
      meter.items.other = 0;
      meter.capacityUnits.catalogue = 0;
      meter.capacityUnits.other = 0;
    },
    remove() {
      client.middlewareStack.remove(name);
    },
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const commandName = context.commandName ?? '';
      if (!WRITE_COMMANDS.has(commandName)) return next(args);
      // By the build step the document client has marshalled the input into attribute values.
      const input = args.input as Record<string, unknown>;
      const keys = keysWritten(commandName, input);
      for (const pk of keys) {
        if (isCatalogueKey(pk)) meter.items.catalogue += 1;
        else meter.items.other += 1;
      }
      input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const units = sumCapacity((result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity);
      if (keys.some(isCatalogueKey)) meter.capacityUnits.catalogue += units;
      else meter.capacityUnits.other += units;
      return result;
    },
    { step: 'build', name },
  );
  return meter;
}
