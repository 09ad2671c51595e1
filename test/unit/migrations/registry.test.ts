/** The migrations folder and its list (lambdas/migrations/index.ts) agree: one file each, named by its id, in order. */
import { describe, expect, it } from 'vitest';
import { migrationIds } from '../../../infra/migrations.ts';
import { MIGRATIONS } from '../../../lambdas/migrations/index.ts';

describe('the data migrations', () => {
  it('are listed in the order of their files, each file holding the migration of its name', async () => {
    expect(MIGRATIONS.map((migration) => migration.id)).toEqual(migrationIds());
    for (const id of migrationIds()) {
      const module = (await import(`../../../lambdas/migrations/${id}.ts`)) as Record<string, { id?: string }>;
      expect(Object.values(module).map((exported) => exported.id), id).toEqual([id]);
    }
  });
});
