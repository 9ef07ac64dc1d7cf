/** User names that look alike (confusable skeletons, jamo, full-width letters) are refused as taken or invalid. */
import { describe, expect, it } from 'vitest';
import { certFromLink, lastLink, newWallet, registerMember, signUpFields } from '../../../../test/helper';
import { setUpApp, signUp, t, verify } from './cert-fixture';

setUpApp();

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
    for (const lookAlike of [
      `demo_${base}_seIIer`,
      `demo_${base}_se11er`,
      `dern0_${base}_seller`,
      `DEMO_${base}_SELLER`,
    ]) {
      expect({ lookAlike, code: (await signUp(newWallet(), signUpFields({ id: lookAlike }))).returnCode }).toEqual({
        lookAlike,
        code: 42,
      });
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
