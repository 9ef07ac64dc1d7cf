/**
 * The support desk end to end, in Chromium against the real stack: the demo operator (dev wallet #7) publishes a
 * forced popup notice, a normal popup notice and a notice made of OWASP XSS filter-evasion examples, edits a FAQ
 * item and the KLAY price; a member (dev wallet #10, demo_seller) sees the popups one after another and hides the
 * normal one for 24 hours, reads the notices (the XSS examples render as inert text: no dialog, no console
 * output) and the FAQ, writes an inquiry, gets the operator's answer, and sees the new USD value in the wallet
 * panel. Screenshots at 1440 px in Korean; the other widths and languages:
 * support-pages.spec.ts.
 */
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { poll, UI_TIMEOUT, useStackAndBrowser } from '../src/harness';
import {
  confirmOk,
  drainPopups,
  loadWithNotices,
  MEMBER,
  OPERATOR,
  publishNotice,
  signIn,
  XSS,
} from '../src/support-desk';

const ctx = useStackAndBrowser({ demoSupport: true }); // the demo notices and FAQ of `npm start`

describe('support desk and operator console', () => {
  it('operator publishes, member reads, asks and gets an answer', async () => {
    const opContext = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const op = await opContext.newPage();
    // The console is its own chunk: the member pages never load it.
    const memberContext: BrowserContext = await ctx.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const member = await memberContext.newPage();
    const adminChunks: string[] = [];
    member.on('request', (r) => {
      if (/\/assets\/admin-route-/.test(r.url())) adminChunks.push(r.url());
    });

    // --- The operator signs in like a member and opens the console.
    await op.goto(`${ctx.stack.url}/admin`);
    await op.getByTestId('admin-sign-in').waitFor();
    await signIn(op, OPERATOR);
    await op.getByTestId('admin-tab-notices').waitFor();
    await snap(op, 'support-admin-notices-1440-ko');

    await publishNotice(op, {
      title: 'E2E 강제 공지',
      message: '<p><strong>필독</strong> 강제 팝업 공지입니다.</p>',
      popup: true,
      force: true,
    });
    await publishNotice(op, {
      title: 'E2E 일반 팝업',
      message: '<p>24시간 동안 숨길 수 있는 공지입니다.</p>',
      popup: true,
      pinned: true,
    });
    await publishNotice(op, { title: 'XSS 점검 공지', message: `<p>XSS 점검 본문</p>${XSS.join('\n')}` });

    // FAQ: edit the first seeded item.
    await op.getByTestId('admin-tab-faq').click();
    const firstEdit = op.locator('[data-testid^="admin-faq-edit-"]').first();
    await firstEdit.click();
    await op.getByTestId('admin-faq-title').fill('어떤 지갑을 쓸 수 있나요? (수정됨)');
    await op
      .getByTestId('admin-faq-message')
      .fill('<p>카이아 월렛, 메타마스크, <em>개발용 지갑</em>을 쓸 수 있습니다.</p>');
    await op.getByTestId('admin-faq-save').click();
    await confirmOk(op);
    await op.getByTestId('admin-faq-table').getByText('(수정됨)').waitFor();

    // Token price: KLAY to $2.5.
    await op.getByTestId('admin-tab-prices').click();
    await op.getByTestId('admin-price-KLAY').fill('abc');
    await op.getByTestId('admin-price-save-KLAY').click();
    await op.locator('.field-error').first().waitFor();
    await op.getByTestId('admin-price-KLAY').fill('2.5');
    await op.getByTestId('admin-price-save-KLAY').click();
    await confirmOk(op);
    await snap(op, 'support-admin-prices-1440-ko');

    // --- The member: popups one after another before anything else.
    const dialogs: string[] = [];
    const consoleLines: string[] = [];
    member.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const notices = await loadWithNotices(member, () => member.goto(ctx.stack.url));
    await member.getByTestId('notice-popup').waitFor();
    await snap(member, 'support-popup-1440-ko');
    const first = await drainPopups(member, notices, { snooze: true });
    expect(first.length).toBeGreaterThanOrEqual(3); // forced, normal, and the seeded maintenance notice
    expect(first[0]!.force).toBe('1');
    const forcedIdx = first[0]!.idx;

    // After a reload only the forced one comes back.
    const second = await drainPopups(member, await loadWithNotices(member, () => member.reload()), { snooze: true });
    expect(second).toEqual([{ idx: forcedIdx, force: '1' }]);
    await signIn(member, MEMBER);

    // Notices: the list with the pinned label, then the XSS notice renders inert.
    await drainPopups(member, await loadWithNotices(member, () => member.goto(`${ctx.stack.url}/Notice`)), {
      snooze: false,
    });
    await member.getByTestId('notice-table').waitFor();
    await expect(member.getByTestId('notice-count').textContent()).resolves.toMatch(/전체 \d+건/);
    expect(await member.locator('tr.is-pinned .pinned-label').count()).toBeGreaterThanOrEqual(1);
    await snap(member, 'support-notice-list-1440-ko');

    // A payload's image left inert by the sanitizer (`<img src="x">`) is requested and 404s: Chromium logs that
    // network error to the console. It runs nothing; every other console line or failed load would be a finding.
    const failedLoads: string[] = [];
    member.on('response', (r) => {
      if (r.status() >= 400) failedLoads.push(`${r.request().resourceType()} ${r.status()} ${r.url()}`);
    });
    member.on('console', (m) => {
      if (m.type() === 'error' && m.text().startsWith('Failed to load resource')) return;
      consoleLines.push(`${m.type()}: ${m.text()}`);
    });
    member.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
    await member.getByText('XSS 점검 공지').click();
    await member.getByTestId('notice-body').waitFor();
    await expect(member.getByTestId('notice-body').textContent()).resolves.toContain('XSS 점검 본문');
    // Hover what is left (a mouse handler would run during its hover), and let every image of the body finish
    // loading or failing (an error handler runs then), then the tasks those queued.
    for (const el of await member.getByTestId('notice-body').locator('*').all())
      await el.hover({ force: true, timeout: 1_000 }).catch(() => undefined);
    await member.getByTestId('notice-body').evaluate(async (body) => {
      await Promise.all(
        [...body.querySelectorAll('img')].map(
          (img) =>
            img.complete ||
            new Promise(
              (done) => (
                img.addEventListener('load', done, { once: true }),
                img.addEventListener('error', done, { once: true })
              ),
            ),
        ),
      );
      await new Promise((done) => setTimeout(done, 0));
    });
    // What is left is inert: no script-capable elements, no event handler or style attributes, no script URLs.
    const leftovers = await member.getByTestId('notice-body').evaluate((body) =>
      [...body.querySelectorAll('*')].flatMap((el) => {
        const bad: string[] = [];
        if (/^(script|iframe|object|embed|svg|math|form|input|button|meta|link|style|base)$/i.test(el.tagName))
          bad.push(el.tagName);
        for (const a of el.attributes) {
          if (/^on/i.test(a.name) || a.name === 'style' || a.name === 'background' || a.name === 'formaction')
            bad.push(`${el.tagName}[${a.name}]`);
          if (/^(href|src|xlink:href|action|data)$/i.test(a.name) && /^\s*(javascript|data|vbscript):/i.test(a.value))
            bad.push(`${el.tagName}[${a.name}=${a.value}]`);
        }
        return bad;
      }),
    );
    expect(leftovers).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(consoleLines).toEqual([]);
    expect(failedLoads.filter((f) => !f.startsWith('image '))).toEqual([]);
    await snap(member, 'support-notice-xss-1440-ko');

    // FAQ: the edited answer.
    await drainPopups(member, await loadWithNotices(member, () => member.goto(`${ctx.stack.url}/FAQ`)), {
      snooze: false,
    });
    await member.getByTestId('faq-list').waitFor();
    await member.locator('[data-testid^="faq-tab-"]').nth(1).click();
    const edited = member.locator('.accordion-item', { hasText: '(수정됨)' });
    await edited.locator('.accordion-button').click();
    await expect(edited.locator('.rich-text em').textContent()).resolves.toBe('개발용 지갑');
    await snap(member, 'support-faq-1440-ko');

    // Inquiry: the spec's messages for an empty title and message, each once under its field; then a real one.
    await drainPopups(member, await loadWithNotices(member, () => member.goto(`${ctx.stack.url}/Inquiry`)), {
      snooze: false,
    });
    await member.getByTestId('inquiry-empty').waitFor();
    await member.getByTestId('inquiry-write-link').click();
    await member.getByTestId('inquiry-submit').click();
    expect(await member.getByTestId('inquiry-title-error').textContent()).toBe('제목을 입력해 주세요.');
    expect(await member.getByTestId('inquiry-message-error').textContent()).toBe('문의 내용을 입력해 주세요.');
    expect(await member.getByTestId('ok-popup').count()).toBe(0);
    await member.getByTestId('inquiry-title').fill('판매 등록이 안 돼요');
    await member.getByTestId('inquiry-message').fill('고정가 판매 등록 버튼이 눌리지 않습니다.');
    await member.getByTestId('inquiry-submit').click();
    await expect(member.getByTestId('ok-popup').textContent()).resolves.toContain('1:1문의 등록 성공');
    await confirmOk(member);
    await member.waitForURL(/\/Inquiry$/);
    await expect(member.getByTestId('inquiry-state').first().getAttribute('data-state')).resolves.toBe('0');

    // The operator answers.
    await op.getByTestId('admin-tab-inquiries').click();
    const row = op.getByTestId('admin-inquiry-row').filter({ hasText: '판매 등록이 안 돼요' });
    await row.locator('[data-testid^="admin-inquiry-answer-"]').click();
    await op.getByTestId('admin-inquiry-reply').fill('<p>지갑의 <strong>승인</strong> 요청을 확인해 주세요.</p>');
    await op.getByTestId('admin-inquiry-send').click();
    await confirmOk(op);
    await snap(op, 'support-admin-inquiries-1440-ko');

    // The member gets the alert and reads the answer.
    await member.getByTestId('floating-alert').locator('.floating-alert-body').click({ timeout: UI_TIMEOUT });
    await member.waitForURL(/\/Inquiry$/);
    const answered = member.locator('.accordion-item', { hasText: '판매 등록이 안 돼요' });
    // The list this page read before may show first (state 0) while the answered one is read again.
    await poll(() => answered.getByTestId('inquiry-state').getAttribute('data-state')).toBe('1');
    await answered.locator('.accordion-button').click();
    await expect(answered.getByTestId('inquiry-reply').textContent()).resolves.toContain('승인 요청을 확인해 주세요.');
    await snap(member, 'support-inquiry-1440-ko');

    // The wallet panel values KLAY at the new price (10,000 KLAY x $2.5).
    await member.getByTestId('wallet-button').click();
    const klay = member.getByTestId('balance-row-KLAY');
    await klay.waitFor();
    await member.waitForFunction(
      () => /\$25,000/.test(document.querySelector('[data-testid="balance-row-KLAY"]')?.textContent ?? ''),
      undefined,
      { timeout: UI_TIMEOUT },
    );
    await snap(member, 'support-wallet-usd-1440-ko');

    expect(adminChunks).toEqual([]);
    await opContext.close();
    await memberContext.close();
  });
});
