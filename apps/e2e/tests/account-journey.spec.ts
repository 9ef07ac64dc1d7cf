/**
 * The account journey in real Chromium against the real stack (anvil, contracts, server, database,
 * dev outbox), with an injected test wallet: first visit -> connect -> sign-up popup -> mail in the outbox ->
 * verification link -> sign in -> account settings (about-me, profile picture, notification settings) -> logout.
 * Once in Korean (Kaia Wallet as window.klaytn) and once in English (window.ethereum).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { connectInjected as connect, loginState, useStackAndBrowser } from '../src/harness';
import { waitForVerificationLink } from '../src/outbox';
import { TestWallet } from '../src/wallet';

const ctx = useStackAndBrowser();

async function api<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${ctx.stack.url}/attnftmarket/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

const journeys = [
  { lang: 'ko', keyIndex: 1, global: 'klaytn' as const },
  { lang: 'en', keyIndex: 2, global: 'ethereum' as const },
];

describe.each(journeys)('account journey in $lang', ({ lang, keyIndex, global }) => {
  it('signs up, verifies the e-mail, signs in, edits settings and logs out', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const wallet = new TestWallet(page, {
      privateKey: ctx.stack.devAccounts[keyIndex]!.privateKey,
      rpcUrl: ctx.stack.rpcUrl,
      chainId: 31337,
      global,
    });
    await wallet.install();
    const username = `e2e_${lang}_user`;
    const email = `e2e.${lang}@example.com`;

    await page.goto(ctx.stack.url);
    await loginState(page, 'loggedOut');
    if (lang === 'en') {
      await page.getByTestId('lang-switch').click();
      await page.getByTestId('lang-en').click();
    }
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await snap(page, `${lang}-01-first-visit`);

    // Connect: not registered -> the sign-up popup.
    await connect(page);
    const popup = page.getByTestId('signup-popup');
    await popup.waitFor();
    expect((await popup.textContent())?.toLowerCase()).toContain(wallet.address.slice(0, 6).toLowerCase());
    // Validation first: an empty submit shows messages and sends nothing.
    await page.getByTestId('signup-submit').click();
    await expect(popup.locator('[role="alert"]').count()).resolves.toBeGreaterThan(0);
    await page.getByTestId('signup-username').fill(username);
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-about').fill(`Hello from the ${lang} journey`);
    await page.getByTestId('signup-agree-age').check();
    await page.getByTestId('signup-agree-terms').check();
    await page.getByTestId('signup-agree-privacy').check();
    await snap(page, `${lang}-02-signup-popup`);
    await page.getByTestId('signup-submit').click();

    await page.getByTestId('mail-sent-popup').waitFor();
    await expect(page.getByTestId('mail-sent-email').textContent()).resolves.toContain(email);
    await snap(page, `${lang}-03-mail-sent`);
    expect(wallet.signed.length).toBeGreaterThan(0);
    // Anyone may ask about any address, so the pending e-mail comes back masked.
    await expect(api('/user/exist', { address: wallet.address })).resolves.toEqual({
      returnCode: 13,
      email: 'e***@example.com',
    });

    // The mail's link -> verify with a signature -> SignUpComplete.
    const link = await waitForVerificationLink(ctx.stack.outboxDir, email);
    expect(new URL(link).pathname).toMatch(/^\/EmailVerify\/[^/]+\/[^/]+\/0x[0-9a-fA-F]{40}$/);
    await page.goto(link);
    await page.getByTestId('email-verify-button').click();
    await page.getByTestId('signup-complete').waitFor();
    expect(new URL(page.url()).pathname).toBe('/SignUpComplete');
    await snap(page, `${lang}-04-signup-complete`);
    await expect(api('/user/exist', { address: wallet.address })).resolves.toMatchObject({ returnCode: 42 });

    // Sign in.
    await page.goto(ctx.stack.url);
    const state = await page.locator('[data-login-state]').first().getAttribute('data-login-state');
    if (state !== 'loggedIn') await connect(page);
    await loginState(page, 'loggedIn');
    await page.getByTestId('wallet-panel').first().waitFor();
    await snap(page, `${lang}-05-signed-in`);

    // Account settings: about-me and a profile picture.
    await page.goto(`${ctx.stack.url}/AccountSetting`);
    await loginState(page, 'loggedIn');
    await page.getByTestId('account-tab-general').click();
    const about = `About ${lang} ${Date.now()}`;
    await page.getByTestId('account-about').fill(about);
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('account-profile-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('account-save').click();
    await page.getByTestId('ok-popup').waitFor();
    await snap(page, `${lang}-06-account-general-saved`);
    await page.getByTestId('ok-popup-confirm').click();
    const info = await api<{ returnCode: number; data: { aboutMe: string; profile: string | null } }>('/user/info/id', {
      userId: username,
    });
    expect(info.returnCode).toBe(0);
    expect(info.data.aboutMe).toBe(about);
    expect(info.data.profile).toBeTruthy();

    // Notification settings survive a reload.
    await page.getByTestId('account-tab-notifications').click();
    const flag = page.getByTestId('alarm-flag-flagBid');
    const before = await flag.isChecked();
    await flag.setChecked(!before);
    await page.getByTestId('alarm-min-klay').fill('1.5');
    await page.getByTestId('alarm-save').click();
    await page.getByTestId('ok-popup').waitFor();
    await snap(page, `${lang}-07-notifications-saved`);
    await page.reload();
    await loginState(page, 'loggedIn');
    await page.getByTestId('account-tab-notifications').click();
    await expect(page.getByTestId('alarm-flag-flagBid').isChecked()).resolves.toBe(!before);
    await expect(page.getByTestId('alarm-min-klay').inputValue()).resolves.toBe('1.5');

    // Logout from the wallet tab -> home, logged out.
    await page.getByTestId('account-tab-wallet').click();
    await page.getByTestId('logout').first().click();
    await loginState(page, 'loggedOut');
    await page.waitForURL((u) => u.pathname === '/');
    await snap(page, `${lang}-08-logged-out`);
    await context.close();
  });
});

describe('wallet on the wrong network', () => {
  it('shows the network message only', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const wallet = new TestWallet(page, {
      privateKey: ctx.stack.devAccounts[3]!.privateKey,
      rpcUrl: ctx.stack.rpcUrl,
      chainId: 1,
    });
    await wallet.install();
    await page.goto(ctx.stack.url);
    await loginState(page, 'loggedOut');
    await connect(page);
    await page.getByTestId('network-message').waitFor();
    await snap(page, 'wrong-network');
    expect(await page.getByTestId('signup-popup').count()).toBe(0);
    expect(wallet.signed).toHaveLength(0);
    await loginState(page, 'loggedOut');
    await context.close();
  });
});

describe('phone width', () => {
  it('has the mobile menu and search', async () => {
    const context = await ctx.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(ctx.stack.url);
    await page.getByTestId('mobile-menu-button').click();
    await snap(page, 'mobile-sidebar');
    await context.close();
  });
});
