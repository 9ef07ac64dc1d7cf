/**
 * Unpaid referral rewards and withdrawal: a balance above the payout minimum, or a payout on its way, holds the
 * member back (22); a balance at or below the minimum (it could never be paid) does not: the withdrawal forfeits it
 * per coin, as a `referral_forfeits` row and a `referral.forfeit` audit entry, and payouts never pay it should the
 * wallet's row come back; the member's summary shows what was forfeited.
 */
import { PayoutState, REFERRAL_PAYOUT_MIN, type TokenSymbol } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCollection, apiItem } from '../../../../test/items';
import { buildTestApp, loggedIn, memberIdxOf, signedBody, type TestApp } from '../../../../test/helper';
import { referralRepo } from '../referral-repository';
import { referralSummary } from '../referral-summary';

type Member = Awaited<ReturnType<typeof loggedIn>>;
let t: TestApp;
let buyer: Member;
let itemIdx: number;
let logIndex = 0;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await loggedIn(t);
  itemIdx = await apiItem(t, buyer.auth, await apiCollection(t, buyer.auth, `R ${process.pid}`));
});
afterAll(async () => t?.close());

const idxOf = (m: Member) => memberIdxOf(t, m);

async function accrue(referrer: number, symbol: TokenSymbol, amount: bigint) {
  await t.db
    .insertInto('referral_accruals')
    .values({
      chain_id: 1,
      tx_hash: `0x${'cd'.repeat(32)}`,
      log_index: logIndex++,
      block_number: '1',
      referrer_member_idx: referrer,
      buyer_member_idx: await idxOf(buyer),
      item_idx: itemIdx,
      symbol,
      sale_price: (amount * 100n).toString(),
      amount: amount.toString(),
      sold_at: new Date(),
    })
    .execute();
}

const withdraw = async (m: Member) => t.post('/user/withdraw', { ...m.auth, ...(await signedBody(t, m.wallet)) });

describe('referral rewards below the payout minimum do not hold a withdrawal back', () => {
  it('forfeits each coin at or below the minimum, in the ledger and the audit log', async () => {
    const m = await loggedIn(t);
    const idx = await idxOf(m);
    await accrue(idx, 'ATT', REFERRAL_PAYOUT_MIN);
    await accrue(idx, 'KLAY', 1n);
    expect((await withdraw(m)).returnCode).toBe(0);

    const forfeits = await t.db
      .selectFrom('referral_forfeits')
      .select(['symbol', 'amount'])
      .where('referrer_member_idx', '=', idx)
      .orderBy('symbol')
      .execute();
    expect(forfeits).toEqual([
      { symbol: 'ATT', amount: REFERRAL_PAYOUT_MIN.toString() },
      { symbol: 'KLAY', amount: '1' },
    ]);
    // The member's summary shows them forfeited, and owes nothing of them.
    const { data } = await referralSummary(t.db, { memberIdx: idx, userName: m.id });
    expect(data.coins.map((c) => [c.symbol, c.forfeited, c.balance])).toEqual([
      ['ATT', REFERRAL_PAYOUT_MIN.toString(), '0'],
      ['KLAY', '1', '0'],
    ]);
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_type', '=', 'member')
      .where('target_idx', '=', String(idx))
      .orderBy('audit_idx')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['referral.forfeit', 'referral.forfeit', 'member.withdraw']);
    expect(JSON.parse(JSON.stringify(audited[0]!.after))).toMatchObject({
      symbol: 'ATT',
      amount: REFERRAL_PAYOUT_MIN.toString(),
    });

    // Were the row active again (a later sign-up revives it), a new wei would not make the forfeited balance due.
    await t.db.updateTable('members').set({ state: 'active' }).where('member_idx', '=', idx).execute();
    await accrue(idx, 'ATT', 1n);
    expect(await referralRepo(t.db).anyDue('2099-01')).toBe(false);
    await accrue(idx, 'ATT', REFERRAL_PAYOUT_MIN);
    expect(await referralRepo(t.db).anyDue('2099-01')).toBe(true);
    await t.db.deleteFrom('referral_accruals').where('referrer_member_idx', '=', idx).execute();
  });

  it('a balance above the minimum, or a payout on its way, still refuses with 22', async () => {
    const m = await loggedIn(t);
    const idx = await idxOf(m);
    await accrue(idx, 'ATT', REFERRAL_PAYOUT_MIN + 1n);
    const refused = await withdraw(m);
    expect(refused.returnCode).toBe(22);
    expect(JSON.stringify(refused.body.data)).toContain('unpaid-referral-rewards');

    // Paid but for one wei: that wei is forfeitable; a payout still pending holds the member back.
    await t.db
      .insertInto('referral_payouts')
      .values({
        referrer_member_idx: idx,
        to_address: m.wallet.address,
        symbol: 'ATT',
        period: '2026-01',
        amount: REFERRAL_PAYOUT_MIN.toString(),
        state: PayoutState.Pending,
        from_address: `0x${'ee'.repeat(20)}`,
        chain_id: 1,
        nonce: '0',
        created_at: new Date(),
      })
      .execute();
    expect((await withdraw(m)).returnCode).toBe(22);
    await t.db
      .updateTable('referral_payouts')
      .set({ state: PayoutState.Paid })
      .where('referrer_member_idx', '=', idx)
      .execute();
    expect((await withdraw(m)).returnCode).toBe(0);
    const forfeits = await t.db
      .selectFrom('referral_forfeits')
      .select('amount')
      .where('referrer_member_idx', '=', idx)
      .execute();
    expect(forfeits).toEqual([{ amount: '1' }]);
    await t.db.deleteFrom('referral_accruals').where('referrer_member_idx', '=', idx).execute();
  });
});
