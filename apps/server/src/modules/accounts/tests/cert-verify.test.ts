/** Verifying the e-mail code (/emailVerify/register/check): success, wrong and expired codes, attempts, signatures. */
import { EMAIL_CERT_MAX_ATTEMPTS } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { certFromLink, lastLink, newWallet, signedBody, signUpFields } from '../../../../test/helper';
import { setUpApp, signUp, t, verify } from './cert-fixture';

setUpApp();

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
    for (let i = 0; i < EMAIL_CERT_MAX_ATTEMPTS; i++)
      expect((await verify(p.w, p.email, `wrong${i}`)).returnCode).toBe(114);
    expect((await verify(p.w, p.email, p.cert)).returnCode).toBe(25);
    // A new mail gives a new code with fresh attempts.
    expect((await signUp(p.w, p.fields)).returnCode).toBe(0);
    const fresh = certFromLink(lastLink(t));
    expect((await verify(p.w, p.email, fresh.cert)).returnCode).toBe(0);
  });

  it('answers 85 for an expired code', async () => {
    const p = await pending();
    await t.db
      .updateTable('email_certs')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('address', '=', p.w.address)
      .execute();
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
    expect((await t.post('/emailVerify/register/check', { ...expired, email: p.email, cert: p.cert })).returnCode).toBe(
      85,
    );
    const body = await signedBody(t, p.w);
    expect((await t.post('/emailVerify/register/check', { ...body, email: p.email })).returnCode).toBe(6);
    expect((await t.post('/emailVerify/register/check', { ...body, email: p.email, cert: '' })).returnCode).toBe(5);
    expect((await t.post('/emailVerify/register/check', { ...body, email: p.email, cert: 7 })).returnCode).toBe(5);
    expect((await t.post('/emailVerify/register/check', null)).returnCode).toBe(3);
  });
});
