/**
 * Support desk and operator console: notices (per language, pinned, popup, forced), FAQ categories and items,
 * 1:1 inquiries with their replies, platform settings the console edits (the platform fee), and the audit log
 * of every console action. HTML bodies are stored already sanitized.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notices (
      notice_idx serial PRIMARY KEY,
      lang text NOT NULL CHECK (lang IN ('ko', 'en')),
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
      message text NOT NULL,
      list_type smallint NOT NULL DEFAULT 1 CHECK (list_type IN (1, 2)),
      flag_popup smallint NOT NULL DEFAULT 0 CHECK (flag_popup IN (0, 1)),
      flag_force smallint NOT NULL DEFAULT 0 CHECK (flag_force IN (0, 1) AND flag_force <= flag_popup),
      state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX notices_list ON notices (state, lang, list_type DESC, created_at DESC, notice_idx DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX notices_popup ON notices (flag_popup, state) WHERE flag_popup = 1 AND state = 1`.execute(db);

  await sql`
    CREATE TABLE faq_categories (
      faq_category_idx serial PRIMARY KEY,
      name_ko text NOT NULL CHECK (char_length(name_ko) BETWEEN 1 AND 50),
      name_en text NOT NULL CHECK (char_length(name_en) BETWEEN 1 AND 50),
      sort_order integer NOT NULL DEFAULT 0
    )`.execute(db);

  await sql`
    CREATE TABLE faq_items (
      faq_idx serial PRIMARY KEY,
      faq_category_idx integer NOT NULL REFERENCES faq_categories (faq_category_idx),
      lang text NOT NULL CHECK (lang IN ('ko', 'en')),
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
      message text NOT NULL,
      sort_order integer NOT NULL DEFAULT 0,
      state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX faq_items_category ON faq_items (faq_category_idx, sort_order, faq_idx)`.execute(db);

  await sql`
    CREATE TABLE inquiries (
      inquiry_idx serial PRIMARY KEY,
      member_idx integer NOT NULL REFERENCES members (member_idx) ON DELETE CASCADE,
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
      message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 1000),
      state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1)),
      reply text,
      replied_by text,
      replied_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((state = 1) = (reply IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX inquiries_member ON inquiries (member_idx, inquiry_idx DESC)`.execute(db);
  await sql`CREATE INDEX inquiries_state ON inquiries (state, inquiry_idx DESC)`.execute(db);

  await sql`
    CREATE TABLE platform_settings (
      key text PRIMARY KEY,
      value text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE audit_log (
      audit_idx bigserial PRIMARY KEY,
      operator_address text NOT NULL,
      operator_member_idx integer REFERENCES members (member_idx) ON DELETE SET NULL,
      action text NOT NULL,
      target_type text NOT NULL,
      target_idx text NOT NULL,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_log_created ON audit_log (created_at DESC, audit_idx DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_log', 'platform_settings', 'inquiries', 'faq_items', 'faq_categories', 'notices']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
