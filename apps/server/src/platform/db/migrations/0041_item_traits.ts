/**
 * Item traits (the metadata's `attributes`): one row per trait of an item, in the creator's order. `value` is the
 * text as filtered and counted (a number's shortest decimal text); `is_number` says it is a number and `max_value`
 * its optional maximum. `collection_idx` follows the item (the items module writes both in one transaction), so a
 * collection's filter reads one index: (collection_idx, trait_type, value, item_idx).
 *
 * `item_trait_counts` is the rollup the trait filter's counts read (one range scan of its key instead of a count
 * over every trait row of the collection): per collection, type and value, how many shown items (not deleted, not
 * hidden) carry it. Triggers keep it in the writer's transaction: statement-level on item_traits (the rows written
 * or removed, of shown items, added or subtracted as one set, in key order so two writers lock counts in the same
 * order), and row-level on items when an item starts or stops being shown (hidden, shown again, deleted). Items
 * are never removed (a delete sets deleted_at), so the traits' key to them has no cascade.
 */
import { HideState } from '@att/shared';
import { sql, type Kysely } from 'kysely';

const SHOWN = (i: string) => `(${i}.deleted_at IS NULL AND ${i}.hide_state = ${HideState.Shown})`;

/** Adds a set of (collection_idx, trait_type, value, delta) to the counts (a count at 0 stays; readers skip it). */
const apply = (deltas: string) => `
  INSERT INTO item_trait_counts AS t (collection_idx, trait_type, value, item_count)
  SELECT collection_idx, trait_type, value, sum(delta)::int FROM (${deltas}) x GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (collection_idx, trait_type, value) DO UPDATE SET item_count = t.item_count + EXCLUDED.item_count;`;

const rowsOf = (table: string, sign: 1 | -1) => `
  SELECT r.collection_idx, r.trait_type, r.value, ${sign} AS delta FROM ${table} r
  JOIN items i ON i.item_idx = r.item_idx WHERE ${SHOWN('i')}`;

const TRIGGERS = {
  ins: { body: apply(rowsOf('new_rows', 1)), refs: 'NEW TABLE AS new_rows', on: 'INSERT' },
  del: { body: apply(rowsOf('old_rows', -1)), refs: 'OLD TABLE AS old_rows', on: 'DELETE' },
  upd: {
    body: apply(`${rowsOf('old_rows', -1)} UNION ALL ${rowsOf('new_rows', 1)}`),
    refs: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
    on: 'UPDATE',
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE item_traits (
    item_idx integer NOT NULL REFERENCES items (item_idx),
    position smallint NOT NULL,
    collection_idx integer NOT NULL,
    trait_type text NOT NULL,
    value text NOT NULL,
    is_number boolean NOT NULL DEFAULT false,
    max_value numeric,
    PRIMARY KEY (item_idx, position)
  )`.execute(db);
  await sql`CREATE INDEX item_traits_collection ON item_traits (collection_idx, trait_type, value, item_idx)`.execute(
    db,
  );
  await sql`CREATE TABLE item_trait_counts (
    collection_idx integer NOT NULL,
    trait_type text NOT NULL,
    value text NOT NULL,
    item_count integer NOT NULL,
    PRIMARY KEY (collection_idx, trait_type, value)
  )`.execute(db);
  for (const [name, t] of Object.entries(TRIGGERS)) {
    await sql
      .raw(
        `CREATE FUNCTION item_trait_counts_${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${t.body} RETURN NULL; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER item_traits_counts_${name} AFTER ${t.on} ON item_traits REFERENCING ${t.refs}
          FOR EACH STATEMENT EXECUTE FUNCTION item_trait_counts_${name}()`,
      )
      .execute(db);
  }
  // An item that starts or stops being shown adds or removes its traits.
  await sql
    .raw(
      `CREATE FUNCTION item_trait_counts_shown() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${apply(`
        SELECT t.collection_idx, t.trait_type, t.value, CASE WHEN ${SHOWN('NEW')} THEN 1 ELSE -1 END AS delta
        FROM item_traits t WHERE t.item_idx = NEW.item_idx`)} RETURN NULL; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER items_trait_counts AFTER UPDATE OF hide_state, deleted_at ON items FOR EACH ROW
        WHEN (${SHOWN('OLD')} IS DISTINCT FROM ${SHOWN('NEW')}) EXECUTE FUNCTION item_trait_counts_shown()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER items_trait_counts ON items`.execute(db);
  await sql`DROP FUNCTION item_trait_counts_shown()`.execute(db);
  await sql`DROP TABLE item_traits`.execute(db);
  for (const name of Object.keys(TRIGGERS)) await sql.raw(`DROP FUNCTION item_trait_counts_${name}()`).execute(db);
  await sql`DROP TABLE item_trait_counts`.execute(db);
}
