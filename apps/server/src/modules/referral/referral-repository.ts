/**
 * The referral ledger (SQL only; use cases decide return codes): accruals of sales whose buyer was referred, the
 * accrual cursor, the payouts and the member's summary and ledger pages.
 */
import {
  PayoutState,
  REFERRAL_BPS,
  REFERRAL_PAYOUT_MIN,
  TOKEN_SYMBOLS,
  TRADE_EVENTS,
  type TokenSymbol,
} from '@att/shared';
import { sql } from 'kysely';
import { repositoryOf } from '../../platform/db/repository';
import type { Db } from '../schema';
import { historyRows, indexerCursor } from '../trading';

const SALE_EVENTS = [...TRADE_EVENTS];

export interface PayoutRow {
  payout_idx: string;
  referrer_member_idx: number;
  to_address: string;
  symbol: TokenSymbol;
  amount: string;
  state: number;
  from_address: string;
  chain_id: number;
  nonce: string;
  raw_tx: string | null;
  tx_hash: string | null;
}

export interface CoinTotals {
  symbol: TokenSymbol;
  accrued: bigint;
  paid: bigint;
  pending: bigint;
  /** Forfeited at a withdrawal (a balance at or below the payout minimum, which could never be paid). */
  forfeited: bigint;
}

export interface LedgerRow {
  kind: number;
  symbol: TokenSymbol;
  amount: string;
  sale_price: string | null;
  item_idx: number | null;
  item_name: string | null;
  state: number | null;
  tx_hash: string | null;
  at: Date;
}

const PAYOUT_COLUMNS = [
  'payout_idx',
  'referrer_member_idx',
  'to_address',
  'symbol',
  'amount',
  'state',
  'from_address',
  'chain_id',
  'nonce',
  'raw_tx',
  'tx_hash',
] as const;

/**
 * Every active referrer's balance per coin (accrued less paid, pending and forfeited) above REFERRAL_PAYOUT_MIN with
 * no live payout of that coin in `period`.
 */
function dueBalances(db: Db, period: string, limit = 1_000_000) {
  return sql<{ referrer_member_idx: number; address: string; symbol: TokenSymbol; balance: string }>`
    SELECT m.member_idx AS referrer_member_idx, m.address, a.symbol, (a.accrued - coalesce(p.out, 0))::text AS balance
    FROM (SELECT referrer_member_idx, symbol, sum(amount) AS accrued FROM referral_accruals GROUP BY 1, 2) a
    JOIN members m ON m.member_idx = a.referrer_member_idx AND m.state = 'active' AND m.email_verified_at IS NOT NULL
    LEFT JOIN (SELECT referrer_member_idx, symbol, sum(amount) AS out FROM (
                 SELECT referrer_member_idx, symbol, amount FROM referral_payouts
                 WHERE state IN (${PayoutState.Pending}, ${PayoutState.Paid})
                 UNION ALL SELECT referrer_member_idx, symbol, amount FROM referral_forfeits) o GROUP BY 1, 2) p
      ON p.referrer_member_idx = a.referrer_member_idx AND p.symbol = a.symbol
    WHERE a.accrued - coalesce(p.out, 0) > ${REFERRAL_PAYOUT_MIN.toString()}::numeric
      AND NOT EXISTS (SELECT 1 FROM referral_payouts x WHERE x.referrer_member_idx = a.referrer_member_idx
                      AND x.symbol = a.symbol AND x.period = ${period} AND x.state <> ${PayoutState.Failed})
    ORDER BY m.member_idx, a.symbol
    LIMIT ${limit}`
    .execute(db)
    .then((r) => r.rows);
}

