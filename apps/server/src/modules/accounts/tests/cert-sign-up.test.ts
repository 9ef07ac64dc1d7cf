/** Sign-up requests (/cert/email/register/request): the mail, taken names and e-mails, pending claims, quotas, validation. */
import { CERT_REQUEST_LIMIT } from '@att/shared';
import { describe, expect, it } from 'vitest';
import {
  buildTestApp,
  certFromLink,
  lastLink,
  newWallet,
  registerMember,
  signedBody,
  signUpFields,
} from '../../../../test/helper';
import type { Mailer } from '../../../platform/mail/mailer';
import { setUpApp, signUp, t, verify } from './cert-fixture';

setUpApp();

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
    expect(link.startsWith(`http://localhost:8080/EmailVerify/${encodeURIComponent(fields.email as string)}/`)).toBe(
      true,
    );
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
    await t.db
      .updateTable('email_certs')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('address', '=', w.address)
      .execute();
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
      await t.db
        .updateTable('email_certs')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('email', '=', email)
        .execute();
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
      ...(await signedBody(t, w, {
        issuedAt: new Date(Date.now() - 120_000),
        expirationTime: new Date(Date.now() - 1000),
      })),
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
