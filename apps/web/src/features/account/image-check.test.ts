import { BANNER_MAX_BYTES, IMAGE_MAX_BYTES } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { checkImageFile, sniffImage } from './image-check';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff, 0xe0];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];

function file(bytes: number[], size = bytes.length, name = 'x.png') {
  const body = new Uint8Array(size);
  body.set(bytes);
  return new File([body], name);
}

describe('image checks (by content, max 2 MB)', () => {
  it('recognises png, jpg and gif by magic bytes', () => {
    expect(sniffImage(new Uint8Array(PNG))).toBe('png');
    expect(sniffImage(new Uint8Array(JPG))).toBe('jpg');
    expect(sniffImage(new Uint8Array(GIF))).toBe('gif');
    expect(sniffImage(new Uint8Array([0x42, 0x4d]))).toBeNull(); // BMP
    expect(sniffImage(new Uint8Array([]))).toBeNull();
  });

  it('rejects a renamed non-image as an unsupported format', async () => {
    expect(await checkImageFile(file([0x25, 0x50, 0x44, 0x46], 100, 'fake.png'))).toBe('format');
  });

  it('accepts up to 2 MB and rejects larger files', async () => {
    expect(await checkImageFile(file(PNG, 2 * 1024 * 1024))).toBeNull();
    expect(await checkImageFile(file(JPG, 2 * 1024 * 1024 + 1))).toBe('size');
    expect(await checkImageFile(file(GIF, 1000))).toBeNull();
  });

  it('takes a sign-up banner up to the shared BANNER_MAX_BYTES (10 MB, spec 1); the default (picture, settings page) stays 2 MB', async () => {
    expect([BANNER_MAX_BYTES, IMAGE_MAX_BYTES]).toEqual([10 * 1024 * 1024, 2 * 1024 * 1024]);
    expect(await checkImageFile(file(PNG, 9 * 1024 * 1024), BANNER_MAX_BYTES)).toBeNull();
    expect(await checkImageFile(file(JPG, BANNER_MAX_BYTES), BANNER_MAX_BYTES)).toBeNull();
    expect(await checkImageFile(file(GIF, BANNER_MAX_BYTES + 1), BANNER_MAX_BYTES)).toBe('size');
    expect(await checkImageFile(file(PNG, 9 * 1024 * 1024))).toBe('size');
  });
});
