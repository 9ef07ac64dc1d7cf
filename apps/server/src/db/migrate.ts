/** Runs the versioned migrations (PGlite and PostgreSQL alike); kysely's migrator takes a lock. */
import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations';

export async function migrate(db: Db): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
    // Areas add migrations in parallel (0002, 0003, 0004 ...): one merged later still runs on a database that has a newer one.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
  }
  return results ?? [];
}
