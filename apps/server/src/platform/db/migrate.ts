/** Runs the versioned migrations (PGlite and PostgreSQL alike); kysely's migrator takes a lock. */
import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import type { AnyDb } from './connection';
import { migrations } from './migrations';

export async function migrate(db: AnyDb): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
    // Branches add migrations in parallel (0002, 0003, 0004 ...): a data directory that already ran a later one
    // must still accept an earlier one merged afterwards. Each migration is written to be order-independent.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
  }
  return results ?? [];
}
