/**
 * Referral rewards on the API and the ledger: sign-up through a share code (name or address; unknown, blocked, own
 * and malformed codes ignored, never a refusal), the accrual of sales whose buyer was referred (1 %, floored; once
 * per sale log; a reorg's undo followed), the member's summary and ledger (own only), hostile bodies, foreign
 * tickets and parallel calls.
 */
import {
  HistoryEvent,
  REFERRAL_PAYOUT_MIN,
  ReturnCode,
  type ReferralEntry,
  type ReferralSummary,
  type TokenSymbol,
} from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  certFromLink,
  lastLink,
  loggedIn,
  newWallet,
  signedBody,
  signUpFields,
  type TestApp,
  type Wallet,
} from '../../../../test/helper';
import { ACCRUE_JOB } from '..';

const CHAIN = 31337;
const TOKEN = 10n ** 18n;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ deps: { autoStartJobs: false } });
});
afterAll(async () => t?.close());

/** Signs up (and verifies) a new member whose sign-up carries `ref`; the member's referrer as stored. */
async function signUpWith(ref: unknown, w: Wallet = newWallet()) {
  const up = await t.post('/cert/email/register/request', { ...(await signedBody(t, w)), ...signUpFields(), ref });
  expect(up.returnCode).toBe(0);
  const { email, cert } = certFromLink(lastLink(t));
  expect((await t.post('/emailVerify/register/check', { ...(await signedBody(t, w)), email, cert })).returnCode).toBe(
    0,
  );
  const row = await t.db
    .selectFrom('members')
    .select(['member_idx', 'referrer_member_idx'])
    .where('address', '=', w.address)
    .executeTakeFirstOrThrow();
  return { wallet: w, memberIdx: row.member_idx, referrer: row.referrer_member_idx };
}

const idxOf = async (address: string) =>
  (await t.db.selectFrom('members').select('member_idx').where('address', '=', address).executeTakeFirstOrThrow())
    .member_idx;

let logs = 0;
/** A sale the indexer would have written (a history row with its log and the fee it took: 2.5 % unless `fee`), and
 * the indexer's cursor past it. */
async function sale(o: {
  to: string;
  unitPrice: bigint;
  amount?: number;
  symbol?: TokenSymbol;
  event?: number;
  block?: number;
  fee?: bigint;
}) {
  const item = await t.db.selectFrom('items').select(['item_idx', 'collection_idx']).executeTakeFirst();
  const itemRow = item ?? (await seedItem());
  const block = o.block ?? 100 + logs;
  const txHash = `0x${(++logs).toString(16).padStart(64, '0')}`;
  await t.db
    .insertInto('trade_history')
    .values({
      event_type: o.event ?? HistoryEvent.Sale,
      item_idx: itemRow.item_idx,
      collection_idx: itemRow.collection_idx,
      amount: o.amount ?? 1,
      unit_price: o.unitPrice.toString(),
      symbol: o.symbol ?? 'ATT',
      fee: (o.fee ?? (o.unitPrice * BigInt(o.amount ?? 1) * 250n) / 10_000n).toString(),
      from_address: '0x00000000000000000000000000000000000000aa',
      to_address: o.to,
      chain_id: CHAIN,
      block_number: String(block),
      block_hash: `0x${'ab'.repeat(32)}`,
      tx_hash: txHash,
      log_index: 0,
    })
    .execute();
  await t.db
    .insertInto('indexer_cursor')
    .values({ chain_id: CHAIN, block_number: String(block + 1), block_hash: `0x${'cd'.repeat(32)}` })
    .onConflict((oc) => oc.column('chain_id').doUpdateSet({ block_number: String(block + 1) }))
    .execute();
  return { txHash, block };
}

async function seedItem() {
  const owner = await loggedIn(t);
  const m = await idxOf(owner.wallet.address);
  const col = await t.db
    .insertInto('collections')
    .values({ member_idx: m, name: `Ref ${Date.now()}`, royalty_bps: 500, logo_file: 'x.png' } as never)
    .returning('collection_idx')
    .executeTakeFirstOrThrow();
  return t.db
    .insertInto('items')
    .values({
      token_id: '987654321',
      collection_idx: col.collection_idx,
      creator_idx: m,
      name: 'Ref item',
      category_idx: 1,
      resource_type: 1,
      file_format: 'png',
      file_name: 'x.png',
      total_supply: 1,
      royalty_bps: 500,
    } as never)
    .returning(['item_idx', 'collection_idx'])
    .executeTakeFirstOrThrow();
}

