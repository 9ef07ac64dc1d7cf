import { userInfoSchema } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  loggedIn,
  newWallet,
  registerMember,
  signedBody,
  signUpFields,
  type TestApp,
} from '../../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const alarms = {
  flagItemSell: 0,
  flagBid: 1,
  flagAcceptOffer: 0,
  flagExpiredSell: 1,
  flagOverOffer: 0,
  flagMinOffer: 1,
  minOfferPriceKlay: '1500000000000000000',
  minOfferPriceAtt: '123456789012345678901234567890',
};

async function expireTicket(address: string) {
  await t.db
    .updateTable('tickets')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('address', '=', address)
    .execute();
}

describe('/user/exist', () => {
  it('answers 41, 13 with the e-mail, 42, and 85 through the sign-up life cycle', async () => {
    const w = newWallet();
    expect((await t.post('/user/exist', { address: w.address })).body).toEqual({ returnCode: 41 });
    const fields = signUpFields();
    await t.post('/cert/email/register/request', { ...(await signedBody(t, w)), ...fields });
    // The pending e-mail is masked: anyone may ask about any address.
    expect((await t.post('/user/exist', { address: w.account.address })).body).toEqual({
      returnCode: 13,
      email: `u***@example.com`,
    });
    await t.db
      .updateTable('email_certs')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('address', '=', w.address)
      .execute();
    expect((await t.post('/user/exist', { address: w.address })).body).toEqual({ returnCode: 85 });
    const m = await loggedIn(t);
    expect((await t.post('/user/exist', { address: m.wallet.address })).body).toEqual({ returnCode: 42 });
  });

  it('answers 43 for a blocked member', async () => {
    const m = await loggedIn(t);
    await t.db.updateTable('members').set({ state: 'blocked' }).where('address', '=', m.wallet.address).execute();
    expect((await t.post('/user/exist', { address: m.wallet.address })).returnCode).toBe(43);
    expect((await t.post('/user/info', m.auth)).returnCode).toBe(43);
    await t.db.updateTable('members').set({ state: 'deleted' }).where('address', '=', m.wallet.address).execute();
    expect((await t.post('/user/exist', { address: m.wallet.address })).returnCode).toBe(44);
    expect((await t.post('/user/info', m.auth)).returnCode).toBe(44);
  });

  it('answers 6 and 5 for bad bodies', async () => {
    expect((await t.post('/user/exist', {})).returnCode).toBe(6);
    expect((await t.post('/user/exist', { address: '0xZZ' })).returnCode).toBe(5);
    expect((await t.post('/user/exist', { address: null })).returnCode).toBe(5);
  });
});

describe('/user/info', () => {
  it('returns the full own info', async () => {
    const m = await loggedIn(t);
    const r = await t.post('/user/info', m.auth);
    expect(r.returnCode).toBe(0);
    const info = userInfoSchema.parse(r.body.data);
    expect(info).toMatchObject({
      id: m.id,
      email: m.email,
      erc20Address: m.wallet.address,
      aboutMe: 'hello',
      banner: null,
      profile: null,
      collectionCount: 0,
      flagEmail: 1,
      minOfferPriceKlay: '0',
    });
  });

  it('answers 27 without a ticket, 28 for an expired one, 29 for another id, 6 without an id', async () => {
    const m = await loggedIn(t);
    const other = await loggedIn(t);
    expect((await t.post('/user/info', { id: m.id })).returnCode).toBe(27);
    expect((await t.post('/user/info', {})).returnCode).toBe(27);
    expect((await t.post('/user/info', { ticketId: m.ticketId })).returnCode).toBe(6);
    expect((await t.post('/user/info', { id: other.id, ticketId: m.ticketId })).returnCode).toBe(29);
    expect((await t.post('/user/info', [m.auth])).returnCode).toBe(3);
    await expireTicket(m.wallet.address);
    expect((await t.post('/user/info', m.auth)).returnCode).toBe(28);
  });
});

