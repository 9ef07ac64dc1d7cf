/**
 * Item media (spec 2, section 5), checked by content (magic bytes), not by name or the browser's type:
 * resources gif, jpg, png, svg (images), mp4, webm (video), mp3, wav, ogg (audio), up to 100 MB;
 * thumbnails gif, jpg, png, svg up to 2 MB. The server checks again; this gives the member the message early.
 */
import { type FileFormat, ITEM_RESOURCE_MAX_BYTES, THUMBNAIL_MAX_BYTES } from '@att/shared';
import { fileHead } from '../../lib/file-head';
import type { FileProblem } from '../../lib/file-problem';
import { sniffImage } from '../account';

export type MediaFormat = FileFormat;
export type MediaKind = 'image' | 'video' | 'audio';
export type MediaError = FileProblem;

export const MEDIA_KIND: Record<MediaFormat, MediaKind> = {
  gif: 'image',
  jpg: 'image',
  png: 'image',
  svg: 'image',
  mp4: 'video',
  webm: 'video',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
};

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The media format from the first bytes (at least 512 for SVG), or null. */
export function sniffMedia(bytes: Uint8Array): MediaFormat | null {
  const image = sniffImage(bytes);
  if (image) return image;
  if (ascii(bytes, 4, 8) === 'ftyp') return 'mp4';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') return 'wav';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  if (ascii(bytes, 0, 3) === 'ID3') return 'mp3';
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) !== 0) return 'mp3';
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'svg';
  return null;
}

export type MediaCheck = { ok: true; format: MediaFormat; kind: MediaKind } | { ok: false; error: MediaError };

/** A resource: any of the nine formats, up to 100 MB. */
export async function checkResource(file: Blob): Promise<MediaCheck> {
  const format = sniffMedia(await fileHead(file, 512));
  if (!format) return { ok: false, error: 'format' };
  if (file.size > ITEM_RESOURCE_MAX_BYTES) return { ok: false, error: 'size' };
  return { ok: true, format, kind: MEDIA_KIND[format] };
}

/** A thumbnail: an image format, up to 2 MB. */
export async function checkThumbnail(file: Blob): Promise<MediaCheck> {
  const format = sniffMedia(await fileHead(file, 512));
  if (!format || MEDIA_KIND[format] !== 'image') return { ok: false, error: 'format' };
  if (file.size > THUMBNAIL_MAX_BYTES) return { ok: false, error: 'size' };
  return { ok: true, format, kind: 'image' };
}
