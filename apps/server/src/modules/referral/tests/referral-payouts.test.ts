/**
 * Referral payouts on a real chain: a member signed up through carol's code buys for ATT and KLAY; carol's 1 %
 * accrues; the payout job pays each coin once from the payout wallet, and never twice whatever point a run was
 * killed at (rows written but nothing signed; signed but not sent; sent but not marked), re-run, or when the
 * reserved nonce went to another transaction. Balances at or under 0.005 of the coin wait.
 */
import { ANVIL_KEYS, DEV_ROLE_KEYS, attAbi } from '@att/contracts';
import {
  PayoutState,
  REFERRAL_PAYOUT_MIN,
  ReturnCode,
  type AdminReferralPayout,
  type ReferralEntry,
  type ReferralSummary,
  type TokenSymbol,
} from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainFor } from '@att/contracts';
import {
  chainTest,
  list,
  publish,
  testIndexer,
  trader,
  type ChainTest,
  type PurchaseData,
  type Trader,
} from '../../../../test/chain';
import { ACCRUE_JOB, PAYOUT_JOB } from '..';

const TOKEN = 10n ** 18n;
const DAY = 86_400_000;
const payout = privateKeyToAccount(DEV_ROLE_KEYS.feeReceiver);
/** How far the app's clock runs ahead (a later month's payouts without waiting for it). */
const clock = { aheadMs: 0 };
let c: ChainTest;
let alice: Trader;
let carol: Trader;
let dave: Trader;
let indexer: ReturnType<typeof testIndexer>;

beforeAll(async () => {
  // Alice is also an operator: she reads the payouts on the console.
  const operator = privateKeyToAccount(ANVIL_KEYS[1] as Hex).address.toLowerCase();
  c = await chainTest({
    deps: { now: () => new Date(Date.now() + clock.aheadMs), autoStartJobs: false },
    config: { operatorAddresses: new Set([operator]) },
  });
  alice = await trader(c, 1);
  carol = await trader(c, 3);
  // Dave signs up through carol's share code.
  dave = await trader(c, 4, { ref: carol.id });
  await Promise.all([alice.approveAll(), dave.approveAll()]);
  indexer = testIndexer(c);
  // The payout wallet is the dev fee receiver: gas money, and the fees of the sales below in ATT and KLAY.
  await c.rpc('anvil_setBalance', [payout.address, '0x8AC7230489E80000']);
}, 120_000);
afterAll(async () => c?.close());

const purchase = (who: Trader, instanceId: number, quantity: number) =>
  c.t.post('/nft/instance/purchase', { ...who.auth, instanceId, quantity });

async function buy(buyer: Trader, price: bigint, symbol: TokenSymbol) {
  const item = await publish(c, alice, 1);
  const { res } = await list(c, alice, item, { quantity: 1, price, symbol, lazy: { editionSize: 1, royaltyBps: 500 } });
  expect(res.returnCode).toBe(0);
  const p = await purchase(buyer, (res.body.data as { instanceId: number }).instanceId, 1);
  expect(p.returnCode).toBe(0);
  await buyer.buy(p.body.data as PurchaseData);
  await indexer.catchUp();
}

const balances = async (who: string) => ({
  ATT: await c.client.readContract({ address: c.d.att, abi: attAbi, functionName: 'balanceOf', args: [who as Hex] }),
  KLAY: await c.client.getBalance({ address: who as Hex }),
});
const payouts = () => c.t.db.selectFrom('referral_payouts').selectAll().orderBy('payout_idx').execute();
const summary = async () => (await c.t.post('/referral/summary', carol.auth)).body.data as ReferralSummary;
const payer = () => c.t.app.referral.payer!;
const now = () => c.t.app.now();

