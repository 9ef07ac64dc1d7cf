/**
 * The jobs leader's lease (platform/jobs/leader.ts, its one writer): one row per lease name, `jobs` the only one. The
 * holder keeps it by pushing `expires_at` before it passes; another instance takes it once it has passed (or was
 * released), bumping `epoch`. Every time is the database's (clock_timestamp()), so the instances' clocks never matter.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs_lease (
      name text PRIMARY KEY,
      holder text,
      epoch bigint NOT NULL DEFAULT 0 CHECK (epoch >= 0),
      expires_at timestamptz NOT NULL DEFAULT '-infinity'
    )`.execute(db);
  await sql`INSERT INTO jobs_lease (name) VALUES ('jobs')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE jobs_lease`.execute(db);
}
