/**
 * Makes an item file's card image once, at upload: a WebP at most CARD_IMAGE_WIDTH px wide (never enlarged),
 * stored beside the original through the storage interface (disk or S3) as `{folder}/w400/{stem}.webp`.
 * Only jpg and png get one (see packages/shared card-image.ts for why GIF and SVG keep their original).
 *
 * The original is already stored and checked by content; a card image that cannot be made (a file whose
 * header is a JPEG but whose body is not decodable) is logged and skipped: the web then shows the original.
 */
import type { Readable } from 'node:stream';
import { CARD_IMAGE_MIME, CARD_IMAGE_WIDTH, cardImageName } from '@att/shared';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Storage } from '../storage/storage';

const MAX_INPUT_PIXELS = 100_000_000;

/** The WebP bytes of a card image of `input` (a whole image, or a stream of one). */
export async function renderCardImage(input: Buffer | Readable): Promise<Buffer> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true } as const;
  const pipeline = Buffer.isBuffer(input) ? sharp(input, options) : input.pipe(sharp(options));
  return pipeline
    .rotate()
    .resize({ width: CARD_IMAGE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 78, effort: 2 })
    .toBuffer();
}

/**
 * Stores the card image of `{folder}/{fileName}` made from `source` (the original's bytes, or null to read
 * them back from storage, as for streamed resources). Returns its key, or null when the file has none.
 * `render` makes the bytes (the demo seed passes one that remembers its art's cards).
 */
export async function storeCardImage(
  storage: Storage,
  log: FastifyBaseLogger,
  folder: string,
  fileName: string,
  source: Buffer | null,
  render: (input: Buffer | Readable) => Promise<Buffer> = renderCardImage,
): Promise<string | null> {
  const name = cardImageName(fileName);
  if (!name) return null;
  const key = `${folder}/${name}`;
  let body: Readable | undefined;
  try {
    if (!source) {
      const stored = await storage.get(`${folder}/${fileName}`);
      if (!stored) return null;
      body = stored.body;
    }
    await storage.put(key, await render(source ?? body!), CARD_IMAGE_MIME);
    return key;
  } catch (err) {
    body?.destroy();
    log.warn({ err, fileName }, 'card image not made; the original is shown');
    return null;
  }
}