const summary = async (auth: { id: string; ticketId: string }) => {
  const r = await t.post('/referral/summary', auth);
  expect(r.returnCode).toBe(0);
  return r.body.data as ReferralSummary;
};
const coin = (s: ReferralSummary, symbol: TokenSymbol) => s.coins.find((c) => c.symbol === symbol)!;

describe('sign-up through a share code', () => {
  it('records the referrer named by user name (any case) or address; ignores unknown, blocked, own and malformed codes', async () => {
    const a = await loggedIn(t);
    const aIdx = await idxOf(a.wallet.address);
    expect((await signUpWith(a.id.toUpperCase())).referrer).toBe(aIdx);
    expect((await signUpWith(a.wallet.address.toUpperCase().replace('0X', '0x'))).referrer).toBe(aIdx);
    expect((await signUpWith('nobody_by_this_name')).referrer).toBeNull();
    expect((await signUpWith(undefined)).referrer).toBeNull();
    for (const hostile of ['x'.repeat(5000), 42, { $ne: null }, ['a'], "a' OR 1=1 --", '', null])
      expect((await signUpWith(hostile)).referrer).toBeNull();
    const own = newWallet();
    expect((await signUpWith(own.address, own)).referrer).toBeNull();
    // A pending (unverified) sign-up is nobody's referrer.
    const pending = newWallet();
    const fields = signUpFields();
    expect(
      (await t.post('/cert/email/register/request', { ...(await signedBody(t, pending)), ...fields })).returnCode,
    ).toBe(0);
    expect((await signUpWith(fields.id)).referrer).toBeNull();
    // A blocked member is nobody's referrer.
    const blocked = await loggedIn(t);
    await t.db.updateTable('members').set({ state: 'blocked' }).where('address', '=', blocked.wallet.address).execute();
    expect((await signUpWith(blocked.id)).referrer).toBeNull();
  });

  it('parallel sign-ups through one code all count', async () => {
    const a = await loggedIn(t);
    const done = await Promise.all(Array.from({ length: 8 }, () => signUpWith(a.id)));
    expect(new Set(done.map((d) => d.referrer))).toEqual(new Set([await idxOf(a.wallet.address)]));
    expect((await summary(a.auth)).referredCount).toBe(8);
  });
});

