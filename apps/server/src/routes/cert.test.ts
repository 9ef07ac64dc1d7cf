import { CERT_REQUEST_LIMIT, EMAIL_CERT_MAX_ATTEMPTS } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  certFromLink,
  lastLink,
  newWallet,
  registerMember,
  signedBody,
  signUpFields,
  type TestApp,
  type Wallet,
} from '../../test/helper';
import type { Mailer } from '../plugins/mailer';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function signUp(w: Wallet, fields: Record<string, unknown> = signUpFields()) {
  return t.post('/cert/email/register/request', { ...(await signedBody(t, w)), ...fields });
}
async function verify(w: Wallet, email: string, cert: string) {
  return t.post('/emailVerify/register/check', { ...(await signedBody(t, w)), email, cert });
}

describe('/cert/email/register/request', () => {
  it('creates a pending member and mails a link with the code, in Korean by default', async () => {
    const w = newWallet();
    const fields = signUpFields();
    const r = await signUp(w, fields);
    expect(r).toMatchObject({ statusCode: 200, returnCode: 0 });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(fields.email);
    expect(mail.subject).toContain('이메일');
    const link = lastLink(t);
    expect(link.startsWith(`http://localhost:8080/EmailVerify/${encodeURIComponent(fields.email as string)}/`)).toBe(true);
    expect(link.endsWith(`/${w.address}`)).toBe(true);
    expect(mail.text).toContain(link);
    expect((await t.post('/user/exist', { address: w.address })).body).toEqual({
      returnCode: 13,
      email: `u***@example.com`,
    });
    // The code is stored hashed only.
    const { cert } = certFromLink(link);
    const rows = await t.db.selectFrom('email_certs').select('code_hash').execute();
    expect(rows.some((row) => row.code_hash === cert)).toBe(false);
  });

  it('writes the mail in English when lang is en', async () => {
    await signUp(newWallet(), signUpFields({ lang: 'en' }));
    expect(t.mails.at(-1)!.subject).toContain('Verify your e-mail');
  });

  it('answers 42 for a taken user name (any case) and 223 for a taken e-mail', async () => {
    const a = await registerMember(t);
    expect((await signUp(newWallet(), signUpFields({ id: a.id.toUpperCase() }))).returnCode).toBe(42);
    expect((await signUp(newWallet(), signUpFields({ email: a.email.toUpperCase() }))).returnCode).toBe(223);
  });

  it('a pending sign-up never blocks another wallet: the first verification wins (issue 7, item 4)', async () => {
    const attacker = newWallet();
    const alice = newWallet();
    const fields = signUpFields();
    expect((await signUp(attacker, fields)).returnCode).toBe(0);
    const attackerCode = certFromLink(lastLink(t)).cert;
    // Before the fix: 42 (name) and 223 (e-mail) for 24 hours, renewable by the squatter.
    expect((await signUp(alice, signUpFields({ id: fields.id }))).returnCode).toBe(0);
    expect((await signUp(alice, signUpFields({ email: fields.email }))).returnCode).toBe(0);
    expect((await signUp(alice, signUpFields({ id: fields.id, email: fields.email }))).returnCode).toBe(0);
    const aliceCode = certFromLink(lastLink(t)).cert;
    expect((await verify(alice, fields.email as string, aliceCode)).returnCode).toBe(0);
    // The squatter's pending claim lost: its verification answers 42 (the name went first), nothing changes.
    expect((await verify(attacker, fields.email as string, attackerCode)).returnCode).toBe(42);
    expect((await t.post('/user/exist', { address: attacker.address })).returnCode).toBe(13);
    // Between verified members the spec's codes still apply.
    expect((await signUp(newWallet(), signUpFields({ id: fields.id }))).returnCode).toBe(42);
    expect((await signUp(newWallet(), signUpFields({ email: fields.email }))).returnCode).toBe(223);
  });

  it('of two pending sign-ups with one e-mail, the first to verify wins; the other gets 223', async () => {
    const a = newWallet();
    const b = newWallet();
    const email = `${signUpFields().id.replace(/[^a-z0-9]/gi, '')}@example.net`;
    expect((await signUp(a, signUpFields({ email }))).returnCode).toBe(0);
    const codeA = certFromLink(lastLink(t)).cert;
    expect((await signUp(b, signUpFields({ email }))).returnCode).toBe(0);
    const codeB = certFromLink(lastLink(t)).cert;
    const [ra, rb] = await Promise.all([verify(a, email, codeA), verify(b, email, codeB)]);
    expect([ra.returnCode, rb.returnCode].sort((x, y) => x - y)).toEqual([0, 223]);
    const verified = await t.db
      .selectFrom('members')
      .select('address')
      .where('email', '=', email)
      .where('email_verified_at', 'is not', null)
      .execute();
    expect(verified).toHaveLength(1);
  });

  it('a pending sign-up expires with its code', async () => {
    const w = newWallet();
    expect((await signUp(w)).returnCode).toBe(0);
    const { email, cert } = certFromLink(lastLink(t));
    await t.db.updateTable('email_certs').set({ expires_at: new Date(Date.now() - 1000) }).where('address', '=', w.address).execute();
    expect((await t.post('/user/exist', { address: w.address })).returnCode).toBe(85);
    expect((await verify(w, email, cert)).returnCode).toBe(85);
  });

  it('answers 226 for an address that is already a verified member', async () => {
    const a = await registerMember(t);
    expect((await signUp(a.wallet)).returnCode).toBe(226);
  });

  it('resubmitting from the same pending address updates it and voids the older code', async () => {
    const w = newWallet();
    expect((await signUp(w, signUpFields())).returnCode).toBe(0);
    const old = certFromLink(lastLink(t));
    const newer = signUpFields();
    expect((await signUp(w, newer)).returnCode).toBe(0);
    const fresh = certFromLink(lastLink(t));
    expect(fresh.email).toBe(newer.email);
    expect((await t.post('/user/exist', { address: w.address })).body.email).toBe(`u***@example.com`);
    // The old code is voided by the newer mail: 85, and it does not count as a wrong attempt.
    expect((await verify(w, newer.email as string, old.cert)).returnCode).toBe(85);
    expect((await verify(w, newer.email as string, fresh.cert)).returnCode).toBe(0);
    const member = await t.post('/user/info/id', { userId: newer.id });
    expect(member.returnCode).toBe(0);
  });

  it(`answers 111 after ${CERT_REQUEST_LIMIT} mails per address or per e-mail in the window`, async () => {
    const w = newWallet();
    for (let i = 0; i < CERT_REQUEST_LIMIT; i++) expect((await signUp(w)).returnCode).toBe(0);
    expect((await signUp(w)).returnCode).toBe(111);

    const email = `${signUpFields().id.replace(/[^a-z0-9]/gi, '')}@example.org`;
    // Different addresses, one e-mail: each new pending sign-up frees the e-mail from the previous (expired) one.
    for (let i = 0; i < CERT_REQUEST_LIMIT; i++) {
      const r = await signUp(newWallet(), signUpFields({ email }));
      expect(r.returnCode).toBe(0);
      await t.db.updateTable('email_certs').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', email).execute();
    }
    expect((await signUp(newWallet(), signUpFields({ email }))).returnCode).toBe(111);
  });

  it('answers 47 when agreeAge is false, 5 for other consents and invalid fields, 6 for missing ones', async () => {
    const w = newWallet();
    expect((await signUp(w, signUpFields({ agreeAge: false }))).returnCode).toBe(47);
    expect((await signUp(w, signUpFields({ agreeTerms: false }))).returnCode).toBe(5);
    expect((await signUp(w, signUpFields({ agreePrivacy: false }))).returnCode).toBe(5);
    expect((await signUp(w, signUpFields({ id: 'abcd' }))).returnCode).toBe(5);
    expect((await signUp(w, signUpFields({ id: 'a'.repeat(46) }))).returnCode).toBe(5);
    expect((await signUp(w, signUpFields({ id: 'bad name!' }))).returnCode).toBe(5);
    expect((await signUp(w, signUpFields({ email: 'not-an-email' }))).returnCode).toBe(5);
    expect((await signUp(w, signUpFields({ email: 'a@b.info' }))).returnCode).toBe(5);
    expect((await signUp(w, signUpFields({ lang: 'fr' }))).returnCode).toBe(5);
    expect((await signUp(w, signUpFields({ aboutMe: 'x'.repeat(141) }))).returnCode).toBe(5);
    expect((await signUp(w, signUpFields({ id: 12345 }))).returnCode).toBe(5);
    const { id: _id, ...noId } = signUpFields();
    expect((await signUp(w, noId)).returnCode).toBe(6);
    const { agreeAge: _a, ...noAge } = signUpFields();
    expect((await signUp(w, noAge)).returnCode).toBe(6);
    expect((await t.post('/cert/email/register/request', signUpFields())).returnCode).toBe(6);
    expect((await t.post('/cert/email/register/request', 'x')).returnCode).toBe(3);
    // Nothing was created by the refused requests.
    expect((await t.post('/user/exist', { address: w.address })).returnCode).toBe(41);
  });

  it('accepts a Korean user name', async () => {
    expect((await signUp(newWallet(), signUpFields({ id: `한국어이름${Date.now() % 100000}` }))).returnCode).toBe(0);
  });

  it('answers 2 for a wrong signature and 85 for an expired message', async () => {
    const w = newWallet();
    const wrong = { ...(await signedBody(t, w, {}, newWallet())), ...signUpFields() };
    expect((await t.post('/cert/email/register/request', wrong)).returnCode).toBe(2);
    const expired = {
      ...(await signedBody(t, w, { issuedAt: new Date(Date.now() - 120_000), expirationTime: new Date(Date.now() - 1000) })),
      ...signUpFields(),
    };
    expect((await t.post('/cert/email/register/request', expired)).returnCode).toBe(85);
    const otherChain = { ...(await signedBody(t, w, { chainId: 1 })), ...signUpFields() };
    expect((await t.post('/cert/email/register/request', otherChain)).returnCode).toBe(2);
  });

  it('answers 118 and writes nothing when the mail cannot be sent', async () => {
    const failing: Mailer = {
      async send() {
        throw new Error('smtp down');
      },
      close() {},
    };
    const t2 = await buildTestApp({ deps: { mailer: failing } });
    try {
      const w = newWallet();
      const r = await t2.post('/cert/email/register/request', { ...(await signedBody(t2, w)), ...signUpFields() });
      expect(r.returnCode).toBe(118);
      expect((await t2.post('/user/exist', { address: w.address })).returnCode).toBe(41);
      expect(await t2.db.selectFrom('email_certs').selectAll().execute()).toHaveLength(0);
    } finally {
      await t2.close();
    }
  });
});

