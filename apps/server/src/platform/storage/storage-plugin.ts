/**
 * User files: `app.storage` (local disk under `${DATA_DIR}/uploads`, or S3-compatible storage when configured)
 * and GET/HEAD `/cdn/<key>` serving them from either, with byte ranges (video seeking).
 *
 * Every file is served so that it cannot run script on our origin: its real content type (the extension was
 * chosen by the server from the content), `X-Content-Type-Options: nosniff`, and a `Content-Security-Policy`
 * with `sandbox` and no script source (an SVG opened directly stays inert). Unknown extensions are sent as
 * attachments. No directory listing; keys that are not server-made names answer 404.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { CARD_IMAGE_MIME, CDN_BASE, FILE_MIME_TYPES, ReturnCode } from '@att/shared';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { diskStorage } from './disk-storage';
import { s3Storage } from './s3-storage';
import { KEY_RE, type ByteRange, type Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const USER_FILE_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export function contentTypeOf(key: string): string | undefined {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  // WebP is never uploaded, only made by the server (card images).
  if (ext === 'webp') return CARD_IMAGE_MIME;
  return (FILE_MIME_TYPES as Record<string, string>)[ext];
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range only; several or malformed -> whole file). */
export function parseRange(header: string | undefined): ByteRange | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') return { suffix: Number(m[2]) };
  return { start: Number(m[1]), end: m[2] === '' ? undefined : Number(m[2]) };
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ returnCode: ReturnCode.BadRequest });
}

export default fp(
  async (app) => {
    const s3 = app.config.s3;
    let storage: Storage;
    if (s3) {
      storage = s3Storage(s3);
    } else {
      const root = path.join(app.config.dataDir, 'uploads');
      await mkdir(root, { recursive: true });
      storage = diskStorage(root);
    }
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close());

    app.get<{ Params: { '*': string } }>(`${CDN_BASE}/*`, async (request, reply) => {
      const key = request.params['*'];
      if (!KEY_RE.test(key)) return notFound(reply);
      const type = contentTypeOf(key);
      let object;
      try {
        object = await storage.get(key, parseRange(request.headers.range));
      } catch (err) {
        if (err instanceof RangeError) {
          return reply.code(416).header('content-range', 'bytes */*').send();
        }
        throw err;
      }
      if (!object) return notFound(reply);
      reply
        .header('content-type', type ?? 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', USER_FILE_CSP)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('accept-ranges', 'bytes')
        .header('content-length', String(object.length));
      if (!type) reply.header('content-disposition', 'attachment');
      if (object.range) {
        reply.code(206).header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
      }
      return reply.send(object.body);
    });
  },
  { name: 'storage', dependencies: ['app-config'] },
);
