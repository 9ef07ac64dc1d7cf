/**
 * Profile and banner images: the type is decided by the content (sharp), never by the name or the declared
 * type; only jpeg, png and gif. Profiles are cropped to cover at most 350x350, banners at most 1920x320
 * (never enlarged). An animated gif stays animated (every frame resized); EXIF orientation is applied and
 * metadata dropped.
 */
import { BANNER_IMAGE_SIZE, PROFILE_IMAGE_SIZE, ReturnCode } from '@att/shared';
import sharp from 'sharp';
import { AppError } from '../http/app-error';

export type ImageKind = 'profile' | 'banner';
export interface ProcessedImage {
  data: Buffer;
  ext: 'jpg' | 'png' | 'gif';
}

/** Refuses decompression bombs: 40 megapixels per frame is far beyond any sane avatar or banner. */
const MAX_INPUT_PIXELS = 40_000_000;

export async function processImage(input: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new AppError(ReturnCode.ValidationFailed, 'not an image');
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'gif') {
    throw new AppError(ReturnCode.ValidationFailed, `unsupported image format ${format ?? '?'}`);
  }
  const size = kind === 'profile' ? PROFILE_IMAGE_SIZE : BANNER_IMAGE_SIZE;
  try {
    const gif = format === 'gif';
    let img = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: gif });
    if (!gif) img = img.rotate();
    img = img.resize({ width: size.width, height: size.height, fit: 'cover', withoutEnlargement: true });
    if (format === 'jpeg') return { data: await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), ext: 'jpg' };
    if (format === 'png') return { data: await img.png({ compressionLevel: 9 }).toBuffer(), ext: 'png' };
    return { data: await img.gif().toBuffer(), ext: 'gif' };
  } catch {
    throw new AppError(ReturnCode.ValidationFailed, 'image could not be decoded');
  }
}
