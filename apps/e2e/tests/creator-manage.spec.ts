/**
 * The creator's managing journey in real Chromium against the real stack, once in Korean and once in
 * English: a seeded member's collection with two items published through the API (one with unlockable content)
 * -> the card menu's sell entry -> edit from the card (supply read-only, unlockable kept) -> the item page and its
 * unlockable content -> the edited name in the ERC-1155 metadata -> hide, Hide tab, unhide -> another member: no
 * owner menu, the edit pages send them away, the API answers 274 -> delete the untraded item. Screenshots at
 * 1440 and 390 px. Publishing through the form: creator-publish.spec.ts.
 */
import { itemMetadataSchema } from '@att/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { useStackAndBrowser } from '../src/harness';
import { png } from '../src/media';
import { goSignedIn, okPopup, openCardMenu, session, signedIn } from '../src/member-page';
import { stackApi } from '../src/stack-api';

const ctx = useStackAndBrowser();
const { post, upload } = stackApi(ctx);

const TEXTS = {
  ko: { hidden: '숨김 처리가 완료되었습니다.', unhidden: '숨김 해제 처리가 완료되었습니다.' },
  en: { hidden: 'The item is now hidden.', unhidden: 'The item is no longer hidden.' },
} as const;

const journeys = [
  { lang: 'ko' as const, owner: 7, other: 8 }, // dev wallets #8 demo_artist, #9 demo_collector
  { lang: 'en' as const, owner: 9, other: 7 }, // dev wallets #10 demo_seller, #8 demo_artist
];

/** The signed-in member's collection with an image item and, published after it, an item with unlockable content. */
async function arrange(page: Page, lang: string) {
  const me = await session(page);
  const auth = { id: me.id, ticketId: me.ticket };
  const collectionName = `E2E manage ${lang} ${Date.now().toString(36)}`;
  const logoFileName = await upload('logo', auth, await png(350, 350, [59, 91, 253]));
  const c = await post<{ data: { collectionIdx: number } }>('/nft/collection/register', {
    ...auth,
    collectionName,
    royalty: 5,
    logoFileName,
  });
  expect(c.returnCode).toBe(0);
  const collectionIdx = c.data.collectionIdx;
  const publish = async (productName: string, rgb: [number, number, number], unlockable: string) => {
    const r = await post<{ data: { productId: number } }>('/nft/register', {
      ...auth,
      fileName: await upload('resource', auth, await png(800, 800, rgb)),
      category: 1,
      productName,
      productDesc: '',
      totalSupply: 1,
      flagFreezeMetadata: 0,
      isExistUnlockedContent: unlockable ? 1 : 0,
      unlockedContent: unlockable,
      collectionIdx,
    });
    expect(r.returnCode).toBe(0);
    return r.data.productId;
  };
  const imageId = await publish(lang === 'ko' ? '초록 원' : 'Green circle', [19, 163, 111], '');
  const secretId = await publish(lang === 'ko' ? '색의 춤' : 'Dance of colours', [217, 45, 69], 'secret-code-42');
  return { me, collectionIdx, collectionName, imageId, secretId };
}

