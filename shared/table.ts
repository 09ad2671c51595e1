/**
 * The one DynamoDB table: key attribute names and index definitions. The CDK data construct, the local
 * bootstrap and the data modules all read these, so a key name is spelled in exactly one place.
 *
 * The global secondary indexes are generic (GSI1..GSI5) and each entity module decides what it writes into
 * them (see docs/data-model.md "Access patterns"). All five exist from the first deploy because CloudFormation can only
 * add one GSI per table update; creating them up front keeps later feature deploys to a single step.
 */
export const TABLE_NAME_DEFAULT = 'racefinder';

export const KEY = { pk: 'PK', sk: 'SK' } as const;

export type IndexName = 'GSI1' | 'GSI2' | 'GSI3' | 'GSI4' | 'GSI5';

export interface IndexDefinition {
  readonly name: IndexName;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export const INDEXES: readonly IndexDefinition[] = (['GSI1', 'GSI2', 'GSI3', 'GSI4', 'GSI5'] as const).map(
  (name) => ({ name, partitionKey: `${name}PK`, sortKey: `${name}SK` }),
);

/** Attribute DynamoDB deletes items by when its epoch-seconds value has passed. */
export const TTL_ATTRIBUTE = 'expiresAt';

/** Returns the definition of one index; the names are a closed set, so a miss is a programming error. */
export function indexOf(name: IndexName): IndexDefinition {
  const found = INDEXES.find((index) => index.name === name);
  if (!found) throw new Error(`Unknown index ${name}`);
  return found;
}
