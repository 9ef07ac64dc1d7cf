import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { API_BASE, BANNER_MAX_BYTES, IMAGE_MAX_BYTES } from '@att/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loggedIn, type TestApp } from '../../../../test/helper';

let t: TestApp;
let m: Awaited<ReturnType<typeof loggedIn>>;
beforeAll(async () => {
  t = await buildTestApp();
  m = await loggedIn(t);
});
afterAll(async () => t?.close());

function multipart(file: Buffer, opts: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = `----att${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'image.png'}"\r\n` +
      `Content-Type: ${opts.type ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  kind: 'profile' | 'banner',
  file: Buffer,
  opts: { field?: string; filename?: string; id?: string; ticket?: string; headers?: Record<string, string> } = {},
) {
  const body = multipart(file, opts);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}/user/upload/${kind}/${encodeURIComponent(opts.id ?? m.id)}/${encodeURIComponent(opts.ticket ?? m.ticketId)}`,
    headers: { 'content-type': body.contentType, ...opts.headers },
    payload: body.payload,
  });
  return {
    statusCode: res.statusCode,
    body: JSON.parse(res.body) as { returnCode: number; data?: { fileName: string } },
  };
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();
const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
async function animatedGif(w: number, h: number) {
  const frames = await Promise.all(
    [
      { r: 255, g: 0, b: 0 },
      { r: 0, g: 0, b: 255 },
    ].map((background) =>
      sharp({ create: { width: w, height: h, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100] })
    .toBuffer();
}

let listening: string | undefined;
async function listen() {
  listening ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  return listening;
}

async function memberIdx() {
  return (
    await t.db
      .selectFrom('members')
      .select('member_idx')
      .where('address', '=', m.wallet.address)
      .executeTakeFirstOrThrow()
  ).member_idx;
}

async function cdn(kind: string, fileName: string) {
  return t.app.inject({ method: 'GET', url: `/cdn/user/${kind}/${fileName}` });
}

describe('profile and banner uploads', () => {
  it('stores a png profile resized to cover 350x350 and serves it under /cdn', async () => {
    const r = await upload('profile', await png(800, 600));
    expect(r.statusCode).toBe(200);
    expect(r.body.returnCode).toBe(0);
    const fileName = r.body.data!.fileName;
    expect(fileName).toMatch(/^[0-9a-f]{32}\.png$/);
    const served = await cdn('profile', fileName);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([350, 350]);
    expect(((await t.post('/user/info', m.auth)).body.data as { profile: string }).profile).toBe(fileName);
  });

  it('stores a jpeg banner at most 1920x320 and deletes the previous banner', async () => {
    const first = await upload('banner', await jpeg(3000, 1000), { filename: 'x.jpg' });
    expect(first.body.returnCode).toBe(0);
    const second = await upload('banner', await jpeg(3840, 640), { filename: 'y.jpeg' });
    expect(second.body.returnCode).toBe(0);
    const name = second.body.data!.fileName;
    expect(name).toMatch(/\.jpg$/);
    const meta = await sharp((await cdn('banner', name)).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1920, 320]);
    expect(existsSync(path.join(t.dataDir, 'uploads/user/banner', first.body.data!.fileName))).toBe(false);
    expect((await cdn('banner', first.body.data!.fileName)).statusCode).toBe(404);
  });

  it('accepts a file just under 2 MB (the 64 KB JSON body limit does not apply to uploads)', async () => {
    const noise = await sharp(randomBytes(800 * 800 * 3), { raw: { width: 800, height: 800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1_500_000);
    expect(noise.length).toBeLessThan(2 * 1024 * 1024);
    const r = await upload('banner', noise);
    expect(r.body.returnCode).toBe(0);
  });

  it('never enlarges a small image', async () => {
    const r = await upload('profile', await png(100, 80));
    const meta = await sharp((await cdn('profile', r.body.data!.fileName)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 80]);
  });

  it('keeps an animated gif animated', async () => {
    const r = await upload('profile', await animatedGif(500, 500), { filename: 'a.gif' });
    expect(r.body.returnCode).toBe(0);
    expect(r.body.data!.fileName).toMatch(/\.gif$/);
    const meta = await sharp((await cdn('profile', r.body.data!.fileName)).rawPayload, { animated: true }).metadata();
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBe(2);
    expect(meta.width).toBe(350);
  });

  it('answers 5 for a text file named .png', async () => {
    const r = await upload('profile', Buffer.from('this is not an image at all, just text\n'.repeat(10)), {
      filename: 'fake.png',
    });
    expect(r).toEqual({ statusCode: 200, body: { returnCode: 5 } });
  });

  it('answers 5 for an image in another format (webp)', async () => {
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await upload('profile', webp)).body.returnCode).toBe(5);
  });

  it('answers 5 (not 413 or 500) for a picture over 2 MB and a banner over 10 MB', async () => {
    const big = Buffer.concat([await png(10, 10), randomBytes(2 * 1024 * 1024 + 10)]);
    expect(await upload('profile', big)).toEqual({ statusCode: 200, body: { returnCode: 5 } });
    const huge = Buffer.concat([await png(10, 10), randomBytes(BANNER_MAX_BYTES + 10)]);
    expect(await upload('banner', huge)).toEqual({ statusCode: 200, body: { returnCode: 5 } });
  });

  it("takes a banner of 10 MB (the sign-up form's limit, spec 1), not 10 MB + 1 byte", async () => {
    const head = await png(10, 10);
    const padded = (size: number) => Buffer.concat([head, Buffer.alloc(size - head.length, 0)]);
    expect((await upload('banner', padded(3 * 1024 * 1024))).body.returnCode).toBe(0);
    expect(await upload('banner', padded(BANNER_MAX_BYTES + 1))).toEqual({ statusCode: 200, body: { returnCode: 5 } });
    expect((await upload('banner', padded(BANNER_MAX_BYTES))).body.returnCode).toBe(0);
  });

  it('takes a 9 MB sign-up banner over real HTTP (the server-wide 2 MB multipart cap does not cut it), not 10 MB + 1 byte nor a 9 MB picture', async () => {
    const address = await listen();
    const head = await png(10, 10);
    const padded = (size: number) => Buffer.concat([head, Buffer.alloc(size - head.length, 0)]);
    const send = async (kind: 'profile' | 'banner', bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'banner.png');
      const url = `${address}${API_BASE}/user/upload/${kind}/${encodeURIComponent(m.id)}`;
      const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${m.ticketId}` }, body: form });
      return { status: res.status, body: (await res.json()) as { returnCode: number; data?: { fileName: string } } };
    };
    const nine = await send('banner', padded(9 * 1024 * 1024));
    expect(nine).toMatchObject({ status: 200, body: { returnCode: 0 } });
    const stored = await t.db
      .selectFrom('members')
      .select('banner_file')
      .where('member_idx', '=', await memberIdx())
      .executeTakeFirstOrThrow();
    expect(stored.banner_file).toBe(nine.body.data!.fileName);
    expect((await cdn('banner', nine.body.data!.fileName)).statusCode).toBe(200);
    expect(await send('banner', padded(BANNER_MAX_BYTES + 1))).toEqual({ status: 200, body: { returnCode: 5 } });
    expect(await send('profile', padded(9 * 1024 * 1024))).toEqual({ status: 200, body: { returnCode: 5 } });
  });

  it('refuses a file of 2 MB + 1 byte instead of storing the first 2 MB (issue 7, item 5)', async () => {
    // A valid png padded after IEND: cut at 2 MB it would still decode, so only the truncation flag tells.
    const padded = async (size: number) => {
      const head = await png(10, 10);
      return Buffer.concat([head, Buffer.alloc(size - head.length, 0)]);
    };
    const before = (
      await t.db
        .selectFrom('members')
        .select('profile_file')
        .where('member_idx', '=', await memberIdx())
        .executeTakeFirstOrThrow()
    ).profile_file;
    for (let i = 0; i < 5; i++) {
      expect(await upload('profile', await padded(IMAGE_MAX_BYTES + 1))).toEqual({
        statusCode: 200,
        body: { returnCode: 5 },
      });
    }
    const after = (
      await t.db
        .selectFrom('members')
        .select('profile_file')
        .where('member_idx', '=', await memberIdx())
        .executeTakeFirstOrThrow()
    ).profile_file;
    expect(after).toBe(before);
    expect((await upload('profile', await padded(IMAGE_MAX_BYTES))).body.returnCode).toBe(0);
  });

  it('refuses 2 MB + 1 byte when the stream arrives cut exactly at the limit (real HTTP, two writes)', async () => {
    const address = new URL(await listen());
    const head = await png(10, 10);
    const file = Buffer.concat([head, Buffer.alloc(IMAGE_MAX_BYTES + 1 - head.length, 0)]);
    const { payload, contentType } = multipart(file);
    const split = payload.indexOf(file) + IMAGE_MAX_BYTES;
    const send = () =>
      new Promise<{ returnCode: number }>((resolve, reject) => {
        const req = request(
          {
            host: address.hostname,
            port: address.port,
            method: 'POST',
            path: `${API_BASE}/user/upload/profile/${encodeURIComponent(m.id)}/${encodeURIComponent(m.ticketId)}`,
            headers: { 'content-type': contentType, 'content-length': payload.length },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve(JSON.parse(text) as { returnCode: number }));
          },
        );
        req.on('error', reject);
        req.write(payload.subarray(0, split));
        setTimeout(() => req.end(payload.subarray(split)), 150);
      });
    for (let i = 0; i < 3; i++) expect(await send()).toEqual({ returnCode: 5 });
  });

  it('takes the ticket from Authorization: Bearer on /user/upload/{kind}/{id} (no ticket in the URL)', async () => {
    const body = multipart(await png(20, 20));
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `${API_BASE}/user/upload/profile/${encodeURIComponent(m.id)}`,
        headers: { 'content-type': body.contentType, ...headers },
        payload: body.payload,
      });
    expect(JSON.parse((await send({ authorization: `Bearer ${m.ticketId}` })).body).returnCode).toBe(0);
    expect(JSON.parse((await send({})).body).returnCode).toBe(27);
    expect(JSON.parse((await send({ authorization: 'Bearer nope' })).body).returnCode).toBe(27);
  });

  it('answers 81 without a file field', async () => {
    expect((await upload('profile', await png(10, 10), { field: 'image' })).body.returnCode).toBe(81);
  });

  it('answers 3 for a JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/upload/profile/${m.id}/${m.ticketId}`,
      payload: { file: 'x' },
    });
    expect(JSON.parse(res.body)).toEqual({ returnCode: 3 });
  });

  it('checks the id and ticket of the path: 27, 28, 29', async () => {
    const img = await png(10, 10);
    expect((await upload('profile', img, { ticket: 'unknown' })).body.returnCode).toBe(27);
    expect((await upload('profile', img, { id: 'someone_else' })).body.returnCode).toBe(29);
    expect((await upload('profile', img, { headers: { authorization: 'Bearer other' } })).body.returnCode).toBe(29);
    const other = await loggedIn(t);
    await t.db
      .updateTable('tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('address', '=', other.wallet.address)
      .execute();
    expect((await upload('profile', img, { id: other.id, ticket: other.ticketId })).body.returnCode).toBe(28);
  });

  it('works over real HTTP with fetch + FormData, including an oversize file (HTTP 200, code 5)', async () => {
    const address = await listen();
    const send = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
      const res = await fetch(`${address}${API_BASE}/user/upload/profile/${m.id}/${m.ticketId}`, {
        method: 'POST',
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { returnCode: number } };
    };
    expect(await send(await png(400, 400), 'ok.png')).toMatchObject({ status: 200, body: { returnCode: 0 } });
    expect(await send(randomBytes(3 * 1024 * 1024), 'big.png')).toEqual({ status: 200, body: { returnCode: 5 } });
    const head = await png(10, 10);
    for (const size of [IMAGE_MAX_BYTES + 1, IMAGE_MAX_BYTES + 1000, 3 * 1024 * 1024, 10 * 1024 * 1024]) {
      const padded = Buffer.concat([head, Buffer.alloc(size - head.length, 0)]);
      expect(await send(padded, 'padded.png')).toEqual({ status: 200, body: { returnCode: 5 } });
    }
    expect(await send(Buffer.from('GIF89a but not really'), 'x.gif')).toEqual({ status: 200, body: { returnCode: 5 } });
  });

  it('serves no directory listing and nothing outside the uploads', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/cdn/user/profile/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/cdn/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/cdn/../package.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/cdn/%2e%2e/%2e%2e/package.json' })).statusCode).toBe(404);
  });
});
