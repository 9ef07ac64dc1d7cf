import { CARD_IMAGE_WIDTH, cardImageName } from '@att/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../../test/helper';
import { gif, html, jpeg, png, svg, upload } from '../../../test/media';

let t: TestApp;
let alice: Awaited<ReturnType<typeof loggedIn>>;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await loggedIn(t);
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const cardUrl = (folder: string, fileName: string) => `/cdn/${folder}/${cardImageName(fileName)}`;

describe('card images (400 px WebP made once at upload)', () => {
  it('a large jpg or png resource gets a WebP at most 400 px wide, served as image/webp; the original stays', async () => {
    for (const [file, format] of [
      [await jpeg(1600, 1200), 'jpg'],
      [await png(1200, 2400), 'png'],
    ] as const) {
      const r = await upload(t, alice.auth, 'resource', file);
      expect(r.returnCode, format).toBe(0);
      const fileName = r.data!.fileName;
      const card = await get(cardUrl('item/resource', fileName));
      expect(card.statusCode, format).toBe(200);
      expect(card.headers['content-type']).toBe('image/webp');
      expect(card.headers['x-content-type-options']).toBe('nosniff');
      expect(card.headers['cache-control']).toMatch(/immutable/);
      const meta = await sharp(card.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(CARD_IMAGE_WIDTH);
      expect(card.rawPayload.length).toBeLessThan(file.length);
      const original = await get(`/cdn/item/resource/${fileName}`);
      expect(original.rawPayload.length).toBe(file.length);
    }
  });

  it('a thumbnail gets one too; a small image is not enlarged', async () => {
    const r = await upload(t, alice.auth, 'thumbnail', await jpeg(120, 80));
    expect(r.returnCode).toBe(0);
    const card = await get(cardUrl('item/thumbnail', r.data!.fileName));
    expect(card.statusCode).toBe(200);
    const meta = await sharp(card.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 120, height: 80 });
  });

  it('GIF and SVG keep only their original (no card image is made)', async () => {
    for (const file of [await gif(), svg()]) {
      const r = await upload(t, alice.auth, 'resource', file);
      expect(r.returnCode).toBe(0);
      expect(cardImageName(r.data!.fileName)).toBeNull();
      const stem = r.data!.fileName.split('.')[0]!;
      expect((await get(`/cdn/item/resource/w400/${stem}.webp`)).statusCode).toBe(404);
    }
  });

  it('a file that lies about its type is still refused, and leaves no card image', async () => {
    const before = await t.app.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(
      (await upload(t, alice.auth, 'resource', html(), { filename: 'photo.jpg', type: 'image/jpeg' })).returnCode,
    ).toBe(5);
    expect(
      (await upload(t, alice.auth, 'thumbnail', Buffer.from('alert(1)'), { filename: 'a.png', type: 'image/png' }))
        .returnCode,
    ).toBe(5);
    // A PNG header on a body that is not a PNG: the thumbnail kind decodes images and refuses it.
    const fake = Buffer.concat([(await png()).subarray(0, 16), Buffer.alloc(4000, 1)]);
    expect((await upload(t, alice.auth, 'thumbnail', fake)).returnCode).toBe(5);
    const after = await t.app.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('a streamed resource with a JPEG header and an undecodable body is stored as before, without a card image', async () => {
    const fake = Buffer.concat([(await jpeg()).subarray(0, 64), Buffer.alloc(4000, 7)]);
    const r = await upload(t, alice.auth, 'resource', fake);
    expect(r.returnCode).toBe(0);
    expect((await get(cardUrl('item/resource', r.data!.fileName))).statusCode).toBe(404);
  });
});