describe('/emailVerify/register/check', () => {
  async function pending() {
    const w = newWallet();
    const fields = signUpFields();
    expect((await signUp(w, fields)).returnCode).toBe(0);
    return { w, fields, ...certFromLink(lastLink(t)) };
  }

  it('verifies the e-mail and completes the sign-up', async () => {
    const p = await pending();
    expect((await verify(p.w, p.email, p.cert)).returnCode).toBe(0);
    expect((await t.post('/user/exist', { address: p.w.address })).returnCode).toBe(42);
    expect((await verify(p.w, p.email, p.cert)).returnCode).toBe(11);
  });

  it('accepts the e-mail in another case', async () => {
    const p = await pending();
    expect((await verify(p.w, p.email.toUpperCase(), p.cert)).returnCode).toBe(0);
  });

  it(`answers 114 for a wrong code and 25 after ${EMAIL_CERT_MAX_ATTEMPTS} wrong codes, even for the right one`, async () => {
    const p = await pending();
    for (let i = 0; i < EMAIL_CERT_MAX_ATTEMPTS; i++) expect((await verify(p.w, p.email, `wrong${i}`)).returnCode).toBe(114);
    expect((await verify(p.w, p.email, p.cert)).returnCode).toBe(25);
    // A new mail gives a new code with fresh attempts.
    expect((await signUp(p.w, p.fields)).returnCode).toBe(0);
    const fresh = certFromLink(lastLink(t));
    expect((await verify(p.w, p.email, fresh.cert)).returnCode).toBe(0);
  });

  it('answers 85 for an expired code', async () => {
    const p = await pending();
    await t.db.updateTable('email_certs').set({ expires_at: new Date(Date.now() - 1000) }).where('address', '=', p.w.address).execute();
    expect((await verify(p.w, p.email, p.cert)).returnCode).toBe(85);
  });

  it('answers 41 for an unknown address or another e-mail', async () => {
    const p = await pending();
    expect((await verify(newWallet(), p.email, p.cert)).returnCode).toBe(41);
    expect((await verify(p.w, 'someone@else.com', p.cert)).returnCode).toBe(41);
  });

  it('answers 2 when signed by another wallet or with a reused nonce, before looking at the code', async () => {
    const p = await pending();
    const foreign = { ...(await signedBody(t, p.w, {}, newWallet())), email: p.email, cert: p.cert };
    expect((await t.post('/emailVerify/register/check', foreign)).returnCode).toBe(2);
    const body = { ...(await signedBody(t, p.w)), email: p.email, cert: 'wrong' };
    expect((await t.post('/emailVerify/register/check', body)).returnCode).toBe(114);
    expect((await t.post('/emailVerify/register/check', body)).returnCode).toBe(2);
  });

  it('answers 85 for an expired message, 6 for missing and 5 for invalid fields', async () => {
    const p = await pending();
    const expired = await signedBody(t, p.w, {
      issuedAt: new Date(Date.now() - 120_000),
      expirationTime: new Date(Date.now() - 1000),
    });
    expect((await t.post('/emailVerify/register/check', { ...expired, email: p.email, cert: p.cert })).returnCode).toBe(85);
    const body = await signedBody(t, p.w);
    expect((await t.post('/emailVerify/register/check', { ...body, email: p.email })).returnCode).toBe(6);
    expect((await t.post('/emailVerify/register/check', { ...body, email: p.email, cert: '' })).returnCode).toBe(5);
    expect((await t.post('/emailVerify/register/check', { ...body, email: p.email, cert: 7 })).returnCode).toBe(5);
    expect((await t.post('/emailVerify/register/check', null)).returnCode).toBe(3);
  });
});

