/**
 * The watchlist (ours): what each member follows (a collection or an item, `WatchKind`), with an optional floor
 * alert threshold in percent and the floor per coin the next alert is measured from; and the collections' floor marks
 * the watchlist job takes of followed collections (the floor per coin at a time), from which the change over 24 hours
 * is read.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE watch_follows (
    member_idx integer NOT NULL,
    kind smallint NOT NULL CHECK (kind IN (1, 2)),
    target_idx integer NOT NULL,
    alert_percent smallint CHECK (alert_percent BETWEEN 1 AND 100),
    alert_base_att numeric(78, 0),
    alert_base_klay numeric(78, 0),
    created_at timestamptz NOT NULL,
    PRIMARY KEY (member_idx, kind, target_idx)
  )`.execute(db);
  await sql`CREATE INDEX watch_follows_target ON watch_follows (kind, target_idx)`.execute(db);
  await sql`CREATE TABLE watch_floor_marks (
    collection_idx integer NOT NULL,
    at timestamptz NOT NULL,
    floor_att numeric(78, 0),
    floor_klay numeric(78, 0),
    PRIMARY KEY (collection_idx, at)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE watch_floor_marks`.execute(db);
  await sql`DROP TABLE watch_follows`.execute(db);
}
