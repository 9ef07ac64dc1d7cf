/** A pending sign-up's own wallet asks for the mail again or moves it to another e-mail. */
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
  type Wallet,
} from '../../../../test/helper';
import type { Mailer } from '../../../platform/mail/mailer';
import { setUpApp, signUp, t, verify } from './cert-fixture';

setUpApp();

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
    const email = `new${signUpFields()
      .id.replace(/[^a-z0-9]/gi, '')
      .slice(0, 20)}@example.com`;
    expect((await changeEmail(w, email)).returnCode).toBe(0);
    expect(t.mails.at(-1)!.to).toBe(email);
    const fresh = certFromLink(lastLink(t));
    expect(fresh.email).toBe(email);
    expect((await t.post('/user/exist', { address: w.address })).body.email).toBe('n***@example.com');
    expect((await verify(w, fields.email as string, old.cert)).returnCode).toBe(41);
    expect((await verify(w, email, fresh.cert)).returnCode).toBe(0);
    expect((await changeEmail(w, email)).returnCode).toBe(226);
  });

  it("change e-mail answers 223 for a member's e-mail, 5 for a malformed one, 41 without a pending sign-up", async () => {
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
      expect(
        (await t2.post('/cert/email/register/request', { ...(await signedBody(t2, w)), ...fields })).returnCode,
      ).toBe(0);
      const { cert } = certFromLink(mails.at(-1)!);
      fail = true;
      const r = await t2.post('/cert/email/register/email', {
        ...(await signedBody(t2, w)),
        email: 'other@example.com',
      });
      expect(r.returnCode).toBe(118);
      const check = await t2.post('/emailVerify/register/check', {
        ...(await signedBody(t2, w)),
        email: fields.email,
        cert,
      });
      expect(check.returnCode).toBe(0);
    } finally {
      await t2.close();
    }
  });
});
