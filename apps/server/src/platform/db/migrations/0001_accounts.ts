/**
 * Accounts, sign-in and reference data. Money is numeric(78,0) wei; addresses are stored lowercase; user
 * names and e-mails are unique case-insensitively.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE members (
      member_idx serial PRIMARY KEY,
      user_name text NOT NULL CHECK (char_length(user_name) BETWEEN 1 AND 64),
      address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
      email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
      email_verified_at timestamptz,
      about_me text NOT NULL DEFAULT '' CHECK (char_length(about_me) <= 1000),
      profile_file text,
      banner_file text,
      lang text NOT NULL DEFAULT 'ko' CHECK (lang IN ('ko', 'en')),
      flag_item_sell smallint NOT NULL DEFAULT 1 CHECK (flag_item_sell IN (0, 1)),
      flag_bid smallint NOT NULL DEFAULT 1 CHECK (flag_bid IN (0, 1)),
      flag_accept_offer smallint NOT NULL DEFAULT 1 CHECK (flag_accept_offer IN (0, 1)),
      flag_expired_sell smallint NOT NULL DEFAULT 1 CHECK (flag_expired_sell IN (0, 1)),
      flag_over_offer smallint NOT NULL DEFAULT 1 CHECK (flag_over_offer IN (0, 1)),
      flag_min_offer smallint NOT NULL DEFAULT 0 CHECK (flag_min_offer IN (0, 1)),
      flag_email smallint NOT NULL DEFAULT 1 CHECK (flag_email IN (0, 1)),
      min_offer_price_klay numeric(78, 0) NOT NULL DEFAULT 0 CHECK (min_offer_price_klay >= 0),
      min_offer_price_att numeric(78, 0) NOT NULL DEFAULT 0 CHECK (min_offer_price_att >= 0),
      state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'blocked', 'deleted')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX members_user_name_key ON members (lower(user_name))`.execute(db);
  await sql`CREATE UNIQUE INDEX members_address_key ON members (address)`.execute(db);
  await sql`CREATE UNIQUE INDEX members_email_key ON members (lower(email))`.execute(db);

  await sql`
    CREATE TABLE email_certs (
      cert_idx serial PRIMARY KEY,
      member_idx integer REFERENCES members (member_idx) ON DELETE SET NULL,
      address text NOT NULL,
      email text NOT NULL,
      code_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      voided_at timestamptz,
      used_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_certs_member_idx ON email_certs (member_idx, cert_idx DESC)`.execute(db);
  await sql`CREATE INDEX email_certs_address_created ON email_certs (address, created_at)`.execute(db);
  await sql`CREATE INDEX email_certs_email_created ON email_certs (lower(email), created_at)`.execute(db);

  await sql`
    CREATE TABLE sign_in_nonces (
      nonce text PRIMARY KEY,
      address text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sign_in_nonces_expires ON sign_in_nonces (expires_at)`.execute(db);

  await sql`
    CREATE TABLE tickets (
      ticket_hash text PRIMARY KEY,
      member_idx integer NOT NULL REFERENCES members (member_idx) ON DELETE CASCADE,
      address text NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX tickets_member ON tickets (member_idx)`.execute(db);
  await sql`CREATE INDEX tickets_expires ON tickets (expires_at)`.execute(db);

  await sql`
    CREATE TABLE categories (
      category_idx integer PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name_ko text NOT NULL,
      name_en text NOT NULL,
      file_name text NOT NULL DEFAULT '',
      sort_order integer NOT NULL DEFAULT 0
    )`.execute(db);

  await sql`
    CREATE TABLE token_prices (
      symbol text PRIMARY KEY CHECK (symbol IN ('ATT', 'KLAY')),
      usd_price numeric(38, 18) NOT NULL CHECK (usd_price >= 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['token_prices', 'categories', 'tickets', 'sign_in_nonces', 'email_certs', 'members']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
