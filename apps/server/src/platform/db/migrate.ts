/** Runs the versioned migrations (PGlite and PostgreSQL alike); kysely's migrator takes a lock. */
import { Migrator, sql, type Kysely, type MigrationResult } from 'kysely';
import type { AnyDb } from './connection';
import { migrations } from './migrations';

/**
 * The names of the migrations already run, or none when kysely's table does not exist yet. One cheap query: kysely's
 * own check reads the whole catalogue twice (its introspection), 4 s on PGlite here and 15 s on a loaded CI
 * machine, on every start of an instance that has nothing to migrate.
 */
async function appliedMigrations(db: AnyDb): Promise<Set<string> | undefined> {
  const exists = await sql<{ ok: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS ok`.execute(db);
  if (!exists.rows[0]?.ok) return undefined;
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

export async function migrate(db: AnyDb): Promise<MigrationResult[]> {
  const applied = await appliedMigrations(db);
  // Nothing to run: skip the migrator (and its lock); a pending migration still goes through it, under its lock.
  if (applied && Object.keys(migrations).every((name) => applied.has(name))) return [];
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