describe('/cert/email/register/resend and /cert/email/register/email (pending sign-up, same wallet)', () => {
  async function resend(w: Wallet, extra: Record<string, unknown> = {}) {
    return t.post('/cert/email/register/resend', { ...(await signedBody(t, w)), ...extra });
  }
  async function changeEmail(w: Wallet, email: string) {
    return t.post('/cert/email/register/email', { ...(await signedBody(t, w)), email });
  }

  it('resend mails a new code to the same e-mail and voids the older one', async () => {
    const w = newWallet();
    const fields = signUpFields();
    expect((await signUp(w, fields)).returnCode).toBe(0);
    const old = certFromLink(lastLink(t));
    const before = t.mails.length;
    expect((await resend(w, { lang: 'en' })).returnCode).toBe(0);
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)!.to).toBe(fields.email);
    expect(t.mails.at(-1)!.subject).toContain('Verify your e-mail');
    const fresh = certFromLink(lastLink(t));
    expect(fresh.cert).not.toBe(old.cert);
    expect((await verify(w, fields.email as string, old.cert)).returnCode).toBe(85);
    expect((await verify(w, fields.email as string, fresh.cert)).returnCode).toBe(0);
    // Verified now: nothing to resend.
    expect((await resend(w)).returnCode).toBe(226);
  });

  it('resend answers 41 without a pending sign-up, 2 for a foreign signature, and counts against the quota', async () => {
    expect((await resend(newWallet())).returnCode).toBe(41);
    const w = newWallet();
    expect((await signUp(w)).returnCode).toBe(0);
    const foreign = await signedBody(t, w, {}, newWallet());
    expect((await t.post('/cert/email/register/resend', foreign)).returnCode).toBe(2);
    for (let i = 1; i < CERT_REQUEST_LIMIT; i++) expect((await resend(w)).returnCode).toBe(0);
    const before = t.mails.length;
    expect((await resend(w)).returnCode).toBe(111);
    expect(t.mails.length).toBe(before);
  });

  it('change e-mail moves the pending sign-up to the new address and mails there', async () => {
    const w = newWallet();
    const fields = signUpFields();
    expect((await signUp(w, fields)).returnCode).toBe(0);
    const old = certFromLink(lastLink(t));
    const email = `new${signUpFields().id.replace(/[^a-z0-9]/gi, '').slice(0, 20)}@example.com`;
    expect((await changeEmail(w, email)).returnCode).toBe(0);
    expect(t.mails.at(-1)!.to).toBe(email);
    const fresh = certFromLink(lastLink(t));
    expect(fresh.email).toBe(email);
    expect((await t.post('/user/exist', { address: w.address })).body.email).toBe('n***@example.com');
    expect((await verify(w, fields.email as string, old.cert)).returnCode).toBe(41);
    expect((await verify(w, email, fresh.cert)).returnCode).toBe(0);
    expect((await changeEmail(w, email)).returnCode).toBe(226);
  });

  it('change e-mail answers 223 for a member\'s e-mail, 5 for a malformed one, 41 without a pending sign-up', async () => {
    const member = await registerMember(t);
    const w = newWallet();
    expect((await signUp(w)).returnCode).toBe(0);
    expect((await changeEmail(w, member.email.toUpperCase())).returnCode).toBe(223);
    expect((await changeEmail(w, 'not-an-email')).returnCode).toBe(5);
    expect((await changeEmail(newWallet(), 'free@example.com')).returnCode).toBe(41);
  });

  it('a failed mail on change of e-mail restores the pending sign-up as it was (118)', async () => {
    let fail = false;
    const mails: string[] = [];
    const flaky: Mailer = {
      async send(mail) {
        if (fail) throw new Error('smtp down');
        mails.push(mail.meta?.link ?? '');
      },
      close() {},
    };
    const t2 = await buildTestApp({ deps: { mailer: flaky } });
    try {
      const w = newWallet();
      const fields = signUpFields();
      expect((await t2.post('/cert/email/register/request', { ...(await signedBody(t2, w)), ...fields })).returnCode).toBe(0);
      const { cert } = certFromLink(mails.at(-1)!);
      fail = true;
      const r = await t2.post('/cert/email/register/email', { ...(await signedBody(t2, w)), email: 'other@example.com' });
      expect(r.returnCode).toBe(118);
      const check = await t2.post('/emailVerify/register/check', { ...(await signedBody(t2, w)), email: fields.email, cert });
      expect(check.returnCode).toBe(0);
    } finally {
      await t2.close();
    }
  });
});

