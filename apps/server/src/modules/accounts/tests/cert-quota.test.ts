/**
 * Verification mail quotas under parallel requests: the send slot is reserved
 * atomically before the mail goes out, so no more mails leave than the quotas allow, and every request that
 * answers 0 sent exactly one mail while every loser sent none.
 */
import { API_BASE, CERT_REQUEST_LIMIT } from '@att/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, newWallet, signedBody, signUpFields, type TestApp } from '../../../../test/helper';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function signUpFrom(app: TestApp, body: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  const res = await app.app.inject({
    method: 'POST',
    url: `${API_BASE}/cert/email/register/request`,
    headers: { 'content-type': 'application/json' },
    remoteAddress,
    payload: JSON.stringify(body),
  });
  return (JSON.parse(res.body) as { returnCode: number }).returnCode;
}

const tally = (codes: number[]) => ({
  ok: codes.filter((c) => c === 0).length,
  tooMany: codes.filter((c) => c === 111).length,
  other: codes.filter((c) => c !== 0 && c !== 111),
});

// Each test builds its own app and signs 20 messages before its race: under a loaded CI (two files at a time beside
// anvil) that alone took 30 s once, so the budget is the building's, not the race's.
describe('mail flood through a race (item 1)', { timeout: 90_000 }, () => {
  it('20 parallel sign-ups of one wallet and one e-mail send at most the per-address limit of mails', async () => {
    t = await buildTestApp();
    const app = t;
    const w = newWallet();
    const fields = signUpFields();
    const bodies = [];
    for (let i = 0; i < 20; i++) bodies.push({ ...(await signedBody(app, w)), ...fields });
    const codes = await Promise.all(bodies.map((b) => signUpFrom(app, b)));
    const r = tally(codes);
    expect(r.other).toEqual([]);
    expect(r.ok).toBe(CERT_REQUEST_LIMIT);
    expect(app.mails).toHaveLength(r.ok);
    expect(r.tooMany).toBe(20 - CERT_REQUEST_LIMIT);
  });

  it('20 wallets with one e-mail in parallel: no more mails than successes, at most the per-mailbox limit', async () => {
    t = await buildTestApp();
    const app = t;
    const email = `flood${Date.now()}@example.com`;
    const bodies = [];
    for (let i = 0; i < 20; i++) {
      const w = newWallet();
      bodies.push({ ...(await signedBody(app, w)), ...signUpFields({ email }) });
    }
    const codes = await Promise.all(bodies.map((b) => signUpFrom(app, b)));
    const r = tally(codes);
    expect(r.other).toEqual([]);
    expect(r.ok).toBe(CERT_REQUEST_LIMIT);
    expect(app.mails).toHaveLength(r.ok);
    expect(app.mails.every((m) => m.to === email)).toBe(true);
  });
});

describe('mail quotas per client, per mailbox and overall (item 2)', () => {
  it('one client gets at most MAIL_QUOTA_PER_CLIENT (10) mails an hour, even in parallel; another client is not affected', async () => {
    t = await buildTestApp({ config: { mailQuota: { perClient: 10, global: 0 } } });
    const app = t;
    const bodies = [];
    for (let i = 0; i < 15; i++) bodies.push({ ...(await signedBody(app, newWallet())), ...signUpFields() });
    const codes = await Promise.all(bodies.map((b) => signUpFrom(app, b, '203.0.113.7')));
    expect(tally(codes)).toEqual({ ok: 10, tooMany: 5, other: [] });
    expect(app.mails).toHaveLength(10);
    expect(await signUpFrom(app, { ...(await signedBody(app, newWallet())), ...signUpFields() }, '203.0.113.8')).toBe(
      0,
    );
  });

  it('an IPv6 client cannot rotate through its /64 to get past the per-client quota', async () => {
    t = await buildTestApp({ config: { mailQuota: { perClient: 2, global: 0 } } });
    const app = t;
    const codes: number[] = [];
    for (const ip of ['2001:db8:7:7::1', '2001:db8:7:7::2', '2001:db8:7:7:ffff::3', '2001:db8:7:8::1']) {
      codes.push(await signUpFrom(app, { ...(await signedBody(app, newWallet())), ...signUpFields() }, ip));
    }
    expect(codes).toEqual([0, 0, 111, 0]);
  });

  it('a +tag does not make a new mailbox: name+N@ counts against name@', async () => {
    t = await buildTestApp();
    const app = t;
    const local = `box${Date.now()}`;
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const email = `${local}+${i}@Example.com`;
      codes.push(await signUpFrom(app, { ...(await signedBody(app, newWallet())), ...signUpFields({ email }) }));
    }
    expect(codes).toEqual([
      ...Array<number>(CERT_REQUEST_LIMIT).fill(0),
      ...Array<number>(8 - CERT_REQUEST_LIMIT).fill(111),
    ]);
    expect(app.mails).toHaveLength(CERT_REQUEST_LIMIT);
  });

  it('the global quota holds across clients', async () => {
    t = await buildTestApp({ config: { mailQuota: { perClient: 0, global: 3 } } });
    const app = t;
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        await signUpFrom(app, { ...(await signedBody(app, newWallet())), ...signUpFields() }, `198.51.100.${i + 1}`),
      );
    }
    expect(codes).toEqual([0, 0, 0, 111, 111]);
    expect(app.mails).toHaveLength(3);
  });
});