describe('/user/info/id', () => {
  it('returns the public part only, by name in any case', async () => {
    const m = await loggedIn(t);
    const r = await t.post('/user/info/id', { userId: m.id.toUpperCase() });
    expect(r.returnCode).toBe(0);
    const data = r.body.data as Record<string, unknown>;
    expect(data.id).toBe(m.id);
    expect(data).not.toHaveProperty('email');
    expect(data).not.toHaveProperty('flagBid');
  });

  it('answers 255 for an unknown or pending member, 6/5 for bad bodies', async () => {
    expect((await t.post('/user/info/id', { userId: 'nobody_here' })).returnCode).toBe(255);
    const w = newWallet();
    const fields = signUpFields();
    await t.post('/cert/email/register/request', { ...(await signedBody(t, w)), ...fields });
    expect((await t.post('/user/info/id', { userId: fields.id })).returnCode).toBe(255);
    expect((await t.post('/user/info/id', {})).returnCode).toBe(6);
    expect((await t.post('/user/info/id', { userId: '' })).returnCode).toBe(5);
    expect((await t.post('/user/info/id', { userId: 5 })).returnCode).toBe(5);
  });
});

describe('/user/update', () => {
  it('updates about-me', async () => {
    const m = await loggedIn(t);
    expect((await t.post('/user/update', { ...m.auth, aboutMe: '안녕하세요 👋' })).returnCode).toBe(0);
    expect(((await t.post('/user/info', m.auth)).body.data as { aboutMe: string }).aboutMe).toBe('안녕하세요 👋');
    expect((await t.post('/user/update', { ...m.auth, aboutMe: '' })).returnCode).toBe(0);
  });

  it('answers 5 over 140 characters, 6 without aboutMe, 27/28 for tickets', async () => {
    const m = await loggedIn(t);
    expect((await t.post('/user/update', { ...m.auth, aboutMe: 'x'.repeat(141) })).returnCode).toBe(5);
    expect((await t.post('/user/update', { ...m.auth, aboutMe: 3 })).returnCode).toBe(5);
    expect((await t.post('/user/update', m.auth)).returnCode).toBe(6);
    expect((await t.post('/user/update', { id: m.id, aboutMe: 'x' })).returnCode).toBe(27);
    const other = await loggedIn(t);
    expect((await t.post('/user/update', { id: other.id, ticketId: m.ticketId, aboutMe: 'x' })).returnCode).toBe(29);
    expect(
      (await t.post('/user/update', { ...m.auth, aboutMe: 'x' }, { authorization: `Bearer ${other.ticketId}` }))
        .returnCode,
    ).toBe(29);
    await expireTicket(m.wallet.address);
    expect((await t.post('/user/update', { ...m.auth, aboutMe: 'x' })).returnCode).toBe(28);
  });
});

describe('/user/alarm/update', () => {
  it('stores flags and wei thresholds exactly (numeric(78,0))', async () => {
    const m = await loggedIn(t);
    expect((await t.post('/user/alarm/update', { ...m.auth, ...alarms, flagEmail: 0 })).returnCode).toBe(0);
    const info = (await t.post('/user/info', m.auth)).body.data as Record<string, unknown>;
    expect(info).toMatchObject({ ...alarms, flagEmail: 0 });
    // flagEmail is optional and kept when absent.
    expect((await t.post('/user/alarm/update', { ...m.auth, ...alarms, flagBid: 0 })).returnCode).toBe(0);
    expect((await t.post('/user/info', m.auth)).body.data).toMatchObject({ flagBid: 0, flagEmail: 0 });
  });

  it('has the watchlist floor alert flag on by default; it is set when given and kept when absent', async () => {
    const m = await loggedIn(t);
    expect((await t.post('/user/info', m.auth)).body.data).toMatchObject({ flagFloorMove: 1 });
    expect((await t.post('/user/alarm/update', { ...m.auth, ...alarms, flagFloorMove: 0 })).returnCode).toBe(0);
    expect((await t.post('/user/info', m.auth)).body.data).toMatchObject({ flagFloorMove: 0 });
    expect((await t.post('/user/alarm/update', { ...m.auth, ...alarms })).returnCode).toBe(0);
    expect((await t.post('/user/info', m.auth)).body.data).toMatchObject({ flagFloorMove: 0 });
    expect((await t.post('/user/alarm/update', { ...m.auth, ...alarms, flagFloorMove: 2 })).returnCode).toBe(5);
  });

  it('answers 5 for bad flags or prices, 6 for missing ones, 27/28 for tickets', async () => {
    const m = await loggedIn(t);
    expect((await t.post('/user/alarm/update', { ...m.auth, ...alarms, flagBid: 2 })).returnCode).toBe(5);
    expect((await t.post('/user/alarm/update', { ...m.auth, ...alarms, minOfferPriceKlay: '1.5' })).returnCode).toBe(5);
    expect((await t.post('/user/alarm/update', { ...m.auth, ...alarms, minOfferPriceAtt: '-1' })).returnCode).toBe(5);
    expect((await t.post('/user/alarm/update', { ...m.auth, ...alarms, minOfferPriceAtt: 1 })).returnCode).toBe(5);
    const { flagBid: _f, ...missing } = alarms;
    expect((await t.post('/user/alarm/update', { ...m.auth, ...missing })).returnCode).toBe(6);
    expect((await t.post('/user/alarm/update', { id: m.id, ...alarms })).returnCode).toBe(27);
    await expireTicket(m.wallet.address);
    expect((await t.post('/user/alarm/update', { ...m.auth, ...alarms })).returnCode).toBe(28);
  });
});

