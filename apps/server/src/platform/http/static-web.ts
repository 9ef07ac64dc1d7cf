/**
 * Serves the built web app (WEB_DIST): the brotli or gzip file the build wrote beside each text asset
 * (`app-x1y2.js.br`, `.gz`) to a client whose Accept-Encoding names it, the plain file to any other, always with
 * `Vary: Accept-Encoding`. Files whose name carries the build's content hash (`/assets/name-<hash>.ext`) never
 * change under their name, so they are cached for a year as immutable; everything else (index.html, favicon)
 * is revalidated on every use so a deploy shows at once.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Vite names hashed output `assets/<name>-<8+ chars of base64url hash>.<ext>` (plus `.map`, `.br`, `.gz`). */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.map)?(\.br|\.gz)?$/;

/** The Cache-Control of a file of the build, by its path on disk. */
export function cacheControlFor(file: string): string {
  return HASHED_ASSET.test(file) ? IMMUTABLE : REVALIDATE;
}

export async function registerStaticWeb(app: FastifyInstance, opts: { root: string; serveSourceMaps: boolean }) {
  // setHeaders can only write to the raw response, where a Vary the reply holds (cors: Origin) would replace
  // it at writeHead: merge the two for the files served here (the only replies with a raw Vary).
  app.addHook('onSend', async (_request, reply, payload) => {
    const raw = reply.raw.getHeader('vary');
    if (typeof raw !== 'string') return payload;
    const held = reply.getHeader('vary');
    if (typeof held === 'string' && !/accept-encoding/i.test(held)) reply.header('vary', `${held}, ${raw}`);
    else if (held === undefined) reply.header('vary', raw);
    return payload;
  });
  await app.register(fastifyStatic, {
    root: path.resolve(opts.root),
    prefix: '/',
    index: ['index.html'],
    list: false,
    preCompressed: true,
    // Our own Cache-Control below instead of send's `max-age=0`.
    cacheControl: false,
    // Source maps are for developers on the dev chain; a real deployment (or NODE_ENV=production) serves none.
    allowedPath: (pathName) => opts.serveSourceMaps || !pathName.endsWith('.map'),
    setHeaders: (res, file) => {
      res.setHeader('cache-control', cacheControlFor(file));
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
}
