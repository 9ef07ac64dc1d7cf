/**
 * Withdrawal (/user/withdraw): a fresh wallet signature is needed (a ticket alone, a foreign ticket, an old or
 * missing signature are refused); each open obligation refuses with 22 and its line; a withdrawal leaves no row
 * and no stored file holding the member's e-mail, name or text; items stay under the address; 20 parallel
 * withdrawals of one account end in exactly one; sign-in then answers 44 and sign-up 46 for 30 days.
 */
import {
  API_BASE,
  AuctionState,
  FORMER_MEMBER_NAME,
  ListingState,
  OfferState,
  REFERRAL_PAYOUT_MIN,
  RESIGNUP_AFTER_WITHDRAWAL_MS,
} from '@att/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCollection, apiItem } from '../../../../test/items';
import { png, upload } from '../../../../test/media';
import {
  buildTestApp,
  loggedIn,
  memberIdxOf as helperMemberIdxOf,
  signedBody,
  signUpFields,
  type TestApp,
  type Wallet,
} from '../../../../test/helper';

type Member = Awaited<ReturnType<typeof loggedIn>>;

let t: TestApp;
let alice: Member;
let collectionIdx: number;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await loggedIn(t);
  collectionIdx = await apiCollection(t, alice.auth, `W ${process.pid}`);
});
afterAll(async () => t?.close());

const newItem = () => apiItem(t, alice.auth, collectionIdx);

const withdraw = async (m: Member, signer?: Wallet) =>
  t.post('/user/withdraw', { ...m.auth, ...(await signedBody(t, m.wallet, {}, signer)) });

const hour = () => new Date(Date.now() + 3600_000);
const memberIdxOf = (m: Member) => helperMemberIdxOf(t, m);

