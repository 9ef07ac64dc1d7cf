/**
 * The creator's journey of issue #8 in real Chromium against the real stack (anvil, contracts, server with disk
 * storage, database), once in Korean and once in English, each with its own seeded member:
 * "Publish NFT" with no collection -> two-button popup -> create a collection with a logo (validation first) ->
 * MyCollection -> publish an image item -> publish a video item (a WebM recorded by the browser itself) with a
 * thumbnail over a throttled upload (progress bar, double submit blocked by the busy message) -> both on the
 * collection page -> edit -> hide and unhide -> delete the untraded item -> another member cannot edit ->
 * the ERC-1155 metadata JSON of a published item is valid. Screenshots at 1440 and 390 px.
 */
import { itemMetadataSchema } from '@att/shared';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { snap } from '../src/browser';
import { connectDevWallet, loginState, useStackAndBrowser } from '../src/harness';

const ctx = useStackAndBrowser();

/** The spec's texts (and their English twins) the journey must see. */
const TEXTS = {
  ko: {
    logoRequired: '로고 이미지를 선택해 주세요',
    collectionCreated: '컬렉션 등록 성공',
    resourceRequired: '아이템 리소스를 추가해 주세요',
    thumbnailRequired: '썸네일 이미지를 추가해 주세요',
    busy: '아이템 생성 중입니다. 잠시만 기다려 주세요.',
    itemCreated: '아이템 등록 성공',
    hidden: '숨김 처리가 완료되었습니다.',
    unhidden: '숨김 해제 처리가 완료되었습니다.',
    needCollection: 'NFT를 발행하려면 최소 1개의 컬렉션이 필요합니다',
  },
  en: {
    logoRequired: 'Please choose a logo image',
    collectionCreated: 'Collection created',
    resourceRequired: 'Please add an item resource',
    thumbnailRequired: 'Please add a thumbnail image',
    busy: 'Creating the item. Please wait a moment.',
    itemCreated: 'Item created',
    hidden: 'The item is now hidden.',
    unhidden: 'The item is no longer hidden.',
    needCollection: 'At least 1 collection is needed',
  },
} as const;

const journeys = [
  { lang: 'ko' as const, owner: 7, other: 8 }, // dev wallets #8 demo_artist, #9 demo_collector
  { lang: 'en' as const, owner: 9, other: 7 }, // dev wallets #10 demo_seller, #8 demo_artist
];

