/**
 * The creator's publishing journey in real Chromium against the real stack (anvil, contracts, server
 * with disk storage, database), once in Korean and once in English, each with its own seeded member:
 * "Publish NFT" with no collection -> two-button popup -> create a collection with a logo (validation first) ->
 * MyCollection and its menu -> publish an image item -> publish a video item (a WebM recorded by the browser
 * itself) with a thumbnail over a throttled upload (progress bar; a second submit while the save runs shows the
 * busy message and makes no second item) -> both on the collection page -> the video's ERC-1155 metadata JSON is
 * valid. Screenshots at 1440 and 390 px. Editing, hiding and deleting: creator-manage.spec.ts.
 */
import { itemMetadataSchema } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { UI_TIMEOUT, useStackAndBrowser } from '../src/harness';
import { holdApi } from '../src/hold';
import { png, recordWebm } from '../src/media';
import { goSignedIn, okPopup, session, signedIn } from '../src/member-page';
import { stackApi } from '../src/stack-api';

const ctx = useStackAndBrowser();
const { post } = stackApi(ctx);

/** The spec's texts (and their English twins) the journey must see. */
const TEXTS = {
  ko: {
    logoRequired: '로고 이미지를 선택해 주세요',
    collectionCreated: '컬렉션 등록 성공',
    resourceRequired: '아이템 리소스를 추가해 주세요',
    thumbnailRequired: '썸네일 이미지를 추가해 주세요',
    busy: '아이템 생성 중입니다. 잠시만 기다려 주세요.',
    itemCreated: '아이템 등록 성공',
    needCollection: 'NFT를 발행하려면 최소 1개의 컬렉션이 필요합니다',
  },
  en: {
    logoRequired: 'Please choose a logo image',
    collectionCreated: 'Collection created',
    resourceRequired: 'Please add an item resource',
    thumbnailRequired: 'Please add a thumbnail image',
    busy: 'Creating the item. Please wait a moment.',
    itemCreated: 'Item created',
    needCollection: 'At least 1 collection is needed',
  },
} as const;

const journeys = [
  { lang: 'ko' as const, owner: 7 }, // dev wallet #8 demo_artist
  { lang: 'en' as const, owner: 9 }, // dev wallet #10 demo_seller
];

