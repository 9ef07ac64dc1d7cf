/**
 * Referral rewards (spec 1 section 9): the member a sign-up came through (`members.referrer_member_idx`, written by
 * accounts), the ledger of 1 % of each sale whose buyer was referred (`referral_accruals`, one row per sale log:
 * the job that writes it also removes the row of a sale a reorg undid, and a rebuild from the chain, which writes
 * the same logs again, changes nothing), the job's cursor (`referral_cursor`: the indexer block it accrued up to),
 * and the payouts from the payout wallet (`referral_payouts`: one live row per referrer, coin and month, the
 * wallet's nonce reserved in the row and the signed transfer stored before it is sent, so a resend can never pay
 * twice).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN referrer_member_idx integer REFERENCES members (member_idx),
    ADD CONSTRAINT members_not_own_referrer CHECK (referrer_member_idx <> member_idx)`.execute(db);
  await sql`CREATE INDEX members_referrer ON members (referrer_member_idx) WHERE referrer_member_idx IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE referral_accruals (
      accrual_idx bigserial PRIMARY KEY,
      -- The sale's log (its trade_history row's key).
      chain_id integer NOT NULL,
      tx_hash text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
      log_index integer NOT NULL,
      block_number bigint NOT NULL,
      referrer_member_idx integer NOT NULL REFERENCES members (member_idx),
      buyer_member_idx integer NOT NULL REFERENCES members (member_idx),
      item_idx integer NOT NULL,
      symbol text NOT NULL CHECK (symbol IN ('ATT', 'KLAY')),
      sale_price numeric(78, 0) NOT NULL CHECK (sale_price >= 0),
      amount numeric(78, 0) NOT NULL CHECK (amount >= 0),
      sold_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX referral_accruals_log ON referral_accruals (chain_id, tx_hash, log_index)`.execute(db);
  await sql`CREATE INDEX referral_accruals_block ON referral_accruals (chain_id, block_number)`.execute(db);
  await sql`CREATE INDEX referral_accruals_referrer ON referral_accruals (referrer_member_idx, symbol)`.execute(db);

  await sql`
    CREATE TABLE referral_cursor (
      chain_id integer PRIMARY KEY,
      block_number bigint NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE referral_payouts (
      payout_idx bigserial PRIMARY KEY,
      referrer_member_idx integer NOT NULL REFERENCES members (member_idx),
      to_address text NOT NULL CHECK (to_address ~ '^0x[0-9a-f]{40}$'),
      symbol text NOT NULL CHECK (symbol IN ('ATT', 'KLAY')),
      -- The month (UTC) the payout belongs to, 'YYYY-MM'.
      period text NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}$'),
      amount numeric(78, 0) NOT NULL CHECK (amount > 0),
      -- 1 pending (written before the transfer is sent), 2 paid (receipt seen), 3 failed (reverted, or the nonce
      -- went to another transaction; its amount is back in the balance).
      state smallint NOT NULL DEFAULT 1 CHECK (state IN (1, 2, 3)),
      from_address text NOT NULL CHECK (from_address ~ '^0x[0-9a-f]{40}$'),
      chain_id integer NOT NULL,
      nonce bigint NOT NULL CHECK (nonce >= 0),
      -- The signed transfer, stored before it is broadcast: a restart sends exactly this again (same nonce, same hash).
      raw_tx text,
      tx_hash text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz,
      CHECK ((raw_tx IS NULL) = (tx_hash IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX referral_payouts_period ON referral_payouts (referrer_member_idx, symbol, period) WHERE state <> 3`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX referral_payouts_nonce ON referral_payouts (chain_id, from_address, nonce)`.execute(db);
  await sql`CREATE INDEX referral_payouts_open ON referral_payouts (nonce) WHERE state = 1`.execute(db);
  await sql`CREATE INDEX referral_payouts_referrer ON referral_payouts (referrer_member_idx, symbol)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE referral_payouts`.execute(db);
  await sql`DROP TABLE referral_cursor`.execute(db);
  await sql`DROP TABLE referral_accruals`.execute(db);
  await sql`DROP INDEX members_referrer`.execute(db);
  await sql`ALTER TABLE members DROP CONSTRAINT members_not_own_referrer, DROP COLUMN referrer_member_idx`.execute(db);
}