describe('/user/available', () => {
  it("answers 0 for a free name and e-mail, 42/223 for a member's, 5 for malformed ones, 6 for neither", async () => {
    const m = await registerMember(t);
    expect((await t.post('/user/available', { id: 'free_name_1', email: 'free1@example.com' })).body).toEqual({
      returnCode: 0,
      data: { id: 0, email: 0 },
    });
    expect((await t.post('/user/available', { id: m.id.toUpperCase() })).body).toEqual({
      returnCode: 42,
      data: { id: 42 },
    });
    expect((await t.post('/user/available', { email: m.email.toUpperCase() })).body).toEqual({
      returnCode: 223,
      data: { email: 223 },
    });
    expect((await t.post('/user/available', { id: 'free_name_2', email: m.email })).body).toEqual({
      returnCode: 223,
      data: { id: 0, email: 223 },
    });
    expect((await t.post('/user/available', { id: 'ab', email: 'nope' })).body).toEqual({
      returnCode: 5,
      data: { id: 5, email: 5 },
    });
    expect((await t.post('/user/available', {})).returnCode).toBe(6);
  });

  it('says nothing about pending sign-ups (they hold no name or e-mail)', async () => {
    const w = newWallet();
    const fields = signUpFields();
    expect((await t.post('/cert/email/register/request', { ...(await signedBody(t, w)), ...fields })).returnCode).toBe(
      0,
    );
    expect((await t.post('/user/available', { id: fields.id, email: fields.email })).body).toEqual({
      returnCode: 0,
      data: { id: 0, email: 0 },
    });
  });
});

describe('minimum offer prices', () => {
  it('are capped at 2^256 - 1: the largest uint256 is stored, one more is refused (5)', async () => {
    const m = await loggedIn(t);
    const max = (2n ** 256n - 1n).toString();
    const body = {
      ...m.auth,
      flagItemSell: 1,
      flagBid: 1,
      flagAcceptOffer: 1,
      flagExpiredSell: 1,
      flagOverOffer: 1,
      flagMinOffer: 1,
      minOfferPriceKlay: max,
      minOfferPriceAtt: '0',
    };
    expect((await t.post('/user/alarm/update', body)).returnCode).toBe(0);
    expect((await t.post('/user/info', m.auth)).body.data).toMatchObject({ minOfferPriceKlay: max });
    expect(
      (await t.post('/user/alarm/update', { ...body, minOfferPriceKlay: (2n ** 256n).toString() })).returnCode,
    ).toBe(5);
    expect((await t.post('/user/alarm/update', { ...body, minOfferPriceAtt: '9'.repeat(78) })).returnCode).toBe(5);
    expect((await t.post('/user/info', m.auth)).body.data).toMatchObject({
      minOfferPriceKlay: max,
      minOfferPriceAtt: '0',
    });
  });
});

describe('/user/available rate limit', () => {
  it('answers 108 past 30 calls a minute from one client, while other routes keep the general limit', async () => {
    const t2 = await buildTestApp({ config: { rateLimitMax: 600 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 35; i++) codes.push((await t2.post('/user/available', { id: `free_name_${i}` })).returnCode);
      expect(codes.slice(0, 30).every((c) => c === 0)).toBe(true);
      expect(codes.slice(30)).toEqual([108, 108, 108, 108, 108]);
      expect((await t2.post('/config/front')).returnCode).toBe(0);
    } finally {
      await t2.close();
    }
  });
});
