/**
 * Upload helpers for tests: a multipart body builder, files of every accepted type (images made with sharp,
 * audio/video as real headers of their container), and an upload call against the app.
 */
import { randomBytes } from 'node:crypto';
import { API_BASE, uploadUrl, type UploadPathKind } from '@att/shared';
import sharp from 'sharp';
import { pcmWav } from '../src/demo/pcm-wav';
import type { TestApp } from './helper';

export function multipart(file: Buffer, opts: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = `----att${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'file.bin'}"\r\n` +
      `Content-Type: ${opts.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    head,
    tail,
    boundary,
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export const png = (w = 64, h = 64, color = { r: 200, g: 30, b: 90 }) =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();
export const jpeg = (w = 64, h = 64) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
export const gif = (w = 32, h = 32) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 0, g: 200, b: 0 } } })
    .gif()
    .toBuffer();

/** An ISO BMFF file: ftyp (isom) then an mdat box of `bytes` bytes. */
export function mp4(bytes = 2048): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
  ]);
  const mdat = Buffer.alloc(8 + bytes);
  mdat.writeUInt32BE(8 + bytes, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}
export function webm(): Buffer {
  // EBML header with DocType "webm", then filler.
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
    Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
    randomBytes(1024),
  ]);
}
/** A real PCM WAV: `ms` of a sine tone. */
export function wav(ms = 200, hz = 440): Buffer {
  const rate = 8000;
  const samples = Math.round((rate * ms) / 1000);
  return pcmWav(
    rate,
    Array.from({ length: samples }, (_, i) => Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 8000)),
  );
}
export const mp3 = () =>
  Buffer.concat([
    Buffer.from('ID3'),
    Buffer.from([3, 0, 0, 0, 0, 0, 0]),
    Buffer.from([0xff, 0xfb, 0x90, 0x64]),
    randomBytes(1024),
  ]);
export const ogg = () => Buffer.concat([Buffer.from('OggS'), Buffer.from([0, 2]), randomBytes(1024)]);
export const svg = (body = '<circle cx="5" cy="5" r="4" fill="red"/>') =>
  Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${body}</svg>`);
export const html = () =>
  Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

export interface Auth {
  id: string;
  ticketId: string;
}

export interface UploadResult {
  statusCode: number;
  returnCode: number;
  data?: { fileName: string; fileFormat: string; resourceType: number };
}

export async function upload(
  t: TestApp,
  auth: Auth,
  kind: UploadPathKind,
  file: Buffer,
  opts: { filename?: string; field?: string; type?: string; url?: string } = {},
): Promise<UploadResult> {
  const body = multipart(file, opts);
  const res = await t.app.inject({
    method: 'POST',
    url: opts.url ?? uploadUrl(kind, auth.id, auth.ticketId),
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
  const parsed = JSON.parse(res.body) as { returnCode: number; data?: UploadResult['data'] };
  return { statusCode: res.statusCode, returnCode: parsed.returnCode, data: parsed.data };
}

/** Uploads and returns the file name, failing loudly otherwise. */
export async function uploaded(t: TestApp, auth: Auth, kind: UploadPathKind, file: Buffer): Promise<string> {
  const r = await upload(t, auth, kind, file);
  if (r.returnCode !== 0 || !r.data) throw new Error(`upload ${kind} failed: ${r.returnCode}`);
  return r.data.fileName;
}

export { API_BASE };