describe.each(journeys)('creator publishes in $lang', ({ lang, owner }) => {
  it('creates a collection, publishes an image and a video item, one item per save', async () => {
    const T = TEXTS[lang];
    const { context, page } = await signedIn(ctx, lang, owner);
    const me = await session(page);

    // "Publish NFT" without a collection: the two-button popup, confirm -> /CollectionRegist.
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-publish').click();
    const confirm = page.getByTestId('confirm-popup');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(T.needCollection);
    await page.getByTestId('confirm-popup-confirm').click();
    await page.waitForURL(/\/CollectionRegist$/);

    // Validation first: the logo is required, with the spec's text.
    await page.getByTestId('collection-submit').click();
    expect(await page.getByTestId('collection-logo-input-error').textContent()).toBe(T.logoRequired);
    await page
      .getByTestId('collection-logo-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(350, 350, [59, 91, 253]) });
    await page
      .getByTestId('collection-banner-input')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await png(1400, 400, [138, 63, 252]) });
    const collectionName = `E2E ${lang} ${Date.now().toString(36)}`;
    await page.getByTestId('collection-name').fill(collectionName);
    await page
      .getByTestId('collection-description')
      .fill(lang === 'ko' ? '브라우저 여정에서 만든 컬렉션' : 'Made by the browser journey');
    await page.getByTestId('collection-royalty').fill('5%x');
    expect(await page.getByTestId('collection-royalty').inputValue()).toBe('5');
    await snap(page, `creator-${lang}-collection-form-1440`);
    await page.getByTestId('collection-submit').click();
    await okPopup(page, T.collectionCreated);
    await page.waitForURL(/\/MyCollection$/);
    const tile = page.locator('[data-testid^="my-collection-"]').filter({ hasText: collectionName });
    await tile.waitFor();
    const collectionIdx = Number((await tile.getAttribute('data-testid'))!.replace('my-collection-', ''));
    expect(collectionIdx).toBeGreaterThan(0);
    // The collection's menu links to edit, transactions, loyalty and all items.
    await tile.getByTestId('collection-menu').click();
    expect(await tile.getByTestId('collection-menu-edit').getAttribute('href')).toBe(
      `/CollectionModify/${collectionIdx}`,
    );
    expect(await tile.getByTestId('collection-menu-transactions').getAttribute('href')).toBe(
      `/MyProfile/TransactionHistory/${collectionIdx}`,
    );
    expect(await tile.getByTestId('collection-menu-loyalty').getAttribute('href')).toBe(
      `/MyProfile/Loyalty/${collectionIdx}`,
    );
    expect(await tile.getByTestId('collection-menu-view-all').getAttribute('href')).toBe(
      `/Collection/AllItem/${collectionIdx}`,
    );
    await snap(page, `creator-${lang}-my-collection-1440`);

    // Publish an image item: the resource is required first; the quantity keeps digits and shows separators.
    await goSignedIn(ctx, page, `/NftPublish`);
    await page.getByTestId('item-submit').click();
    expect(await page.getByTestId('item-resource-input-error').textContent()).toBe(T.resourceRequired);
    await page
      .getByTestId('item-resource-input')
      .setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: await png(800, 800, [19, 163, 111]) });
    await page.getByTestId('item-name').fill(lang === 'ko' ? '초록 원' : 'Green circle');
    await page.getByTestId('item-description').fill('line 1\nline 2');
    await page.getByTestId('item-category').selectOption({ index: 1 });
    await page.getByTestId('item-collection').selectOption(String(collectionIdx));
    await page.getByTestId('item-quantity').fill('');
    await page.getByTestId('item-quantity').pressSequentially('1a2b50');
    expect(await page.getByTestId('item-quantity').inputValue()).toBe('1,250');
    await page.getByTestId('item-submit').click();
    await okPopup(page, T.itemCreated);
    await page.waitForURL(/\/MyCollection$/);

    // Publish a video item with a thumbnail over a slow uplink: a real progress bar, and a second submit while the
    // save runs shows the busy message instead of creating a second item.
    await goSignedIn(ctx, page, `/NftPublish?collectionIdx=${collectionIdx}`);
    const webm = await recordWebm(page);
    expect(webm.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    const videoName = lang === 'ko' ? '색의 춤' : 'Dance of colours';
    await page
      .getByTestId('item-resource-input')
      .setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: webm });
    await page.getByTestId('item-name').fill(videoName);
    await page.getByTestId('item-category').selectOption({ index: 2 });
    expect(await page.getByTestId('item-collection').inputValue()).toBe(String(collectionIdx));
    await page.getByTestId('item-submit').click();
    expect(await page.getByTestId('item-thumbnail-input-error').textContent()).toBe(T.thumbnailRequired);
    await page
      .getByTestId('item-thumbnail-input')
      .setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: await png(400, 400, [217, 45, 69]) });
    await page.getByTestId('item-unlockable-toggle').check();
    await page.getByTestId('item-unlockable').fill('secret-code-42');
    // The register call waits until the second submit has been tried: on a loaded machine the throttled upload
    // may otherwise be over (and the success popup up) before the second click lands.
    const releaseRegister = await holdApi(page, '/nft/register');
    const cdp = await context.newCDPSession(page);
    const uplink = Math.max(20_000, Math.floor(webm.length / 4)); // bytes per second: about 4 s for the video
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: uplink,
    });
    // The resource's progress bar shows only while its upload runs (about 4 s on the slow uplink, then the
    // thumbnail's turn): the page notes every value the bar shows, so the check does not depend on this process
    // looking before the upload is over (a loaded machine may be late by more than that).
    await page.evaluate(() => {
      const seen: number[] = ((window as unknown as { __resourceProgress: number[] }).__resourceProgress = []);
      new MutationObserver(() => {
        const now = document
          .querySelector('[data-testid="item-resource-input-progress"]')
          ?.getAttribute('aria-valuenow');
        if (now != null) seen.push(Number(now));
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    await page.getByTestId('item-submit').click();
    await page.waitForFunction(
      () => (window as unknown as { __resourceProgress: number[] }).__resourceProgress.some((p) => p > 0),
      undefined,
      {
        timeout: UI_TIMEOUT,
      },
    );
    await snap(page, `creator-${lang}-publish-progress-1440`);
    // The save is still running whatever the upload's progress: its register call is held until released below.
    await page.getByTestId('item-submit').click(); // the double submission
    await okPopup(page, T.busy);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await releaseRegister();
    await okPopup(page, T.itemCreated, 60_000);
    await page.waitForURL(/\/MyCollection$/);
    expect(await tile.textContent()).toMatch(/2/);

    // Both items on the collection's home tab; exactly two (the double click made one).
    await goSignedIn(ctx, page, `/Collection/${collectionIdx}`);
    const recent = page.getByTestId('collection-recent');
    await recent.waitFor();
    const cards = recent.locator('article[data-testid^="item-card-"]');
    expect(await cards.count()).toBe(2);
    const [videoId] = await cards.evaluateAll((els) =>
      els.map((e) => Number(e.getAttribute('data-testid')!.replace('item-card-', ''))),
    ); // newest first
    expect(await page.getByTestId('collection-stat-items').textContent()).toBe('2');
    await page.getByTestId('collection-edit').waitFor(); // the owner's edit link (once the page knows who is looking)
    await snap(page, `creator-${lang}-collection-1440`);

    // The metadata JSON of the published video item is valid ERC-1155 metadata, with the media it names.
    const detail = await post<{ data: { metadataUrl: string } }>('/nft/detail', { productId: videoId });
    expect(detail.returnCode).toBe(0);
    const metaRes = await fetch(detail.data.metadataUrl.replace(/^https?:\/\/[^/]+/, ctx.stack.url));
    expect(metaRes.status).toBe(200);
    const meta = itemMetadataSchema.parse(await metaRes.json());
    expect(meta.name).toBe(videoName);
    expect(meta.properties.collection).toBe(collectionName);
    expect(meta.properties.creator).toBe(me.id);
    expect(meta.properties.editionSize).toBe(1);
    expect(meta.animation_url).toMatch(/\.webm$/);
    for (const url of [meta.image, meta.animation_url!]) {
      const media = await fetch(url.replace(/^https?:\/\/[^/]+/, ctx.stack.url));
      expect(media.status, url).toBe(200);
      expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    }

    // Phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, `creator-${lang}-collection-390`);
    await goSignedIn(ctx, page, `/NftPublish`);
    await page.getByTestId('item-form').waitFor();
    await snap(page, `creator-${lang}-publish-390`);
    await goSignedIn(ctx, page, `/MyCollection`);
    await page.locator('[data-testid^="my-collection-"]').first().waitFor();
    await snap(page, `creator-${lang}-my-collection-390`);
    await context.close();
  });
});
