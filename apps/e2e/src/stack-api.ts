/**
 * Calls a journey makes to the running stack's API (the same endpoints the web uses, no shortcut): a JSON call, an
 * upload with the session's ticket, and a small tinted PNG to upload. One home for what the specs that publish
 * their own items (marketplace, collection page, item detail) all need.
 */
import { API_BASE, uploadUrl } from '@att/shared';
import sharp from 'sharp';
import type { TestStack } from './harness';

export interface Auth {
  id: string;
  ticketId: string;
}

/** The API of `ctx.stack` (read at call time: the stack starts in the spec's beforeAll). */
export function stackApi(ctx: { stack: TestStack }) {
  return {
    async post<T = Record<string, unknown>>(path: string, body: object): Promise<T & { returnCode: number }> {
      const r = await fetch(`${ctx.stack.url}${API_BASE}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await r.json()) as T & { returnCode: number };
    },
    /** Uploads a PNG as `kind`; the stored file name, or an error naming the returnCode. */
    async upload(kind: 'logo' | 'resource', auth: Auth, file: Buffer): Promise<string> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'a.png');
      const r = await fetch(`${ctx.stack.url}${uploadUrl(kind, auth.id)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${auth.ticketId}` },
        body: form,
      });
      const json = (await r.json()) as { returnCode: number; data?: { fileName: string } };
      if (json.returnCode !== 0 || !json.data) throw new Error(`upload ${kind}: returnCode ${json.returnCode}`);
      return json.data.fileName;
    },
  };
}

/** A 320 px PNG of hue `hue` with a light rounded square: items told apart at a glance in the screenshots. */
export function tintedPng(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320">
    <rect width="100%" height="100%" fill="hsl(${hue},65%,50%)"/>
    <rect x="80" y="80" width="160" height="160" rx="40" fill="white" opacity="0.45"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