describe.each(journeys)('creator manages in $lang', ({ lang, owner, other }) => {
  it('edits, hides, unhides and deletes; another member cannot edit', async () => {
    const T = TEXTS[lang];
    const { context, page } = await signedIn(ctx, lang, owner);
    const { me, collectionIdx, collectionName, imageId, secretId } = await arrange(page, lang);

    await goSignedIn(ctx, page, `/Collection/${collectionIdx}`);
    await page.getByTestId(`item-card-${secretId}`).waitFor();
    await page.getByTestId('collection-edit').waitFor(); // the owner's edit link (once the page knows who is looking)

    // Sell opens the sell page of the item; back to the collection.
    await openCardMenu(page, imageId, 'sell');
    await page.waitForURL(new RegExp(`/NftSell/${imageId}$`));
    await page.goBack();
    await page.getByTestId(`item-card-${secretId}`).waitFor();

    // Edit the item with unlockable content from its card: supply is read-only; saving leads to its page.
    await openCardMenu(page, secretId, 'edit');
    await page.waitForURL(new RegExp(`/NftModify/${secretId}$`));
    await page.getByTestId('item-name').waitFor();
    expect(await page.getByTestId('item-quantity').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('item-unlockable').inputValue()).toBe('secret-code-42');
    const newName = lang === 'ko' ? '색의 춤 (수정)' : 'Dance of colours (edited)';
    await page.getByTestId('item-name').fill(newName);
    await page.getByTestId('item-submit').click();
    await page.getByTestId('ok-popup-confirm').click();
    await page.waitForURL(new RegExp(`/NftInfo/${secretId}$`));
    await page.getByTestId('item-name').filter({ hasText: newName }).waitFor();
    // The owner sees the unlockable content on demand.
    await page.getByTestId('item-unlock').click();
    expect(await page.getByTestId('item-unlocked-content').textContent()).toContain('secret-code-42');
    await snap(page, `creator-${lang}-item-1440`);

    // The metadata JSON follows the edit.
    const detail = await post<{ data: { metadataUrl: string } }>('/nft/detail', { productId: secretId });
    expect(detail.returnCode).toBe(0);
    const metaRes = await fetch(detail.data.metadataUrl.replace(/^https?:\/\/[^/]+/, ctx.stack.url));
    expect(metaRes.status).toBe(200);
    const meta = itemMetadataSchema.parse(await metaRes.json());
    expect(meta.name).toBe(newName);
    expect(meta.properties.collection).toBe(collectionName);
    expect(meta.properties.creator).toBe(me.id);

    // Hide the image item: gone from the home tab, listed on the owner's Hide tab; unhide it there.
    await goSignedIn(ctx, page, `/Collection/${collectionIdx}`);
    await page.getByTestId(`item-card-${imageId}`).waitFor();
    await openCardMenu(page, imageId, 'hide');
    await page.getByTestId('confirm-popup-confirm').click();
    await okPopup(page, T.hidden);
    await page.getByTestId(`item-card-${imageId}`).waitFor({ state: 'detached' });
    await page.getByTestId('collection-tab-hidden').click();
    await page.waitForURL(new RegExp(`/Collection/Hide/${collectionIdx}$`));
    await page.getByTestId('collection-hidden-items').getByTestId(`item-card-${imageId}`).waitFor();
    await openCardMenu(page, imageId, 'unhide');
    await page.getByTestId('confirm-popup-confirm').click();
    await okPopup(page, T.unhidden);
    await page.getByTestId('collection-hidden-items').getByTestId('browse-empty').waitFor();
    await page.getByTestId('collection-tab-all').click();
    await page.getByTestId('collection-all-items').getByTestId(`item-card-${imageId}`).waitFor();

    // Another member: no owner menu, no edit link, no Hide tab; the edit pages send them away; the API refuses.
    const them = await signedIn(ctx, lang, other);
    const p2 = them.page;
    await p2.goto(`${ctx.stack.url}/Collection/${collectionIdx}`);
    await p2.getByTestId(`item-card-${secretId}`).waitFor();
    expect(await p2.getByTestId('item-owner-menu').count()).toBe(0);
    expect(await p2.getByTestId('collection-edit').count()).toBe(0);
    expect(await p2.getByTestId('collection-tab-hidden').count()).toBe(0);
    // (Each full page load resumes the sign-in; wait for it before the next load, see goSignedIn.)
    await goSignedIn(ctx, p2, `/NftModify/${secretId}`);
    await p2.waitForURL(new RegExp(`/NftInfo/${secretId}$`));
    await p2.getByTestId('item-name').waitFor();
    expect(await p2.getByTestId('item-unlock').count()).toBe(0);
    await goSignedIn(ctx, p2, `/CollectionModify/${collectionIdx}`);
    await p2.waitForURL(new RegExp(`/Collection/${collectionIdx}$`));
    await goSignedIn(ctx, p2, `/Collection/Hide/${collectionIdx}`);
    await p2.waitForURL(new RegExp(`/Collection/${collectionIdx}$`));
    const intruder = await session(p2);
    const refused = await post('/nft/update', {
      id: intruder.id,
      ticketId: intruder.ticket,
      productId: secretId,
      category: 1,
      productName: 'stolen',
      productDesc: '',
    });
    expect(refused.returnCode).toBe(274);
    await them.context.close();

    // Delete the untraded image item from its edit page: back to the collection, one item left.
    await goSignedIn(ctx, page, `/NftModify/${imageId}`);
    await page.getByTestId('item-delete').click();
    await page.getByTestId('confirm-popup-confirm').click();
    await page.getByTestId('ok-popup-confirm').click();
    await page.waitForURL(new RegExp(`/Collection/${collectionIdx}$`));
    await page.getByTestId(`item-card-${secretId}`).waitFor();
    expect(await page.getByTestId(`item-card-${imageId}`).count()).toBe(0);
    expect(await page.getByTestId('collection-stat-items').textContent()).toBe('1');

    // Phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await goSignedIn(ctx, page, `/NftInfo/${secretId}`);
    await page.getByTestId('item-name').waitFor();
    await snap(page, `creator-${lang}-item-390`);
    await context.close();
  });
});
