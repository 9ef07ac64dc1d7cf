import { SIGN_IN_STATEMENT } from '@att/shared';
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

describe('/ticket/nonce', () => {
  it('returns the exact EIP-4361 fields the server will accept', async () => {
    const w = newWallet();
    const before = Date.now();
    const r = await t.post('/ticket/nonce', { address: w.account.address });
    expect(r.statusCode).toBe(200);
    expect(r.returnCode).toBe(0);
    const d = r.body.data as Record<string, string | number>;
    expect(d.domain).toBe('localhost:8080');
    expect(d.uri).toBe('http://localhost:8080');
    expect(d.chainId).toBe(31337);
    expect(d.statement).toBe(SIGN_IN_STATEMENT);
    expect(d.nonce).toMatch(/^[0-9a-f]{32}$/);
    const ttl = Date.parse(d.expirationTime as string) - Date.parse(d.issuedAt as string);
    expect(ttl).toBe(10 * 60 * 1000);
    expect(Date.parse(d.issuedAt as string)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('issues a different nonce each time', async () => {
    const w = newWallet();
    const a = await t.post('/ticket/nonce', { address: w.address });
    const b = await t.post('/ticket/nonce', { address: w.address });
    expect((a.body.data as { nonce: string }).nonce).not.toBe((b.body.data as { nonce: string }).nonce);
  });

  it('answers 6 without an address and 5 for a malformed one, 3 for a non-object body', async () => {
    expect((await t.post('/ticket/nonce', {})).returnCode).toBe(6);
    expect((await t.post('/ticket/nonce', { address: '0x1234' })).returnCode).toBe(5);
    expect((await t.post('/ticket/nonce', { address: 42 })).returnCode).toBe(5);
    expect((await t.post('/ticket/nonce', [1, 2])).returnCode).toBe(3);
    expect((await t.post('/ticket/nonce', 'text')).returnCode).toBe(3);
  });
});

describe('/ticket/request', () => {
  it('gives a registered member a ticket bound to the id', async () => {
    const { wallet, id } = await registerMember(t);
    const r = await t.post('/ticket/request', await signedBody(t, wallet));
    expect(r.returnCode).toBe(0);
    const d = r.body.data as { id: string; ticketId: string; expiresAt: string };
    expect(d.id).toBe(id);
    expect(d.ticketId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(d.expiresAt)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    // Only a hash of the ticket is stored.
    const rows = await t.db.selectFrom('tickets').select('ticket_hash').execute();
    expect(rows.some((row) => row.ticket_hash === d.ticketId)).toBe(false);
  });

  it('answers 41 for an unknown address and 13 while the e-mail awaits verification', async () => {
    const stranger = newWallet();
    expect((await t.post('/ticket/request', await signedBody(t, stranger))).returnCode).toBe(41);
    const pending = newWallet();
    const fields = signUpFields();
    const up = await t.post('/cert/email/register/request', { ...(await signedBody(t, pending)), ...fields });
    expect(up.returnCode).toBe(0);
    // Signed by the sign-up's own wallet: its e-mail whole (/user/exist, which anyone may ask, masks it).
    const r = await t.post('/ticket/request', await signedBody(t, pending));
    expect(r.returnCode).toBe(13);
    expect(r.body.email).toBe(fields.email);
    expect((await t.post('/user/exist', { address: pending.address })).body.email).toBe(
      `${fields.email[0]}***@example.com`,
    );
    // Only its wallet: a message about the address signed by another wallet learns nothing of it.
    const forged = await t.post('/ticket/request', await signedBody(t, pending, {}, stranger));
    expect(forged.returnCode).toBe(2);
    expect(forged.body.email).toBeUndefined();
  });

  it('answers 43 for a blocked and 44 for a deleted member', async () => {
    const a = await registerMember(t);
    await t.db.updateTable('members').set({ state: 'blocked' }).where('address', '=', a.wallet.address).execute();
    expect((await t.post('/ticket/request', await signedBody(t, a.wallet))).returnCode).toBe(43);
    await t.db.updateTable('members').set({ state: 'deleted' }).where('address', '=', a.wallet.address).execute();
    expect((await t.post('/ticket/request', await signedBody(t, a.wallet))).returnCode).toBe(44);
  });

  it('refuses a reused nonce', async () => {
    const { wallet } = await registerMember(t);
    const body = await signedBody(t, wallet);
    expect((await t.post('/ticket/request', body)).returnCode).toBe(0);
    expect((await t.post('/ticket/request', body)).returnCode).toBe(2);
  });

  it('lets exactly one of two concurrent uses of a nonce win', async () => {
    const { wallet } = await registerMember(t);
    const body = await signedBody(t, wallet);
    const codes = (await Promise.all([1, 2, 3].map(() => t.post('/ticket/request', body)))).map((r) => r.returnCode);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 2)).toHaveLength(2);
  });

  it('refuses a signature from another address', async () => {
    const { wallet } = await registerMember(t);
    const body = await signedBody(t, wallet, {}, newWallet());
    expect((await t.post('/ticket/request', body)).returnCode).toBe(2);
  });

  it('refuses a message naming another address than the body', async () => {
    const { wallet } = await registerMember(t);
    const other = newWallet();
    const body = await signedBody(t, other);
    expect((await t.post('/ticket/request', { ...body, address: wallet.address })).returnCode).toBe(2);
  });

  it('refuses a message for another domain, URI or chain id', async () => {
    const { wallet } = await registerMember(t);
    expect((await t.post('/ticket/request', await signedBody(t, wallet, { domain: 'evil.example' }))).returnCode).toBe(
      2,
    );
    expect(
      (await t.post('/ticket/request', await signedBody(t, wallet, { uri: 'https://evil.example/login' }))).returnCode,
    ).toBe(2);
    expect((await t.post('/ticket/request', await signedBody(t, wallet, { chainId: 8217 }))).returnCode).toBe(2);
  });

  it('refuses a nonce the server did not issue to this address', async () => {
    const { wallet } = await registerMember(t);
    expect(
      (await t.post('/ticket/request', await signedBody(t, wallet, { nonce: 'abcdef0123456789abcdef' }))).returnCode,
    ).toBe(2);
    // A nonce issued to another address.
    const other = newWallet();
    const n = await t.post('/ticket/nonce', { address: other.address });
    const nonce = (n.body.data as { nonce: string }).nonce;
    expect((await t.post('/ticket/request', await signedBody(t, wallet, { nonce }))).returnCode).toBe(2);
  });

  it('answers 85 for an expired message and for an expired nonce', async () => {
    const { wallet } = await registerMember(t);
    const past = new Date(Date.now() - 60_000);
    const body = await signedBody(t, wallet, { issuedAt: new Date(Date.now() - 120_000), expirationTime: past });
    expect((await t.post('/ticket/request', body)).returnCode).toBe(85);

    const fresh = await signedBody(t, wallet);
    await t.db.updateTable('sign_in_nonces').set({ expires_at: past }).where('address', '=', wallet.address).execute();
    expect((await t.post('/ticket/request', fresh)).returnCode).toBe(85);
  });

  it('refuses a message without an expiry or living longer than 10 minutes', async () => {
    const { wallet } = await registerMember(t);
    const noExpiry = await signedBody(t, wallet, { expirationTime: undefined });
    expect((await t.post('/ticket/request', noExpiry)).returnCode).toBe(2);
    const long = await signedBody(t, wallet, { expirationTime: new Date(Date.now() + 3600_000) });
    expect((await t.post('/ticket/request', long)).returnCode).toBe(2);
  });

  it('refuses garbage messages and signatures with 2, and bad fields with 5/6', async () => {
    const { wallet } = await registerMember(t);
    const body = await signedBody(t, wallet);
    expect((await t.post('/ticket/request', { ...body, message: 'hello' })).returnCode).toBe(2);
    expect((await t.post('/ticket/request', { ...body, signature: '0xdeadbeef' })).returnCode).toBe(2);
    expect((await t.post('/ticket/request', { ...body, signature: 'nothex' })).returnCode).toBe(5);
    expect((await t.post('/ticket/request', { ...body, authType: 1 })).returnCode).toBe(5);
    expect((await t.post('/ticket/request', { address: body.address })).returnCode).toBe(6);
  });
});

describe('/ticket/check and /ticket/logout', () => {
  it('answers 0 for a valid ticket, in the body or as a Bearer header', async () => {
    const m = await loggedIn(t);
    expect((await t.post('/ticket/check', { address: m.wallet.address, ...m.auth })).returnCode).toBe(0);
    const viaHeader = await t.post(
      '/ticket/check',
      { address: m.wallet.address, id: m.id },
      { authorization: `Bearer ${m.ticketId}` },
    );
    expect(viaHeader.returnCode).toBe(0);
    const both = await t.post(
      '/ticket/check',
      { address: m.wallet.address, ...m.auth },
      { authorization: `Bearer ${m.ticketId}` },
    );
    expect(both.returnCode).toBe(0);
  });

  it('answers 29 when body and header tickets differ', async () => {
    const m = await loggedIn(t);
    const r = await t.post(
      '/ticket/check',
      { address: m.wallet.address, ...m.auth },
      { authorization: 'Bearer other' },
    );
    expect(r.returnCode).toBe(29);
  });

  it('answers 27 for a missing or unknown ticket', async () => {
    const m = await loggedIn(t);
    expect((await t.post('/ticket/check', { address: m.wallet.address, id: m.id })).returnCode).toBe(27);
    expect((await t.post('/ticket/check', { address: m.wallet.address, id: m.id, ticketId: '' })).returnCode).toBe(27);
    expect((await t.post('/ticket/check', { address: m.wallet.address, id: m.id, ticketId: 'nope' })).returnCode).toBe(
      27,
    );
  });

  it('answers 28 for an expired ticket', async () => {
    const m = await loggedIn(t);
    await t.db
      .updateTable('tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('address', '=', m.wallet.address)
      .execute();
    expect((await t.post('/ticket/check', { address: m.wallet.address, ...m.auth })).returnCode).toBe(28);
  });

  it('answers 29 for another address or another id', async () => {
    const m = await loggedIn(t);
    const other = await loggedIn(t);
    expect((await t.post('/ticket/check', { address: other.wallet.address, ...m.auth })).returnCode).toBe(29);
    expect(
      (await t.post('/ticket/check', { address: m.wallet.address, id: other.id, ticketId: m.ticketId })).returnCode,
    ).toBe(29);
  });

  it('answers 6 without an address and 5 for a malformed one', async () => {
    const m = await loggedIn(t);
    expect((await t.post('/ticket/check', m.auth)).returnCode).toBe(6);
    expect((await t.post('/ticket/check', { ...m.auth, address: 'x' })).returnCode).toBe(5);
  });

  it('logout revokes the ticket', async () => {
    const m = await loggedIn(t);
    expect((await t.post('/ticket/logout', m.auth)).returnCode).toBe(0);
    expect((await t.post('/ticket/check', { address: m.wallet.address, ...m.auth })).returnCode).toBe(27);
    expect((await t.post('/ticket/logout', m.auth)).returnCode).toBe(27);
    expect((await t.post('/user/info', m.auth)).returnCode).toBe(27);
  });

  it('logout answers 27 without a ticket, 28 for an expired one, 29 for another id', async () => {
    const m = await loggedIn(t);
    const other = await loggedIn(t);
    expect((await t.post('/ticket/logout', { id: m.id })).returnCode).toBe(27);
    expect((await t.post('/ticket/logout', { id: other.id, ticketId: m.ticketId })).returnCode).toBe(29);
    await t.db
      .updateTable('tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('address', '=', m.wallet.address)
      .execute();
    expect((await t.post('/ticket/logout', m.auth)).returnCode).toBe(28);
  });
});

describe('/ticket/logout/others ("log out everywhere else")', () => {
  it('revokes every other ticket of the member and keeps this one', async () => {
    const m = await loggedIn(t);
    const second = await t.post('/ticket/request', await signedBody(t, m.wallet));
    const third = await t.post('/ticket/request', await signedBody(t, m.wallet));
    const other = await loggedIn(t);
    const ticketOf = (r: { body: Record<string, unknown> }) => (r.body.data as { ticketId: string }).ticketId;
    const r = await t.post('/ticket/logout/others', m.auth);
    expect(r.body).toEqual({ returnCode: 0, data: { revoked: 2 } });
    expect((await t.post('/ticket/check', { ...m.auth, address: m.wallet.address })).returnCode).toBe(0);
    for (const ticketId of [ticketOf(second), ticketOf(third)]) {
      expect((await t.post('/ticket/check', { id: m.id, ticketId, address: m.wallet.address })).returnCode).toBe(27);
    }
    // Another member's session is untouched.
    expect((await t.post('/ticket/check', { ...other.auth, address: other.wallet.address })).returnCode).toBe(0);
    expect((await t.post('/ticket/logout/others', { id: m.id })).returnCode).toBe(27);
  });
});
