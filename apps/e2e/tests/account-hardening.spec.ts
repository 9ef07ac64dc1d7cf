/**
 * Account hardening in the browser (the web side): client routes whose last segment holds a dot are served the app (11);
 * two tabs of one browser follow each other's logout and login (12); the mail-sent popup sends the mail again
 * and changes a mistyped e-mail through the real outbox (13); a verification link of another wallet, opened
 * while a member is signed in, names the wallet to use and signs nobody out (14).
 */
import type { SiweParams } from '@att/shared';
import { signInMessage } from '@att/shared/api/sign-in-message';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { connectDevWallet, connectInjected, loginState, useStackAndBrowser } from '../src/harness';
import { verificationLinks, waitForLinks } from '../src/outbox';
import { TestWallet } from '../src/wallet';

const ctx = useStackAndBrowser();

async function api<T = { returnCode: number }>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${ctx.stack.url}/attnftmarket/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

/** A sign-up made outside the browser: nonce, EIP-4361 message, signature by `privateKey`, request. */
async function signUpFromNode(privateKey: Hex, id: string, email: string) {
  const account = privateKeyToAccount(privateKey);
  const nonce = await api<{ returnCode: number; data: SiweParams }>('/ticket/nonce', { address: account.address });
  expect(nonce.returnCode).toBe(0);
  const message = signInMessage(account.address, nonce.data);
  const signature = await account.signMessage({ message });
  const r = await api('/cert/email/register/request', {
    authType: 2,
    address: account.address.toLowerCase(),
    message,
    signature,
    email,
    id,
    lang: 'ko',
    aboutMe: '',
    agreeAge: true,
    agreeTerms: true,
    agreePrivacy: true,
  });
  expect(r.returnCode).toBe(0);
}

describe('reload of a client route whose last segment holds a dot (item 11)', () => {
  it.each(['/Search/v1.5', '/Profile/john.doe', '/EmailVerify/foo@bar.com'])('%s serves the app', async (route) => {
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    const res = await page.goto(`${ctx.stack.url}${route}`);
    expect(res?.headers()['content-type']).toContain('text/html');
    await loginState(page, 'loggedOut');
    expect(await page.locator('body').textContent()).not.toContain('returnCode');
    await page.reload();
    await loginState(page, 'loggedOut');
    await context.close();
  });
});

describe('two tabs of one browser (item 12)', () => {
  it('a logout in one tab logs the other out; a login in one signs the other in, without a reload', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    await first.goto(ctx.stack.url);
    await connectDevWallet(first, 7); // demo_artist, seeded and verified
    await loginState(first, 'loggedIn');

    const second = await context.newPage();
    await second.goto(`${ctx.stack.url}/AccountSetting`);
    await loginState(second, 'loggedIn');
    await second.getByTestId('account-tab-wallet').waitFor();
    // A marker that a reload would wipe: the second tab must follow without one.
    await second.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // Logout in the first tab (its wallet panel, open after the sign-in) -> the second tab is logged out and
    // leaves the members-only page.
    await first.bringToFront();
    await first.getByTestId('wallet-panel').getByTestId('logout').click();
    await loginState(first, 'loggedOut');
    await loginState(second, 'loggedOut');
    await second.waitForURL((u) => u.pathname === '/');
    expect(await second.getByTestId('connect-wallet').isVisible()).toBe(true);
    await snap(second, 'tabs-02-second-followed-logout');

    // Login in the first tab -> the second tab signs in with the stored ticket, no signature of its own.
    await connectDevWallet(first, 7);
    await loginState(first, 'loggedIn');
    await loginState(second, 'loggedIn');
    expect(await second.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await second.getByTestId('wallet-button').waitFor();
    await snap(second, 'tabs-03-second-followed-login');
    await context.close();
  });
});

