/**
 * File storage on local disk under `${DATA_DIR}/uploads`, served read-only at /cdn (no directory listing).
 * Keys are relative paths like `user/profile/<name>`; names are made by the server, never by the client.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CDN_BASE } from '@att/shared';
import fp from 'fastify-plugin';

export interface Storage {
  root: string;
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
}

const KEY_RE = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\/[a-z0-9]+\.[a-z0-9]+$/;

export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!KEY_RE.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    root,
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export default fp(
  async (app) => {
    const root = path.join(app.config.dataDir, 'uploads');
    await mkdir(root, { recursive: true });
    app.decorate('storage', diskStorage(root));
    await app.register(fastifyStatic, {
      root,
      prefix: `${CDN_BASE}/`,
      list: false,
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
    });
  },
  { name: 'storage', dependencies: ['app-config'] },
);