/** Every row of every text-like column of every table that contains `needle`, as `table.column`. */
async function rowsHolding(needle: string): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
    WHERE c.table_schema = current_schema() AND tb.table_type = 'BASE TABLE'
      AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(t.db);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table_name)}
      WHERE ${sql.ref(column_name)}::text ILIKE ${`%${needle}%`}`.execute(t.db);
    if (r.rows[0]!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/** A profile or banner image of `m` (the older `/{id}/{ticket}` upload path); its stored file name. */
async function uploadImage(m: Member, kind: 'profile' | 'banner'): Promise<string> {
  const url = `${API_BASE}/user/upload/${kind}/${encodeURIComponent(m.id)}/${encodeURIComponent(m.ticketId)}`;
  const r = await upload(t, m.auth, 'resource', await png(), { url });
  return r.data!.fileName;
}

describe('/user/withdraw refuses without a fresh signature of the ticket holder', () => {
  it('refuses a missing, old, foreign or reused signature and a foreign ticket', async () => {
    const m = await loggedIn(t);
    const other = await loggedIn(t);
    expect((await t.post('/user/withdraw', m.auth)).returnCode).toBe(6);
    // Signed by another wallet.
    expect((await withdraw(m, other.wallet)).returnCode).toBe(2);
    // Expired message.
    const old = await signedBody(t, m.wallet, {
      expirationTime: new Date(Date.now() - 60_000),
      issuedAt: new Date(Date.now() - 120_000),
    });
    expect((await t.post('/user/withdraw', { ...m.auth, ...old })).returnCode).toBe(85);
    // A signature already used once (the nonce is single use).
    const body = await signedBody(t, m.wallet);
    await t.post('/ticket/request', body);
    expect((await t.post('/user/withdraw', { ...m.auth, ...body })).returnCode).toBe(2);
    // Another member's ticket with my signature: the ticket's address is not the signer's.
    expect((await t.post('/user/withdraw', { ...other.auth, ...(await signedBody(t, m.wallet)) })).returnCode).toBe(29);
    expect((await t.post('/user/info', m.auth)).returnCode).toBe(0);
    expect((await t.post('/user/info', other.auth)).returnCode).toBe(0);
  });
});

describe('each obligation refuses with 22 and its line', () => {
  it('live listing, running auction, top bid, open offer, reservation, balance, unpaid referral reward', async () => {
    const m = await loggedIn(t);
    const item = await newItem();
    const a = m.wallet.address;
    const token = `0x${'11'.repeat(20)}`;
    const refusedWith = async (kind: string) => {
      const r = await withdraw(m);
      expect(r.returnCode).toBe(22);
      const lines = (r.body.data as { obligations: { kind: string; ko: string; en: string; path: string }[] })
        .obligations;
      expect(lines.map((l) => l.kind)).toEqual([kind]);
      expect(lines[0]!.ko).not.toBe('');
      expect(lines[0]!.en).not.toBe('');
      expect(lines[0]!.path).toMatch(/^\/MyProfile/);
    };
    const listing = await t.db
      .insertInto('listings')
      .values({
        item_idx: item,
        seller_address: a,
        sale_type: 1,
        symbol: 'ATT',
        unit_price: '1',
        quantity: 1,
        remaining: 1,
        state: ListingState.Live,
        expires_at: hour(),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('listing_idx')
      .executeTakeFirstOrThrow();
    await refusedWith('live-listings');
    await t.db.updateTable('listings').set({ state: ListingState.Cancelled }).execute();

    const auction = {
      item_idx: item,
      symbol: 'ATT' as const,
      token_address: token,
      start_price: '1',
      ends_at: hour(),
      state: AuctionState.Active,
      is_minting: false,
      edition_size: 1,
      royalty_bps: 0,
      sign_expires_at: hour(),
      created_at: new Date(),
      updated_at: new Date(),
    };
    await t.db
      .insertInto('auctions')
      .values({ ...auction, seller_address: a })
      .execute();
    await refusedWith('running-auctions');
    await t.db.updateTable('auctions').set({ state: AuctionState.Ended }).execute();
    await t.db
      .insertInto('auctions')
      .values({ ...auction, seller_address: alice.wallet.address, top_bidder: a, top_bid: '2' })
      .execute();
    await refusedWith('top-bids');
    await t.db.updateTable('auctions').set({ state: AuctionState.Ended }).execute();

    await t.db
      .insertInto('offers')
      .values({
        item_idx: item,
        buyer_address: a,
        symbol: 'ATT',
        token_address: token,
        unit_price: '1',
        quantity: 1,
        remaining: 1,
        state: OfferState.Valid,
        expiry: '1',
        expires_at: hour(),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    await refusedWith('open-offers');
    await t.db.updateTable('offers').set({ state: OfferState.Cancelled }).execute();

    await t.db
      .insertInto('reservations')
      .values({
        listing_idx: listing.listing_idx,
        buyer_address: a,
        amount: 1,
        state: 1,
        expires_at: hour(),
        created_at: new Date(),
      })
      .execute();
    await refusedWith('reservations');
    await t.db.updateTable('reservations').set({ state: 3 }).execute();

    await t.db
      .insertInto('withdrawable_balances')
      .values({ chain_id: 1, account_address: a, token_address: token, amount: '5' })
      .execute();
    await refusedWith('withdrawable-balances');
    await t.db.updateTable('withdrawable_balances').set({ amount: '0' }).execute();

    await t.db
      .insertInto('referral_accruals')
      .values({
        chain_id: 1,
        tx_hash: `0x${'ab'.repeat(32)}`,
        log_index: 0,
        block_number: '1',
        referrer_member_idx: await memberIdxOf(m),
        buyer_member_idx: await memberIdxOf(alice),
        item_idx: item,
        symbol: 'ATT',
        sale_price: '100',
        // Above the payout minimum (at or below it is forfeited: referral/tests/referral-withdrawal.test.ts).
        amount: (REFERRAL_PAYOUT_MIN + 1n).toString(),
        sold_at: new Date(),
      })
      .execute();
    await refusedWith('unpaid-referral-rewards');
    await t.db.deleteFrom('referral_accruals').execute();

    expect((await withdraw(m)).returnCode).toBe(0);
  });
});

describe('a withdrawal destroys the personal data and keeps the trades', () => {
  it('leaves no row or file with the e-mail, name or text; items stay under the address; 44 and 46 after', async () => {
    const m = await loggedIn(t, undefined, { aboutMe: 'secret-about-me-text' });
    const idx = await memberIdxOf(m);
    const profile = await uploadImage(m, 'profile');
    const banner = await uploadImage(m, 'banner');
    const item = await newItem();
    await t.db.insertInto('item_likes').values({ item_idx: item, member_idx: idx, created_at: new Date() }).execute();
    await t.db
      .insertInto('reports')
      .values({
        reporter_idx: idx,
        report_category_idx: 1,
        type: 2,
        target_idx: 1,
        message: `by ${m.id}`,
        created_at: new Date(),
      })
      .execute();
    await t.db
      .insertInto('inquiries')
      .values({
        member_idx: idx,
        title: `from ${m.id}`,
        message: m.email,
        state: 1,
        reply: `dear ${m.id}`,
        replied_by: 'op',
        replied_at: new Date(),
        created_at: new Date(),
      })
      .execute();
    await t.db.insertInto('alerts').values({ address: m.wallet.address, type: 1, product_idx: item }).execute();
    // The member's own item stays: trades, items and collections are public on chain.
    await t.db.updateTable('items').set({ creator_idx: idx }).where('item_idx', '=', item).execute();

    expect((await withdraw(m)).returnCode).toBe(0);

    for (const needle of [m.email, m.id, 'secret-about-me-text']) expect(await rowsHolding(needle)).toEqual([]);
    expect(await t.app.storage.get(`user/profile/${profile}`)).toBeNull();
    expect(await t.app.storage.get(`user/banner/${banner}`)).toBeNull();
    const counts = await Promise.all(
      (['item_likes', 'reports'] as const).map((table) =>
        t.db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .where(table === 'reports' ? 'reporter_idx' : 'member_idx', '=', idx)
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(counts.map((c) => c.n)).toEqual([0, 0]);
    const alerts = await t.db.selectFrom('alerts').select('alert_id').where('address', '=', m.wallet.address).execute();
    expect(alerts).toEqual([]);

    expect(
      (await t.db.selectFrom('items').select('creator_idx').where('item_idx', '=', item).executeTakeFirst())
        ?.creator_idx,
    ).toBe(idx);
    const row = await t.db
      .selectFrom('members')
      .select(['user_name', 'state'])
      .where('member_idx', '=', idx)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_name: FORMER_MEMBER_NAME, state: 'deleted' });
    const pub = await t.post('/user/info/id', { userId: m.wallet.address });
    expect(pub.body.data).toMatchObject({ former: true, aboutMe: '', profile: null, erc20Address: m.wallet.address });

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.withdraw')
      .where('target_idx', '=', String(idx))
      .execute();
    expect(audit).toHaveLength(1);

    // The old ticket is gone, sign-in answers 44, sign-up 46 for 30 days and goes ahead after.
    expect((await t.post('/user/info', m.auth)).returnCode).toBe(27);
    expect((await t.post('/ticket/request', await signedBody(t, m.wallet))).returnCode).toBe(44);
    expect((await t.post('/user/exist', { address: m.wallet.address })).returnCode).toBe(44);
    const again = async () =>
      t.post('/cert/email/register/request', { ...(await signedBody(t, m.wallet)), ...signUpFields() });
    expect((await again()).returnCode).toBe(46);
    const moved = new Date(Date.now() - RESIGNUP_AFTER_WITHDRAWAL_MS - 1000);
    await t.db.updateTable('members').set({ withdrawn_at: moved }).where('member_idx', '=', idx).execute();
    expect((await t.post('/user/exist', { address: m.wallet.address })).returnCode).toBe(41);
    expect((await again()).returnCode).toBe(0);
  });

  it('20 parallel withdrawals of one account: exactly one', async () => {
    const m = await loggedIn(t);
    const bodies = await Promise.all(Array.from({ length: 20 }, () => signedBody(t, m.wallet)));
    const codes = await Promise.all(
      bodies.map((b) => t.post('/user/withdraw', { ...m.auth, ...b }).then((r) => r.returnCode)),
    );
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.every((c) => c === 0 || c === 44 || c === 27)).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('audit_idx')
      .where('action', '=', 'member.withdraw')
      .where('target_idx', '=', String(await memberIdxOf(m)))
      .execute();
    expect(audit).toHaveLength(1);
  });
});