async function png(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  const [r, g, b] = rgb;
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" fill="rgb(${r},${g},${b})"/>
      <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="white" opacity="0.6"/>
    </svg>`,
  );
  return sharp(stripes).png().toBuffer();
}

/** A real WebM video, recorded in the page from an animated canvas with MediaRecorder. */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d')!;
    const stream = canvas.captureStream(30);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 2_500_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((r) => (recorder.onstop = r));
    recorder.start();
    const started = performance.now();
    await new Promise<void>((done) => {
      const frame = () => {
        const t = performance.now() - started;
        for (let i = 0; i < 400; i++) {
          g.fillStyle = `hsl(${(i * 37 + t / 3) % 360} 80% ${30 + ((i * 13) % 50)}%)`;
          g.fillRect((i * 53 + t) % 320, (i * 31) % 240, 16, 16);
        }
        if (t < 1500) requestAnimationFrame(frame);
        else done();
      };
      frame();
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  return Buffer.from(base64, 'base64');
}

async function api<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${ctx.stack.url}/attnftmarket/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

async function session(page: Page): Promise<{ id: string; ticket: string }> {
  const raw = await page.evaluate(() => localStorage.getItem('att.session'));
  const s = JSON.parse(raw ?? '{}') as { id?: string; ticket?: string };
  return { id: s.id!, ticket: s.ticket! };
}

/** Closes the OK popup after checking its text. */
async function okPopup(page: Page, text: string, timeout = 20_000) {
  const popup = page.getByTestId('ok-popup');
  await popup.waitFor({ timeout });
  expect(await popup.textContent()).toContain(text);
  await page.getByTestId('ok-popup-confirm').click();
  await popup.waitFor({ state: 'detached' });
}

async function signedIn(lang: 'ko' | 'en', wallet: number, width = 1440): Promise<{ context: BrowserContext; page: Page }> {
  const context = await ctx.browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((l) => localStorage.setItem('att.lang', l), lang);
  const page = await context.newPage();
  await page.goto(ctx.stack.url);
  await connectDevWallet(page, wallet);
  await loginState(page, 'loggedIn');
  // The wallet drawer opens after an interactive sign-in; close it.
  const panel = page.getByTestId('wallet-panel');
  if (await panel.waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  }
  return { context, page };
}

/**
 * A full page load, waiting until the sign-in has resumed. Leaving a page while its resume is in flight can end
 * the session (the aborted /ticket/check counts as a failure), which is not what this journey is about.
 */
async function goSignedIn(page: Page, path: string) {
  await loginState(page, 'loggedIn');
  await page.goto(`${ctx.stack.url}${path}`);
}

/** Uses a card's owner menu with the keyboard (ArrowDown opens it, Enter picks the entry). */
async function openCardMenu(page: Page, productId: number, entry: string) {
  const card = page.getByTestId(`item-card-${productId}`).first();
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await card.getByTestId('item-owner-menu').focus();
  await page.keyboard.press('ArrowDown');
  // ArrowDown opens the menu and focuses its first entry on the next frame; wait for that before moving focus.
  await card.locator('.menu-panel .menu-item').first().and(page.locator(':focus')).waitFor();
  const choice = card.getByTestId(`item-menu-${entry}`);
  await choice.focus();
  await page.keyboard.press('Enter');
}

describe.each(journeys)('creator journey in $lang', ({ lang, owner, other }) => {
  it('creates a collection, publishes, edits, hides, deletes, and others cannot edit', async () => {
    const T = TEXTS[lang];
    const { context, page } = await signedIn(lang, owner);
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
    await page.getByTestId('collection-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(350, 350, [59, 91, 253]) });
    await page
      .getByTestId('collection-banner-input')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await png(1400, 400, [138, 63, 252]) });
    const collectionName = `E2E ${lang} ${Date.now().toString(36)}`;
    await page.getByTestId('collection-name').fill(collectionName);
    await page.getByTestId('collection-description').fill(lang === 'ko' ? '브라우저 여정에서 만든 컬렉션' : 'Made by the browser journey');
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
    expect(await tile.getByTestId('collection-menu-edit').getAttribute('href')).toBe(`/CollectionModify/${collectionIdx}`);
    expect(await tile.getByTestId('collection-menu-transactions').getAttribute('href')).toBe(`/MyProfile/TransactionHistory/${collectionIdx}`);
    expect(await tile.getByTestId('collection-menu-loyalty').getAttribute('href')).toBe(`/MyProfile/Loyalty/${collectionIdx}`);
    expect(await tile.getByTestId('collection-menu-view-all').getAttribute('href')).toBe(`/Collection/AllItem/${collectionIdx}`);
    await snap(page, `creator-${lang}-my-collection-1440`);

    // Publish an image item: the resource is required first; the quantity keeps digits and shows separators.
    await goSignedIn(page, `/NftPublish`);
    await page.getByTestId('item-submit').click();
    expect(await page.getByTestId('item-resource-input-error').textContent()).toBe(T.resourceRequired);
    await page.getByTestId('item-resource-input').setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: await png(800, 800, [19, 163, 111]) });
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

    // Publish a video item with a thumbnail over a slow uplink: a real progress bar, and a second submit shows
    // the busy message instead of creating a second item.
    await goSignedIn(page, `/NftPublish?collectionIdx=${collectionIdx}`);
    const webm = await recordWebm(page);
    expect(webm.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    await page.getByTestId('item-resource-input').setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: webm });
    await page.getByTestId('item-name').fill(lang === 'ko' ? '색의 춤' : 'Dance of colours');
    await page.getByTestId('item-category').selectOption({ index: 2 });
    expect(await page.getByTestId('item-collection').inputValue()).toBe(String(collectionIdx));
    await page.getByTestId('item-submit').click();
    expect(await page.getByTestId('item-thumbnail-input-error').textContent()).toBe(T.thumbnailRequired);
    await page
      .getByTestId('item-thumbnail-input')
      .setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: await png(400, 400, [217, 45, 69]) });
    await page.getByTestId('item-unlockable-toggle').check();
    await page.getByTestId('item-unlockable').fill('secret-code-42');
    const cdp = await context.newCDPSession(page);
    const uplink = Math.max(20_000, Math.floor(webm.length / 4)); // bytes per second: about 4 s for the video
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: uplink });
    await page.getByTestId('item-submit').click();
    const bar = page.getByTestId('item-resource-input-progress');
    await bar.waitFor({ timeout: 10_000 });
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="item-resource-input-progress"]')?.getAttribute('aria-valuenow') ?? 0) > 0,
      undefined,
      { timeout: 15_000 },
    );
    await snap(page, `creator-${lang}-publish-progress-1440`);
    await page.getByTestId('item-submit').click(); // the double submission
    await okPopup(page, T.busy, 5_000);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await okPopup(page, T.itemCreated, 60_000);
    await page.waitForURL(/\/MyCollection$/);
    expect(await tile.textContent()).toMatch(/2/);

    // Both items on the collection's home tab; exactly two (the double click made one).
    await goSignedIn(page, `/Collection/${collectionIdx}`);
    const recent = page.getByTestId('collection-recent');
    await recent.waitFor();
    const cards = recent.locator('article[data-testid^="item-card-"]');
    expect(await cards.count()).toBe(2);
    const ids = await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-testid')!.replace('item-card-', ''))));
    const [videoId, imageId] = ids as [number, number]; // newest first
    expect(await page.getByTestId('collection-stat-items').textContent()).toBe('2');
    expect(await page.getByTestId('collection-edit').isVisible()).toBe(true);
    await snap(page, `creator-${lang}-collection-1440`);

    // Sell opens the sell page of the item; back to the collection.
    await openCardMenu(page, imageId, 'sell');
    await page.waitForURL(new RegExp(`/NftSell/${imageId}$`));
    await page.goBack();
    await page.getByTestId(`item-card-${videoId}`).waitFor();

    // Edit the video item from its card: supply is read-only; saving leads to its page.
    await openCardMenu(page, videoId, 'edit');
    await page.waitForURL(new RegExp(`/NftModify/${videoId}$`));
    await page.getByTestId('item-name').waitFor();
    expect(await page.getByTestId('item-quantity').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('item-unlockable').inputValue()).toBe('secret-code-42');
    const newName = lang === 'ko' ? '색의 춤 (수정)' : 'Dance of colours (edited)';
    await page.getByTestId('item-name').fill(newName);
    await page.getByTestId('item-submit').click();
    await page.getByTestId('ok-popup-confirm').click();
    await page.waitForURL(new RegExp(`/NftInfo/${videoId}$`));
    await page.getByTestId('item-name').filter({ hasText: newName }).waitFor();
    // The owner sees the unlockable content on demand.
    await page.getByTestId('item-unlock').click();
    expect(await page.getByTestId('item-unlocked-content').textContent()).toContain('secret-code-42');
    await snap(page, `creator-${lang}-item-1440`);

    // Hide the image item: gone from the home tab, listed on the owner's Hide tab; unhide it there.
    await goSignedIn(page, `/Collection/${collectionIdx}`);
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

    // The metadata JSON of the published video item is valid ERC-1155 metadata, with the media it names.
    const detail = await api<{ returnCode: number; data: { metadataUrl: string } }>('/nft/detail', { productId: videoId });
    expect(detail.returnCode).toBe(0);
    const metaRes = await fetch(detail.data.metadataUrl.replace(/^https?:\/\/[^/]+/, ctx.stack.url));
    expect(metaRes.status).toBe(200);
    const meta = itemMetadataSchema.parse(await metaRes.json());
    expect(meta.name).toBe(newName);
    expect(meta.properties.collection).toBe(collectionName);
    expect(meta.properties.creator).toBe(me.id);
    expect(meta.properties.editionSize).toBe(1);
    expect(meta.animation_url).toMatch(/\.webm$/);
    for (const url of [meta.image, meta.animation_url!]) {
      const media = await fetch(url.replace(/^https?:\/\/[^/]+/, ctx.stack.url));
      expect(media.status, url).toBe(200);
      expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    }

    // Another member: no owner menu, no edit link, no Hide tab; the edit pages send them away; the API refuses.
    const them = await signedIn(lang, other);
    const p2 = them.page;
    await p2.goto(`${ctx.stack.url}/Collection/${collectionIdx}`);
    await p2.getByTestId(`item-card-${videoId}`).waitFor();
    expect(await p2.getByTestId('item-owner-menu').count()).toBe(0);
    expect(await p2.getByTestId('collection-edit').count()).toBe(0);
    expect(await p2.getByTestId('collection-tab-hidden').count()).toBe(0);
    // (Each full page load resumes the sign-in; wait for it before the next load, see goSignedIn.)
    await goSignedIn(p2, `/NftModify/${videoId}`);
    await p2.waitForURL(new RegExp(`/NftInfo/${videoId}$`));
    await p2.getByTestId('item-name').waitFor();
    expect(await p2.getByTestId('item-unlock').count()).toBe(0);
    await goSignedIn(p2, `/CollectionModify/${collectionIdx}`);
    await p2.waitForURL(new RegExp(`/Collection/${collectionIdx}$`));
    await goSignedIn(p2, `/Collection/Hide/${collectionIdx}`);
    await p2.waitForURL(new RegExp(`/Collection/${collectionIdx}$`));
    const intruder = await session(p2);
    const refused = await api<{ returnCode: number }>('/nft/update', {
      id: intruder.id,
      ticketId: intruder.ticket,
      productId: videoId,
      category: 1,
      productName: 'stolen',
      productDesc: '',
    });
    expect(refused.returnCode).toBe(274);
    await them.context.close();

    // Delete the untraded image item from its edit page: back to the collection, one item left.
    await goSignedIn(page, `/NftModify/${imageId}`);
    await page.getByTestId('item-delete').click();
    await page.getByTestId('confirm-popup-confirm').click();
    await page.getByTestId('ok-popup-confirm').click();
    await page.waitForURL(new RegExp(`/Collection/${collectionIdx}$`));
    await page.getByTestId(`item-card-${videoId}`).waitFor();
    expect(await page.getByTestId(`item-card-${imageId}`).count()).toBe(0);
    expect(await page.getByTestId('collection-stat-items').textContent()).toBe('1');

    // Phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, `creator-${lang}-collection-390`);
    await goSignedIn(page, `/NftPublish`);
    await page.getByTestId('item-form').waitFor();
    await snap(page, `creator-${lang}-publish-390`);
    await goSignedIn(page, `/MyCollection`);
    await page.locator('[data-testid^="my-collection-"]').first().waitFor();
    await snap(page, `creator-${lang}-my-collection-390`);
    await goSignedIn(page, `/NftInfo/${videoId}`);
    await page.getByTestId('item-name').waitFor();
    await snap(page, `creator-${lang}-item-390`);
    await context.close();
  });
});