export function createReferralRepository(db: Db) {
  return {
    /**
     * Accrues the sales the indexer has applied up to its cursor, and drops the accruals of sales it undid: one
     * transaction. The reward is 1 % of the price (floored), paid out of the platform fee: never more than the fee
     * that sale took (a sale under a lower fee gives that fee; one under no fee, or whose fee is unknown, no
     * accrual). Reads from `window` blocks below the last cursor, so a sale a reorg moved to another block is
     * found again (a log is accrued once: unique per log). Returns the accruals written.
     */
    async accrue(chainId: number, window: bigint): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const head = await indexerCursor(trx, chainId);
        if (!head) return 0;
        await trx
          .insertInto('referral_cursor')
          .values({ chain_id: chainId, block_number: '0' })
          .onConflict((oc) => oc.column('chain_id').doNothing())
          .execute();
        const cur = await trx
          .selectFrom('referral_cursor')
          .select('block_number')
          .where('chain_id', '=', chainId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const from = BigInt(cur.block_number) > window ? BigInt(cur.block_number) - window : 0n;
        const to = BigInt(head.block_number);
        const inserted = await sql`
          INSERT INTO referral_accruals (chain_id, tx_hash, log_index, block_number, referrer_member_idx, buyer_member_idx,
                                         item_idx, symbol, sale_price, amount, sold_at)
          SELECT h.chain_id, h.tx_hash, h.log_index, h.block_number, m.referrer_member_idx, m.member_idx, h.item_idx, h.symbol,
                 h.unit_price * h.amount,
                 least(div(h.unit_price * h.amount * ${REFERRAL_BPS.toString()}::numeric, 10000), h.fee), h.created_at
          FROM ${historyRows()} h
          JOIN members m ON m.address = h.to_address AND m.referrer_member_idx IS NOT NULL AND m.email_verified_at IS NOT NULL
          WHERE h.chain_id = ${chainId} AND h.block_number > ${from.toString()}::bigint AND h.block_number <= ${to.toString()}::bigint
            AND h.event_type = ANY(${SALE_EVENTS}::smallint[]) AND h.tx_hash IS NOT NULL AND NOT h.is_demo
            AND h.symbol IS NOT NULL AND h.unit_price IS NOT NULL AND h.fee > 0
          ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING`.execute(trx);
        await sql`
          DELETE FROM referral_accruals a
          WHERE a.chain_id = ${chainId} AND a.block_number > ${from.toString()}::bigint
            AND NOT EXISTS (SELECT 1 FROM ${historyRows()} h WHERE h.chain_id = a.chain_id AND h.tx_hash = a.tx_hash
                            AND h.log_index = a.log_index AND h.event_type = ANY(${SALE_EVENTS}::smallint[]))`.execute(
          trx,
        );
        await trx
          .updateTable('referral_cursor')
          .set({ block_number: to.toString() })
          .where('chain_id', '=', chainId)
          .execute();
        return Number(inserted.numAffectedRows ?? 0);
      });
    },

    /**
     * How many members signed up through this member's link, and per coin what accrued, was paid, is on its way and
     * was forfeited.
     */
    async summary(memberIdx: number): Promise<{ referred: number; coins: CoinTotals[] }> {
      const [referred, accrued, paid, forfeited] = await Promise.all([
        db
          .selectFrom('members')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('referrer_member_idx', '=', memberIdx)
          .where('email_verified_at', 'is not', null)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('referral_accruals')
          .select(['symbol', sql<string>`sum(amount)::text`.as('sum')])
          .where('referrer_member_idx', '=', memberIdx)
          .groupBy('symbol')
          .execute(),
        db
          .selectFrom('referral_payouts')
          .select(['symbol', 'state', sql<string>`sum(amount)::text`.as('sum')])
          .where('referrer_member_idx', '=', memberIdx)
          .where('state', 'in', [PayoutState.Pending, PayoutState.Paid])
          .groupBy(['symbol', 'state'])
          .execute(),
        db
          .selectFrom('referral_forfeits')
          .select(['symbol', sql<string>`sum(amount)::text`.as('sum')])
          .where('referrer_member_idx', '=', memberIdx)
          .groupBy('symbol')
          .execute(),
      ]);
      const coins = TOKEN_SYMBOLS.map((symbol) => ({
        symbol,
        accrued: BigInt(accrued.find((r) => r.symbol === symbol)?.sum ?? 0),
        paid: BigInt(paid.find((r) => r.symbol === symbol && r.state === PayoutState.Paid)?.sum ?? 0),
        pending: BigInt(paid.find((r) => r.symbol === symbol && r.state === PayoutState.Pending)?.sum ?? 0),
        forfeited: BigInt(forfeited.find((r) => r.symbol === symbol)?.sum ?? 0),
      }));
      return { referred: referred.n, coins };
    },

    /** The member's accruals and payouts, newest first, and their total. */
    async ledger(memberIdx: number, pageNo: number, pageSize: number): Promise<{ rows: LedgerRow[]; total: number }> {
      const r = await sql<LedgerRow & { n: number }>`
        SELECT e.*, (count(*) OVER ())::int AS n FROM (
          SELECT 1 AS kind, a.symbol, a.amount::text AS amount, a.sale_price::text AS sale_price, a.item_idx,
                 i.name AS item_name, NULL::smallint AS state, a.tx_hash, a.sold_at AS at, a.accrual_idx AS idx
          FROM referral_accruals a LEFT JOIN items i ON i.item_idx = a.item_idx
          WHERE a.referrer_member_idx = ${memberIdx}
          UNION ALL
          SELECT 2, p.symbol, p.amount::text, NULL, NULL, NULL, p.state, p.tx_hash, coalesce(p.paid_at, p.created_at), p.payout_idx
          FROM referral_payouts p
          WHERE p.referrer_member_idx = ${memberIdx}
        ) e
        ORDER BY e.at DESC, e.kind DESC, e.idx DESC
        LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`.execute(db);
      return { rows: r.rows, total: r.rows[0]?.n ?? (await this.ledgerCount(memberIdx)) };
    },

    async ledgerCount(memberIdx: number): Promise<number> {
      const r = await sql<{ n: number }>`
        SELECT ((SELECT count(*) FROM referral_accruals WHERE referrer_member_idx = ${memberIdx})
              + (SELECT count(*) FROM referral_payouts WHERE referrer_member_idx = ${memberIdx}))::int AS n`.execute(
        db,
      );
      return r.rows[0]?.n ?? 0;
    },

    /** Whether any payout is due in `period` (read before the chain is asked about the wallet). */
    async anyDue(period: string): Promise<boolean> {
      return (await dueBalances(db, period, 1)).length > 0;
    },

    /** Payouts written but not settled, in nonce order (the order the chain takes them). */
    async openPayouts(chainId: number, from: string): Promise<PayoutRow[]> {
      return db
        .selectFrom('referral_payouts')
        .select(PAYOUT_COLUMNS)
        .where('state', '=', PayoutState.Pending)
        .where('chain_id', '=', chainId)
        .where('from_address', '=', from)
        .orderBy('nonce')
        .execute() as Promise<PayoutRow[]>;
    },

    /**
     * Writes this period's payouts, one transaction under one lock: every active referrer whose balance in a coin
     * (accrued minus paid and pending) is above REFERRAL_PAYOUT_MIN and who has no live payout of that coin this
     * period, while the wallet's `available` funds last. Each takes the next nonce of the wallet: past every
     * nonce already reserved, and at least `chainNonce` (the wallet's next nonce on chain, read before).
     */
    async createPayouts(o: {
      chainId: number;
      from: string;
      period: string;
      chainNonce: bigint;
      available: Record<TokenSymbol, bigint>;
      now: Date;
    }): Promise<PayoutRow[]> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`referral-payouts:${o.chainId}:${o.from}`}))`.execute(trx);
        const due = await dueBalances(trx, o.period);
        if (due.length === 0) return [];
        const last = await trx
          .selectFrom('referral_payouts')
          .select(sql<string | null>`max(nonce)::text`.as('n'))
          .where('chain_id', '=', o.chainId)
          .where('from_address', '=', o.from)
          .executeTakeFirst();
        let nonce = last?.n != null && BigInt(last.n) + 1n > o.chainNonce ? BigInt(last.n) + 1n : o.chainNonce;
        const left = { ...o.available };
        const rows: PayoutRow[] = [];
        for (const d of due) {
          const amount = BigInt(d.balance);
          if (amount > left[d.symbol]) continue;
          left[d.symbol] -= amount;
          const row = await trx
            .insertInto('referral_payouts')
            .values({
              referrer_member_idx: d.referrer_member_idx,
              to_address: d.address,
              symbol: d.symbol,
              period: o.period,
              amount: amount.toString(),
              from_address: o.from,
              chain_id: o.chainId,
              nonce: (nonce++).toString(),
              created_at: o.now,
            })
            .returning(PAYOUT_COLUMNS)
            .executeTakeFirstOrThrow();
          rows.push(row as PayoutRow);
        }
        return rows;
      });
    },

    /** Stores the signed transfer of a pending payout before it is sent; the row as stored (a signature stored
     * first by another run stands). */
    async recordSigned(payoutIdx: string, rawTx: string, txHash: string): Promise<PayoutRow> {
      await db
        .updateTable('referral_payouts')
        .set({ raw_tx: rawTx, tx_hash: txHash })
        .where('payout_idx', '=', payoutIdx)
        .where('state', '=', PayoutState.Pending)
        .where('tx_hash', 'is', null)
        .execute();
      return db
        .selectFrom('referral_payouts')
        .select(PAYOUT_COLUMNS)
        .where('payout_idx', '=', payoutIdx)
        .executeTakeFirstOrThrow() as Promise<PayoutRow>;
    },

    /** Settles a pending payout: Paid (its receipt succeeded) or Failed (reverted, or its nonce went elsewhere). */
    async settle(
      payoutIdx: string,
      state: typeof PayoutState.Paid | typeof PayoutState.Failed,
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('referral_payouts')
        .set({ state, paid_at: state === PayoutState.Paid ? now : null })
        .where('payout_idx', '=', payoutIdx)
        .where('state', '=', PayoutState.Pending)
        .execute();
    },
  };
}

export const referralRepo = repositoryOf(createReferralRepository);
