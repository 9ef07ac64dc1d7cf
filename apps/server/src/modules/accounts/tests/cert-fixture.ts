/** One app per test file for the e-mail sign-up tests, and the signed sign-up and verification calls they make. */
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, signedBody, signUpFields, type TestApp, type Wallet } from '../../../../test/helper';

export let t: TestApp;

/** Builds the app before the file's tests and closes it after them. */
export function setUpApp(): void {
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());
}

export async function signUp(w: Wallet, fields: Record<string, unknown> = signUpFields()) {
  return t.post('/cert/email/register/request', { ...(await signedBody(t, w)), ...fields });
}
export async function verify(w: Wallet, email: string, cert: string) {
  return t.post('/emailVerify/register/check', { ...(await signedBody(t, w)), email, cert });
}
