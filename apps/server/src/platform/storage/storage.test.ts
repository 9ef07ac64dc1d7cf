/**
 * The storage contract, run on both implementations: the local disk and S3 (s3rver started by the test, or
 * the server named by S3_ENDPOINT/S3_BUCKET in CI).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../../test/s3';
import { diskStorage } from './disk-storage';
import { s3Storage } from './s3-storage';
import type { Storage } from './storage';

async function text(s: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

function chunks(total: number, chunk = 64 * 1024, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const n = Math.min(chunk, total - sent);
      const b = Buffer.alloc(n, sent % 251);
      sent += n;
      this.push(b);
    },
  });
}

let dir: string;
let s3: TestS3;
const backends: Record<string, () => Storage> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'att-storage-'));
  s3 = await startS3();
  backends.disk = () => diskStorage(dir);
  backends.s3 = () => s3Storage(s3.options);
}, 60_000);
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['disk', 's3'])('%s storage', (name) => {
  let storage: Storage;
  beforeAll(() => {
    storage = backends[name]!();
  });
  afterAll(async () => storage?.close());

  it('puts, reads whole and by range, and removes', async () => {
    await storage.put('test/a/0123abcd.png', Buffer.from('hello world'), 'image/png');
    const whole = await storage.get('test/a/0123abcd.png');
    expect(whole).toMatchObject({ size: 11, length: 11 });
    expect((await text(whole!.body)).toString()).toBe('hello world');
    const part = await storage.get('test/a/0123abcd.png', { start: 6, end: 100 });
    expect(part).toMatchObject({ size: 11, length: 5, range: { start: 6, end: 10 } });
    expect((await text(part!.body)).toString()).toBe('world');
    const tail = await storage.get('test/a/0123abcd.png', { suffix: 3 });
    expect((await text(tail!.body)).toString()).toBe('rld');
    await expect(storage.get('test/a/0123abcd.png', { start: 11 })).rejects.toBeInstanceOf(RangeError);
    await storage.remove('test/a/0123abcd.png');
    expect(await storage.get('test/a/0123abcd.png')).toBeNull();
    await storage.remove('test/a/0123abcd.png');
  });

  it('streams a 24 MB file (S3: multipart) and reads it back', async () => {
    const size = 24 * 1024 * 1024 + 123;
    expect(await storage.putStream('test/big/stream01.mp4', chunks(size), 'video/mp4')).toBe(size);
    const got = await storage.get('test/big/stream01.mp4', { start: size - 10 });
    expect(got!.size).toBe(size);
    expect(await text(got!.body)).toHaveLength(10);
    await storage.remove('test/big/stream01.mp4');
  }, 60_000);

  it('leaves nothing behind when the incoming stream fails midway', async () => {
    await expect(
      storage.putStream('test/broken/broken01.mp4', chunks(20 * 1024 * 1024, 64 * 1024, 12 * 1024 * 1024), 'video/mp4'),
    ).rejects.toThrow(/client went away/);
    expect(await storage.get('test/broken/broken01.mp4')).toBeNull();
    if (name === 'disk') expect(await readdir(path.join(dir, 'test/broken'))).toEqual([]);
  }, 60_000);

  it('refuses keys that are not server-made names (no traversal can be expressed)', async () => {
    for (const key of [
      '../x.png',
      'a/../b.png',
      'a/./b.png',
      '/abs/x.png',
      'x.png',
      'a/b',
      'A/b.png',
      'a//b.png',
      'a/b.png/',
      'a/b\u0000.png',
      'a\\b/c.png',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/bad storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/bad storage key/);
    }
  });
});