describe('accruals, summary and ledger', () => {
  it("accrues 1 % (floored) of each sale a referred member buys, once, and follows a reorg's undo", async () => {
    const a = await loggedIn(t);
    const b = await signUpWith(a.id);
    const stranger = await loggedIn(t);
    const empty = await summary(a.auth);
    expect(empty).toMatchObject({ code: a.id, referredCount: 1, payoutMin: REFERRAL_PAYOUT_MIN.toString() });
    expect(empty.coins).toEqual([
      { symbol: 'ATT', accrued: '0', paid: '0', pending: '0', forfeited: '0', balance: '0' },
      { symbol: 'KLAY', accrued: '0', paid: '0', pending: '0', forfeited: '0', balance: '0' },
    ]);

    await sale({ to: b.wallet.address, unitPrice: 3n * TOKEN, amount: 2 });
    await sale({ to: b.wallet.address, unitPrice: 199n, symbol: 'KLAY', event: HistoryEvent.AuctionWin });
    const undone = await sale({ to: b.wallet.address, unitPrice: TOKEN, event: HistoryEvent.OfferAccept });
    await sale({ to: stranger.wallet.address, unitPrice: 50n * TOKEN });
    // Not a sale: a listing row to the buyer's address accrues nothing.
    await sale({ to: b.wallet.address, unitPrice: 9n * TOKEN, event: HistoryEvent.List });
    await t.app.jobs.runNow(ACCRUE_JOB);
    await t.app.jobs.runNow(ACCRUE_JOB);
    let s = await summary(a.auth);
    expect(coin(s, 'ATT')).toEqual({
      symbol: 'ATT',
      accrued: ((6n * TOKEN) / 100n + TOKEN / 100n).toString(),
      paid: '0',
      pending: '0',
      forfeited: '0',
      balance: ((7n * TOKEN) / 100n).toString(),
    });
    expect(coin(s, 'KLAY').accrued).toBe('1');
    expect((await summary(stranger.auth)).coins.every((c) => c.accrued === '0')).toBe(true);

    // A reorg undid the offer's sale: its history row is gone, and so is its accrual.
    await t.db.deleteFrom('trade_history').where('tx_hash', '=', undone.txHash).execute();
    await t.app.jobs.runNow(ACCRUE_JOB);
    s = await summary(a.auth);
    expect(coin(s, 'ATT').accrued).toBe(((6n * TOKEN) / 100n).toString());

    const list = await t.post('/referral/list', { ...a.auth, pageSize: 1 });
    expect(list.returnCode).toBe(0);
    expect(list.body.page).toEqual({ totalRecordSize: 2, pageNo: 1, pageCount: 2 });
    const rows = [
      ...(list.body.list as ReferralEntry[]),
      ...((await t.post('/referral/list', { ...a.auth, pageNo: 2, pageSize: 1 })).body.list as ReferralEntry[]),
    ];
    expect(rows.map((r) => [r.kind, r.symbol, r.amount, r.salePrice])).toEqual(
      expect.arrayContaining([
        [1, 'ATT', ((6n * TOKEN) / 100n).toString(), (6n * TOKEN).toString()],
        [1, 'KLAY', '1', '199'],
      ]),
    );
    expect(rows[0]!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    // B sees nothing of A's: B referred nobody.
    expect((await t.post('/referral/list', (await loggedInAs(b.wallet)).auth)).body.page).toEqual({
      totalRecordSize: 0,
      pageNo: 1,
      pageCount: 0,
    });
  });

  it('answers hostile bodies and foreign tickets with their codes, and parallel calls alike', async () => {
    const a = await loggedIn(t);
    const b = await loggedIn(t);
    const cases: [string, unknown, number][] = [
      ['/referral/summary', {}, ReturnCode.NoTicket],
      ['/referral/summary', { id: a.auth.id }, ReturnCode.NoTicket],
      ['/referral/summary', { ...a.auth, ticketId: b.auth.ticketId }, ReturnCode.TicketValidationFailed],
      ['/referral/summary', { ...a.auth, ticketId: 'x'.repeat(43) }, ReturnCode.NoTicket],
      ['/referral/list', { id: b.auth.id, ticketId: a.auth.ticketId }, ReturnCode.TicketValidationFailed],
      ['/referral/list', { ...a.auth, pageNo: 0 }, ReturnCode.ValidationFailed],
      ['/referral/list', { ...a.auth, pageSize: 101 }, ReturnCode.ValidationFailed],
      ['/referral/list', { ...a.auth, pageNo: '1; DROP TABLE referral_accruals' }, ReturnCode.ValidationFailed],
      ['/referral/list', { ...a.auth, pageNo: 1.5 }, ReturnCode.ValidationFailed],
      ['/referral/list', { ...a.auth, memberIdx: 1 }, ReturnCode.Success],
    ];
    for (const [path, body, code] of cases)
      expect((await t.post(path, body)).returnCode, `${path} ${JSON.stringify(body)}`).toBe(code);
    const header = await t.post('/referral/summary', { id: a.auth.id }, { authorization: `Bearer ${a.auth.ticketId}` });
    expect(header.returnCode).toBe(0);
    const parallel = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.post(i % 2 ? '/referral/summary' : '/referral/list', i % 4 === 1 ? b.auth : a.auth),
      ),
    );
    expect(parallel.map((r) => r.returnCode)).toEqual(Array(20).fill(0));
    expect(parallel.filter((_, i) => i % 4 === 1).every((r) => (r.body.data as ReferralSummary).code === b.id)).toBe(
      true,
    );
  });
});

async function loggedInAs(w: Wallet) {
  const r = await t.post('/ticket/request', await signedBody(t, w));
  const data = r.body.data as { id: string; ticketId: string };
  return { auth: { id: data.id, ticketId: data.ticketId } };
}
