/**
 * Real-time alerts: after sign-in the page opens the alert socket on its wallet address; an alert the server
 * publishes shows as the floating alert, and clicking it opens the item. The header's alert list counts it unread
 * and lists it until it is marked read; a second sign-in (a phone, later) finds it in the list. A member who turns
 * flagBid off in the notification settings is sent no bid alert (no floating alert, no list entry, no mail), and an
 * alert they do want is mailed to the dev outbox in their language (English), whatever the page's.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_KEYS } from '@att/contracts';
import { ALERT_SOCKET_PATH } from '@att/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import {
  closeWalletDrawer,
  connectDevWallet,
  loginState,
  poll,
  UI_TIMEOUT,
  useStackAndBrowser,
  within,
} from '../src/harness';
import { outboxMails, waitForMail } from '../src/outbox';

const ctx = useStackAndBrowser();

describe('floating alert', () => {
  it('shows an alert pushed to the signed-in wallet and opens the item on click', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The page opens its alert socket after the sign-in, and the server answers the subscription with {status: 0}.
    // An alert published before that reaches nobody (a first subscription replays nothing), so the alert is
    // published once the subscription is answered, once.
    const subscribed = new Promise<void>((resolve) =>
      page.on('websocket', (ws) => {
        if (!ws.url().includes(ALERT_SOCKET_PATH)) return;
        ws.on('framereceived', ({ payload }) => {
          try {
            const m = JSON.parse(String(payload)) as { status?: number; id?: unknown };
            if (m.status === 0 && m.id === undefined) resolve();
          } catch {
            // not an answer of ours
          }
        });
      }),
    );
    await page.goto(ctx.stack.url);
    await connectDevWallet(page, 8); // demo_collector
    await loginState(page, 'loggedIn');
    await within(subscribed, UI_TIMEOUT, 'the alert socket subscribed after the sign-in');
    // The wallet drawer the sign-in opens would make the header behind it inert.
    await closeWalletDrawer(page);
    const address = privateKeyToAccount(ANVIL_KEYS[8]!).address;
    const alert = page.locator('[data-testid="floating-alert"].is-visible');
    await ctx.stack.publishAlert(address, { type: 2, productIdx: 42 });
    await alert.waitFor({ timeout: UI_TIMEOUT });
    await snap(page, 'floating-alert');
    // The header's alert list: the bell counts it, the list says what happened, "mark all read" clears the count.
    const count = page.getByTestId('alert-inbox-count');
    await count.waitFor({ timeout: UI_TIMEOUT });
    expect(await count.textContent()).toBe('1');
    await page.getByTestId('alert-inbox').click();
    const list = page.getByTestId('alert-inbox-list');
    await list.waitFor({ timeout: UI_TIMEOUT });
    expect(await list.textContent()).toContain('아이템에 새로운 입찰이 있습니다.');
    await snap(page, 'alert-inbox-ko-1280');
    await page.getByTestId('alert-inbox-read').click();
    await count.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await alert.locator('button').first().click();
    await page.waitForURL((u) => u.pathname === '/NftInfo/42');
    expect(new URL(page.url()).pathname).toBe('/NftInfo/42');

    await context.close();

    // Later, on a phone: the alert is in the list, read, and the header still fits the screen.
    const phone = await ctx.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const p2 = await phone.newPage();
    await p2.goto(ctx.stack.url);
    await connectDevWallet(p2, 8);
    await loginState(p2, 'loggedIn');
    await closeWalletDrawer(p2);
    await p2.getByTestId('alert-inbox').click();
    const phoneList = p2.getByTestId('alert-inbox-list');
    await phoneList.waitFor({ timeout: UI_TIMEOUT });
    expect(await phoneList.textContent()).toContain('아이템에 새로운 입찰이 있습니다.');
    expect(await p2.getByTestId('alert-inbox-count').count()).toBe(0);
    expect(await p2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(p2, 'alert-inbox-ko-390');
    await phone.close();
  });

  it('a member with flagBid off is sent no bid alert; an alert they want is mailed in their language', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const socket = alertFrames(page);
    await page.goto(ctx.stack.url);
    await connectDevWallet(page, 8); // demo_collector, whose language is English (the page's stays Korean)
    await loginState(page, 'loggedIn');
    const opened = socket.opened();
    await page.goto(`${ctx.stack.url}/AccountSetting`);
    await loginState(page, 'loggedIn');
    await page.getByTestId('account-tab-notifications').click();
    await page.getByTestId('alarm-flag-flagBid').setChecked(false);
    await page.getByTestId('alarm-flag-flagItemSell').setChecked(true);
    await page.getByTestId('alarm-save').click();
    await page.getByTestId('ok-popup').waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('ok-popup-confirm').click();
    // The settings page's own socket is let in (the home page's closed with its page).
    await poll(() => socket.subscribedAfter(opened)).toBe(true);

    // A bid on their auction (not wanted), then a sale of their item (wanted), through the producers' path: the
    // dispatcher sends in order, so a bid alert, had it been written, would arrive before the sale's.
    const address = privateKeyToAccount(ANVIL_KEYS[8]!).address;
    await ctx.stack.publishAlert(address, { type: 2, productIdx: 4201 });
    await ctx.stack.publishAlert(address, { type: 1, productIdx: 4202 });
    const alert = page.locator('[data-testid="floating-alert"].is-visible');
    await alert.waitFor({ timeout: UI_TIMEOUT });
    expect(await alert.textContent()).toContain('등록하신 아이템이 판매되었습니다.');
    expect(socket.alerts().map((a) => [a.type, a.data?.productIdx])).toEqual([[1, 4202]]);
    // The list: only the sale is new.
    const count = page.getByTestId('alert-inbox-count');
    await count.waitFor({ timeout: UI_TIMEOUT });
    expect(await count.textContent()).toBe('1');
    await page.getByTestId('alert-inbox').click();
    const unread = page.locator('[data-testid="alert-inbox-list"] .alert-inbox-item.is-unread');
    await unread.first().waitFor({ timeout: UI_TIMEOUT });
    expect(await unread.allTextContents()).toEqual([expect.stringContaining('등록하신 아이템이 판매되었습니다.')]);

    // The sale's mail, in English (the member's language), in the dev outbox; none of the bid (mailed in id order,
    // it would have come first).
    const mail = await waitForMail(ctx.stack.outboxDir, (m) => m.page?.endsWith('/NftInfo/4202') ?? false);
    expect([mail.to, mail.subject, mail.template]).toEqual([
      'collector@demo.local',
      '[ATT NFT Market] Your item has been sold.',
      'alert-item-sold',
    ]);
    expect(mail.text).toContain('Hello demo_collector,');
    expect(outboxMails(ctx.stack.outboxDir).filter((m) => m.page?.endsWith('/NftInfo/4201'))).toEqual([]);
    await context.close();
  });
});

/** The alert socket frames a page receives, per socket (a page load opens a new one). */
function alertFrames(page: Page) {
  type Frame = { id?: string; type?: number; status?: number; data?: { productIdx?: number } };
  const sockets: Frame[][] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes(ALERT_SOCKET_PATH)) return;
    const frames: Frame[] = [];
    sockets.push(frames);
    ws.on('framereceived', ({ payload }) => {
      try {
        frames.push(JSON.parse(String(payload)) as Frame);
      } catch {
        // not an answer of ours
      }
    });
  });
  return {
    opened: () => sockets.length,
    alerts: () => sockets.flat().filter((f) => f.type !== undefined),
    /** Whether the page's newest socket, opened after `opened` others, has had its subscription answered. */
    subscribedAfter: (opened: number) =>
      sockets.length > opened && sockets.at(-1)!.some((f) => f.type === undefined && f.status === 0),
  };
}
