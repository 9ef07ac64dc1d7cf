/**
 * The watchlist and the won estimate against the real stack. B (demo_collector, English, 390 px) follows A's
 * collection from its header and an item from its page (the star); A lists a second item below the floor; B's
 * Watchlist tab shows the new floor and its change since the follow (10 ATT to 8 ATT: -20%). The operator
 * (demo_operator) sets the won-a-dollar rate through the console's API; on the item page in Korean (1440 px) the sale
 * row shows the won estimate beside the USD one, floored to whole won, and in English it does not. Screenshots
 * `artifacts/watchlist-*`.
 */
import { krwOfUsd } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { poll, useStackAndBrowser } from '../src/harness';
import { goSignedIn, session, signedIn } from '../src/member-page';
import { OPERATOR } from '../src/support-desk';
import { stackApi } from '../src/stack-api';
import { TOKEN, tradeJourney } from '../src/trade-members';

const ctx = useStackAndBrowser();
const { post } = stackApi(ctx);
const { nodeSignIn, publish, listLazily } = tradeJourney(ctx);
const COLLECTOR = 8;
const RATE = '1380.5';

describe('watchlist and won estimates', () => {
  let first = { productId: 0, tokenId: '', collectionIdx: 0 };

  it('B follows a collection and an item; the Watchlist tab shows the floor and its change (en, 390 px)', async () => {
    const a = await nodeSignIn('A');
    first = await publish(a, 1, 'en');
    await listLazily(a, first, { quantity: 1, price: 10n * TOKEN, supply: 1, symbol: 'ATT' });

    const { context, page } = await signedIn(ctx, 'en', COLLECTOR, 390);
    await goSignedIn(ctx, page, `/Collection/${first.collectionIdx}`);
    const star = page.getByTestId('follow-toggle');
    await expect.poll(() => star.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('false');
    await star.focus();
    await page.keyboard.press('Enter');
    await poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await snap(page, 'watchlist-en-390-collection');

    await page.goto(`${ctx.stack.url}/NftInfo/${first.productId}`);
    await page.getByTestId('follow-toggle').click();
    await poll(() => page.getByTestId('follow-toggle').getAttribute('aria-pressed')).toBe('true');

    const second = await publish(a, 1, 'en', first.collectionIdx);
    await listLazily(a, second, { quantity: 1, price: 8n * TOKEN, supply: 1, symbol: 'ATT' });

    await page.goto(`${ctx.stack.url}/MyProfile/Watchlist`);
    const row = page.getByTestId('watch-collection');
    await poll(() => row.getByTestId('watch-floor').textContent()).toContain('8 ATT');
    expect(await row.getByTestId('watch-change').textContent()).toContain('-20% ATT');
    expect(await page.getByTestId('watch-item').textContent()).toContain('10 ATT');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'watchlist-en-390-tab');
    await context.close();
  });

  it('the won estimate shows beside the USD one on the item page in Korean only (1440 px)', async () => {
    const op = await signedIn(ctx, 'ko', OPERATOR);
    const s = await session(op.page);
    expect((await post('/admin/config/krw', { id: s.id, ticketId: s.ticket, krwPerUsd: RATE })).returnCode).toBe(0);
    await op.context.close();

    const { context, page } = await signedIn(ctx, 'ko', COLLECTOR, 1440);
    await goSignedIn(ctx, page, `/NftInfo/${first.productId}`);
    const won = page.getByTestId('krw-estimate').first();
    await poll(() => won.textContent()).toContain('₩');
    const usd = (await page.locator('.sales-usd').first().textContent())!.match(/\$([\d,.]+)/)![1]!.replace(/,/g, '');
    const expected = krwOfUsd(usd, RATE).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    expect(await won.textContent()).toContain(`₩${expected}`);
    expect(await won.textContent()).toContain('환율 기준');
    await snap(page, 'watchlist-ko-1440-won');
    await context.close();

    const en = await signedIn(ctx, 'en', COLLECTOR, 1440);
    await goSignedIn(ctx, en.page, `/NftInfo/${first.productId}`);
    await poll(() => en.page.locator('.sales-usd').first().textContent()).toContain('$');
    expect(await en.page.getByTestId('krw-estimate').count()).toBe(0);
    await en.context.close();
  });
});