describe('referral payouts', () => {
  it("pays a referred member's purchases once per coin, whatever point a run was killed at", async () => {
    expect(
      await c.t.db
        .selectFrom('members')
        .select('referrer_member_idx')
        .where('address', '=', dave.address)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      referrer_member_idx: (
        await c.t.db
          .selectFrom('members')
          .select('member_idx')
          .where('address', '=', carol.address)
          .executeTakeFirstOrThrow()
      ).member_idx,
    });
    await buy(dave, 2n * TOKEN, 'ATT');
    await buy(dave, 3n * TOKEN, 'KLAY');
    await c.t.app.jobs.runNow(ACCRUE_JOB);
    let s = await summary();
    expect(s.coins).toEqual([
      {
        symbol: 'ATT',
        accrued: ((2n * TOKEN) / 100n).toString(),
        paid: '0',
        pending: '0',
        forfeited: '0',
        balance: ((2n * TOKEN) / 100n).toString(),
      },
      {
        symbol: 'KLAY',
        accrued: ((3n * TOKEN) / 100n).toString(),
        paid: '0',
        pending: '0',
        forfeited: '0',
        balance: ((3n * TOKEN) / 100n).toString(),
      },
    ]);

    // Killed after the rows were written, before anything was signed: the next run signs and pays them.
    const before = await balances(carol.address);
    const rows = await payer().createDue(now());
    expect(rows.map((r) => [r.symbol, r.amount, r.tx_hash])).toEqual([
      ['ATT', ((2n * TOKEN) / 100n).toString(), null],
      ['KLAY', ((3n * TOKEN) / 100n).toString(), null],
    ]);
    s = await summary();
    expect(s.coins.map((x) => [x.pending, x.balance])).toEqual([
      [((2n * TOKEN) / 100n).toString(), '0'],
      [((3n * TOKEN) / 100n).toString(), '0'],
    ]);
    await c.t.app.jobs.runNow(PAYOUT_JOB);
    const paid = await balances(carol.address);
    expect(paid.ATT - before.ATT).toBe((2n * TOKEN) / 100n);
    expect(paid.KLAY - before.KLAY).toBe((3n * TOKEN) / 100n);
    expect((await payouts()).map((p) => p.state)).toEqual([PayoutState.Paid, PayoutState.Paid]);

    // Run again, and killed after the transfer was sent but before the row was marked: nothing is paid twice.
    await c.t.app.jobs.runNow(PAYOUT_JOB);
    await c.t.db.updateTable('referral_payouts').set({ state: PayoutState.Pending, paid_at: null }).execute();
    await c.t.app.jobs.runNow(PAYOUT_JOB);
    expect(await balances(carol.address)).toEqual(paid);
    const done = await payouts();
    expect(done.map((p) => p.state)).toEqual([PayoutState.Paid, PayoutState.Paid]);
    s = await summary();
    expect(s.coins.map((x) => [x.paid, x.pending, x.balance])).toEqual([
      [((2n * TOKEN) / 100n).toString(), '0', '0'],
      [((3n * TOKEN) / 100n).toString(), '0', '0'],
    ]);
    const ledger = (await c.t.post('/referral/list', carol.auth)).body.list as ReferralEntry[];
    expect(ledger.filter((e) => e.kind === 2).map((e) => [e.symbol, e.state, e.txHash])).toEqual(
      expect.arrayContaining(done.map((p) => [p.symbol, PayoutState.Paid, p.tx_hash])),
    );
    for (const p of done)
      expect((await c.client.getTransactionReceipt({ hash: p.tx_hash as Hex })).status).toBe('success');
  }, 120_000);

  it('a signed transfer never sent is sent as it was; a nonce taken by another transaction is owed again; balances up to 0.005 wait', async () => {
    await buy(dave, TOKEN, 'ATT');
    clock.aheadMs = 40 * DAY;
    await c.t.app.jobs.runNow(ACCRUE_JOB);
    const before = await balances(carol.address);
    // Killed after the transfer was signed and stored, before it was sent.
    const [row] = await payer().createDue(now());
    const signed = await payer().sign(row!);
    expect(signed.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    await c.t.app.jobs.runNow(PAYOUT_JOB);
    expect((await balances(carol.address)).ATT - before.ATT).toBe(TOKEN / 100n);
    const sent = (await payouts()).at(-1)!;
    expect([sent.state, sent.tx_hash, sent.period]).toEqual([
      PayoutState.Paid,
      signed.tx_hash,
      new Date(now()).toISOString().slice(0, 7),
    ]);

    // The next month: the row is written, then the payout wallet's nonce goes to another transaction.
    clock.aheadMs = 0;
    await buy(dave, TOKEN, 'ATT');
    clock.aheadMs = 80 * DAY;
    await c.t.app.jobs.runNow(ACCRUE_JOB);
    const [taken] = await payer().createDue(now());
    const wallet = createWalletClient({
      account: payout,
      chain: chainFor(c.anvil.rpcUrl, 31337),
      transport: http(c.anvil.rpcUrl),
    });
    const other = await wallet.sendTransaction({ to: payout.address, value: 1n, nonce: Number(taken!.nonce) });
    await c.client.waitForTransactionReceipt({ hash: other });
    const mid = await balances(carol.address);
    await c.t.app.jobs.runNow(PAYOUT_JOB);
    const rows = await payouts();
    expect(rows.find((r) => r.payout_idx === taken!.payout_idx)!.state).toBe(PayoutState.Failed);
    // Owed again, and paid once in the same run under a new nonce.
    expect((await balances(carol.address)).ATT - mid.ATT).toBe(TOKEN / 100n);
    const period = rows.find((r) => r.payout_idx === taken!.payout_idx)!.period;
    expect(rows.filter((r) => r.period === period).map((r) => r.state)).toEqual([PayoutState.Failed, PayoutState.Paid]);

    // Exactly 0.005 ATT owed (the minimum listing price gives more: written here as a ledger row): it waits; a wei
    // more, and it is paid.
    clock.aheadMs = 0;
    const carolIdx = (
      await c.t.db
        .selectFrom('members')
        .select('member_idx')
        .where('address', '=', carol.address)
        .executeTakeFirstOrThrow()
    ).member_idx;
    const daveIdx = (
      await c.t.db
        .selectFrom('members')
        .select('member_idx')
        .where('address', '=', dave.address)
        .executeTakeFirstOrThrow()
    ).member_idx;
    const owe = (amount: bigint, n: number) =>
      c.t.db
        .insertInto('referral_accruals')
        .values({
          chain_id: 1,
          tx_hash: `0x${n.toString(16).padStart(64, '0')}`,
          log_index: 0,
          block_number: '1',
          referrer_member_idx: carolIdx,
          buyer_member_idx: daveIdx,
          item_idx: 1,
          symbol: 'ATT',
          sale_price: (amount * 100n).toString(),
          amount: amount.toString(),
          sold_at: new Date(),
        })
        .execute();
    await owe(REFERRAL_PAYOUT_MIN, 1);
    clock.aheadMs = 120 * DAY;
    const count = (await payouts()).length;
    await c.t.app.jobs.runNow(PAYOUT_JOB);
    expect(await payouts()).toHaveLength(count);
    clock.aheadMs = 0;
    expect((await summary()).coins[0]).toMatchObject({ balance: REFERRAL_PAYOUT_MIN.toString() });
    await owe(1n, 2);
    const last = await balances(carol.address);
    clock.aheadMs = 120 * DAY;
    await c.t.app.jobs.runNow(PAYOUT_JOB);
    clock.aheadMs = 0;
    expect((await balances(carol.address)).ATT - last.ATT).toBe(REFERRAL_PAYOUT_MIN + 1n);
    expect((await summary()).coins[0]).toMatchObject({ balance: '0' });
  }, 120_000);

  it('the operator console lists every payout read-only (state, coin, amount, transaction), newest first; members are refused', async () => {
    const rows = await payouts();
    const r = await c.t.post('/admin/referral/payout/list', { ...alice.auth, pageSize: 100 });
    expect(r.returnCode).toBe(0);
    const list = r.body.list as AdminReferralPayout[];
    expect(list.map((p) => [p.payoutIdx, p.referrer, p.toAddress, p.symbol, p.amount, p.state, p.txHash])).toEqual(
      [...rows]
        .reverse()
        .map((p) => [String(p.payout_idx), carol.id, carol.address, p.symbol, String(p.amount), p.state, p.tx_hash]),
    );
    expect(list.map((p) => p.state)).toEqual(expect.arrayContaining([PayoutState.Paid, PayoutState.Failed]));
    expect(
      list
        .filter((p) => p.state === PayoutState.Paid)
        .every((p) => p.paidDate !== null && /^0x[0-9a-f]{64}$/.test(p.txHash ?? '')),
    ).toBe(true);
    const one = await c.t.post('/admin/referral/payout/list', { ...alice.auth, searchText: rows[0]!.tx_hash! });
    expect((one.body.list as AdminReferralPayout[]).map((p) => p.payoutIdx)).toEqual([String(rows[0]!.payout_idx)]);
    expect((await c.t.post('/admin/referral/payout/list', carol.auth)).returnCode).toBe(ReturnCode.NoAuthority);
  });
});
