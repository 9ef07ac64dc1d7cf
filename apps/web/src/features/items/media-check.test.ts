import { describe, expect, it } from 'vitest';
import { ITEM_RESOURCE_MAX_BYTES } from '@att/shared';
import { checkResource, checkThumbnail, sniffMedia } from './media-check';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffMedia', () => {
  it('knows every allowed format by its first bytes', () => {
    expect(sniffMedia(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(sniffMedia(bytes('GIF89a'))).toBe('gif');
    expect(sniffMedia(bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('svg');
    expect(sniffMedia(bytes('  <svg width="1"/>'))).toBe('svg');
    expect(sniffMedia(bytes([0, 0, 0, 0x18], 'ftypisom'))).toBe('mp4');
    expect(sniffMedia(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe('webm');
    expect(sniffMedia(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBe('wav');
    expect(sniffMedia(bytes('OggS', [0]))).toBe('ogg');
    expect(sniffMedia(bytes('ID3', [4, 0]))).toBe('mp3');
    expect(sniffMedia(bytes([0xff, 0xfb, 0x90, 0x00]))).toBe('mp3');
  });
  it('refuses files that lie about their type', () => {
    expect(sniffMedia(bytes('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffMedia(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffMedia(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBeNull();
    expect(sniffMedia(new Uint8Array())).toBeNull();
  });
});

describe('checkResource and checkThumbnail', () => {
  const png = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]);
  const mp4 = bytes([0, 0, 0, 0x18], 'ftypisom');
  it('accept a video resource, and say its kind', async () => {
    await expect(checkResource(new Blob([mp4]))).resolves.toEqual({ ok: true, format: 'mp4', kind: 'video' });
    await expect(checkResource(new Blob([png]))).resolves.toEqual({ ok: true, format: 'png', kind: 'image' });
  });
  it('refuse an HTML file named .mp4 as a format error', async () => {
    const fake = new File(['<html><script>1</script></html>'], 'clip.mp4', { type: 'video/mp4' });
    await expect(checkResource(fake)).resolves.toEqual({ ok: false, error: 'format' });
  });
  it('refuse a resource over 100 MB and a thumbnail over 2 MB, by size', async () => {
    const big = new Blob([mp4, new Uint8Array(ITEM_RESOURCE_MAX_BYTES)]);
    await expect(checkResource(big)).resolves.toEqual({ ok: false, error: 'size' });
    await expect(checkThumbnail(new Blob([png, new Uint8Array(2 * 1024 * 1024)]))).resolves.toEqual({
      ok: false,
      error: 'size',
    });
  }, 30_000);
  it('refuse a video as a thumbnail', async () => {
    await expect(checkThumbnail(new Blob([mp4]))).resolves.toEqual({ ok: false, error: 'format' });
    await expect(checkThumbnail(new Blob([png]))).resolves.toMatchObject({ ok: true, format: 'png' });
  });
});