describe('mail-sent popup (item 13)', () => {
  it('sends the mail again and changes a mistyped e-mail; only the newest link verifies', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const wallet = new TestWallet(page, {
      privateKey: ctx.stack.devAccounts[4]!.privateKey,
      rpcUrl: ctx.stack.rpcUrl,
      chainId: 31337,
    });
    await wallet.install();
    const typo = 'resend.user@exmaple.com';
    const fixed = 'resend.user@example.com';

    await page.goto(ctx.stack.url);
    await loginState(page, 'loggedOut');
    await connectInjected(page);
    await page.getByTestId('signup-popup').waitFor();
    await page.getByTestId('signup-username').fill('resend_user');
    await page.getByTestId('signup-email').fill(typo);
    for (const id of ['signup-agree-age', 'signup-agree-terms', 'signup-agree-privacy'])
      await page.getByTestId(id).check();
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('mail-sent-popup').waitFor();
    await waitForLinks(ctx.stack.outboxDir, typo, 1);

    // Resend: a second mail to the same address, and the popup says so.
    const signedBefore = wallet.signed.length;
    await page.getByTestId('mail-sent-resend').click();
    await page.locator('[data-testid="mail-sent-notice"][data-kind="resent"]').waitFor();
    expect(wallet.signed.length).toBe(signedBefore + 1);
    await waitForLinks(ctx.stack.outboxDir, typo, 2);
    expect(await page.getByTestId('mail-sent-resend').isDisabled()).toBe(true);
    await snap(page, 'mail-01-resent');

    // Change the e-mail: the mail goes to the new address, the popup shows it.
    await page.getByTestId('mail-sent-change').click();
    await page.getByTestId('mail-sent-new-email').fill(fixed);
    await page.getByTestId('mail-sent-change-submit').click();
    await page.locator('[data-testid="mail-sent-notice"][data-kind="changed"]').waitFor();
    await expect(page.getByTestId('mail-sent-email').textContent()).resolves.toBe(fixed);
    const [link] = await waitForLinks(ctx.stack.outboxDir, fixed, 1);
    await snap(page, 'mail-02-changed');
    await page.getByTestId('mail-sent-confirm').click();

    // The older link (to the mistyped address) no longer verifies; the new one does.
    const [oldLink] = verificationLinks(ctx.stack.outboxDir, typo).slice(-1);
    await page.goto(oldLink!);
    await page.getByTestId('email-verify-button').click();
    await page.getByTestId('error-popup').waitFor();
    await page.getByTestId('error-popup-confirm').click();
    await page.goto(link!);
    await page.getByTestId('email-verify-button').click();
    await page.getByTestId('signup-complete').waitFor();
    await expect(api('/user/exist', { address: wallet.address })).resolves.toMatchObject({ returnCode: 42 });
    await context.close();
  });
});

describe('verification link of another wallet while a member is signed in (item 14)', () => {
  it('names the wallet to use, keeps the member signed in, and verifies after the wallet switch', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const member = ctx.stack.devAccounts[7]!; // demo_artist
    const other = ctx.stack.devAccounts[5]!;
    const wallet = new TestWallet(page, { privateKey: member.privateKey, rpcUrl: ctx.stack.rpcUrl, chainId: 31337 });
    await wallet.install();
    await page.goto(ctx.stack.url);
    await connectInjected(page);
    await loginState(page, 'loggedIn');

    const email = 'second.wallet@example.com';
    await signUpFromNode(other.privateKey, 'second_wallet', email);
    const [link] = await waitForLinks(ctx.stack.outboxDir, email, 1);

    await page.goto(link!);
    await loginState(page, 'loggedIn');
    const signedBefore = wallet.signed.length;
    await page.getByTestId('email-verify-button').click();
    const mismatch = page.getByTestId('email-verify-mismatch');
    await mismatch.waitFor();
    const text = (await mismatch.textContent()) ?? '';
    expect(text.toLowerCase()).toContain(other.address.slice(0, 6).toLowerCase());
    expect(text.toLowerCase()).toContain(member.address.slice(-4).toLowerCase());
    expect(text).toContain('demo_artist');
    await loginState(page, 'loggedIn');
    expect(await page.getByTestId('ok-popup').count()).toBe(0);
    expect(await page.getByTestId('error-popup').count()).toBe(0);
    expect(wallet.signed.length).toBe(signedBefore);
    await snap(page, 'verify-01-other-wallet-named');

    // The wallet switches to the link's account: the member is signed out (wallet event), the page stays.
    wallet.account = privateKeyToAccount(other.privateKey);
    await wallet.emit('accountsChanged', [other.address]);
    await loginState(page, 'loggedOut');
    await page.getByTestId('ok-popup-confirm').click();
    expect(new URL(page.url()).pathname).toMatch(/^\/EmailVerify\//);
    await page.getByTestId('email-verify-button').click();
    await page.getByTestId('signup-complete').waitFor();
    await expect(api('/user/exist', { address: other.address })).resolves.toMatchObject({ returnCode: 42 });
    await context.close();
  });
});
