/**
 * Bilingual home tips (curation type 5): an English title and text beside the Korean ones. Both or neither (the
 * home shows the Korean pair when a tip has no English one), and only on a tip entry.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE curation_entries
      ADD COLUMN title_en text CHECK (char_length(title_en) BETWEEN 1 AND 60),
      ADD COLUMN detail_en text CHECK (char_length(detail_en) BETWEEN 1 AND 200),
      ADD CONSTRAINT curation_entries_tip_en CHECK ((title_en IS NULL) = (detail_en IS NULL) AND (title_en IS NULL OR connect_url IS NOT NULL))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE curation_entries DROP CONSTRAINT curation_entries_tip_en, DROP COLUMN detail_en, DROP COLUMN title_en`.execute(
    db,
  );
}
