/**
 * Uploads over real HTTP: the size limit stops the stream (and the reading of the request), a 100 MB item
 * resource passes through without the process holding it (measured in a child process of its own), and the same
 * API works on S3 storage.
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ITEM_RESOURCE_MAX_BYTES, uploadUrl } from '@att/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../../test/helper';
import { mp4, png, uploaded } from '../../../test/media';
import { startS3, type TestS3 } from '../../../test/s3';
import { streamUpload } from '../../../test/stream-upload';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MB = 1024 * 1024;

/** What test/upload-memory-child.ts prints (bytes; `live` = heap + external right after a full gc). */
interface MemoryReport {
  storage: 's3' | 'disk';
  returnCode: number | undefined;
  sentAtPause: number;
  before: { live: number; rss: number };
  paused: { live: number; rss: number };
  peakRss: number;
}

/** Runs test/upload-memory-child.ts (`node --expose-gc`, its own app and database) and returns its report. */
async function uploadInOwnProcess(): Promise<MemoryReport> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(serverRoot, 'test/upload-memory-child.ts')],
    {
      cwd: serverRoot,
      env: { ...process.env, TEST_PGLITE_TEMPLATE: inject('pgliteTemplate') },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines: string[] = [];
  for await (const line of createInterface({ input: child.stdout })) lines.push(line);
  expect(await exited, 'the upload child failed (its stderr is above)').toBe(0);
  const report = lines.filter((l) => l.startsWith('{')).at(-1);
  if (!report) throw new Error(`no report from the upload child: ${lines.join('\n')}`);
  return JSON.parse(report) as MemoryReport;
}

let t: TestApp;
let base: string;
let m: Awaited<ReturnType<typeof loggedIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  m = await loggedIn(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

describe('streamed item resources', () => {
  it('takes a 100 MB video without holding it: 90 MB into the upload the process holds a few MB more', async () => {
    // In a process of its own: this worker's memory also holds the other test files' (vitest isolate: false), and
    // only `node --expose-gc` can collect before it measures. Streamed, the upload holds its buffers in flight
    // (sockets, the 256 KB pipe, S3 parts): about 1 MB on disk, 17 MB on S3 here. Buffered whole, the live memory at the pause
    // would be ~90 MB more and the RSS peak ~140 MB more (measured with the intake changed to collect the file).
    const r = await uploadInOwnProcess();
    const mb = (n: number) => (n / MB).toFixed(1);
    console.log(
      `100 MB upload (${r.storage}), paused at ${mb(r.sentAtPause)} MB sent: live memory after gc ${mb(r.before.live)} -> ${mb(r.paused.live)} MB ` +
        `(growth ${mb(r.paused.live - r.before.live)} MB); RSS ${mb(r.before.rss)} -> peak ${mb(r.peakRss)} MB (growth ${mb(r.peakRss - r.before.rss)} MB)`,
    );
    expect(r.returnCode).toBe(0);
    expect(r.paused.live - r.before.live).toBeLessThan(40 * MB);
    expect(r.peakRss - r.before.rss).toBeLessThan(64 * MB);
  }, 300_000);

  it('stops at 100 MB: the reply is 5 long before the client has sent the 256 MB it offers, and nothing is stored', async () => {
    const r = await streamUpload(base, uploadUrl('resource', m.id, m.ticketId), 256 * 1024 * 1024);
    expect(r.returnCode).toBe(5);
    // Past the limit nothing is parsed or stored; at most the lingering 32 MB are read and discarded (so the
    // client sees the reply rather than a reset) plus the kernel's socket buffers (larger on a loaded machine, whose
    // server answers later): far from the 256 MB offered.
    expect(r.bytesSent).toBeLessThan(ITEM_RESOURCE_MAX_BYTES + 64 * 1024 * 1024);
    if (!t.config.s3) {
      const folder = path.join(t.dataDir, 'uploads/item/resource');
      expect((await readdir(folder).catch(() => [])).filter((f) => f.endsWith('.part'))).toEqual([]);
    }
  }, 120_000);
});

describe('the API on S3 storage', () => {
  let s3: TestS3;
  let ts: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    ts = await buildTestApp({ config: { s3: s3.options } });
  }, 60_000);
  afterAll(async () => {
    await ts?.close();
    await s3?.close();
  });

  it('uploads, publishes and serves an item from the bucket with the safe headers and ranges', async () => {
    const who = await loggedIn(ts);
    const logoFileName = await uploaded(ts, who.auth, 'logo', await png());
    const c = await ts.post('/nft/collection/register', {
      ...who.auth,
      collectionName: `S3 ${process.pid}`,
      royalty: 1,
      logoFileName,
    });
    const video = await uploaded(ts, who.auth, 'resource', mp4(300_000));
    const thumb = await uploaded(ts, who.auth, 'thumbnail', await png());
    const r = await ts.post('/nft/register', {
      ...who.auth,
      fileName: video,
      thumbnailFileName: thumb,
      category: 2,
      productName: 'on s3',
      totalSupply: 2,
      collectionIdx: (c.body.data as { collectionIdx: number }).collectionIdx,
    });
    expect(r.returnCode).toBe(0);
    const served = await ts.app.inject({
      method: 'GET',
      url: `/cdn/item/resource/${video}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(served.statusCode).toBe(206);
    expect(served.rawPayload).toHaveLength(100);
    expect(served.headers).toMatchObject({ 'content-type': 'video/mp4', 'x-content-type-options': 'nosniff' });
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const logo = await ts.app.inject({ method: 'GET', url: `/cdn/collection/logo/${logoFileName}` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect((await ts.app.inject({ method: 'GET', url: '/cdn/collection/logo/00000000.png' })).statusCode).toBe(404);
  }, 60_000);
});