describe('look-alike user names (issue 7, item 6)', () => {
  it('allows Hangul syllables, Latin letters, digits, - and _, and refuses standalone jamo', async () => {
    expect((await signUp(newWallet(), signUpFields({ id: `한글_${Date.now() % 100000}` }))).returnCode).toBe(0);
    expect((await signUp(newWallet(), signUpFields({ id: 'demo_seㅣㅣer' }))).returnCode).toBe(5);
    expect((await signUp(newWallet(), signUpFields({ id: 'ㄱㄴㄷㄹㅁ' }))).returnCode).toBe(5);
    expect((await signUp(newWallet(), signUpFields({ id: 'name with space' }))).returnCode).toBe(5);
    expect((await signUp(newWallet(), signUpFields({ id: 'ｄｅｍｏ_ｓｅｌｌｅｒ' }))).returnCode).toBe(5);
  });

  it("refuses a name whose confusable skeleton equals a member's (42), at sign-up and in /user/available", async () => {
    const base = `se${Date.now() % 1000000}`;
    await registerMember(t, newWallet(), { id: `demo_${base}_seller` });
    for (const lookAlike of [`demo_${base}_seIIer`, `demo_${base}_se11er`, `dern0_${base}_seller`, `DEMO_${base}_SELLER`]) {
      expect({ lookAlike, code: (await signUp(newWallet(), signUpFields({ id: lookAlike }))).returnCode }).toEqual({ lookAlike, code: 42 });
      expect((await t.post('/user/available', { id: lookAlike })).returnCode).toBe(42);
    }
    expect((await signUp(newWallet(), signUpFields({ id: `demo_${base}_seler` }))).returnCode).toBe(0);
  });

  it('of two pending look-alike names, the second to verify gets 42', async () => {
    const base = `lk${Date.now() % 1000000}`;
    const a = newWallet();
    const b = newWallet();
    expect((await signUp(a, signUpFields({ id: `nice_${base}_lily` }))).returnCode).toBe(0);
    const ca = certFromLink(lastLink(t));
    expect((await signUp(b, signUpFields({ id: `nice_${base}_IiIy` }))).returnCode).toBe(0);
    const cb = certFromLink(lastLink(t));
    expect((await verify(a, ca.email, ca.cert)).returnCode).toBe(0);
    expect((await verify(b, cb.email, cb.cert)).returnCode).toBe(42);
  });
});
