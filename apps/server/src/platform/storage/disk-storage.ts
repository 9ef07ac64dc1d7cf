/** Storage on the local disk under a root directory (`${DATA_DIR}/uploads`). Streams go to a temp file, then rename. */
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { checkKey, resolveRange, type Storage } from './storage';

export function diskStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    kind: 'disk',
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    },
    async putStream(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
      const out = createWriteStream(tmp, { flags: 'wx' });
      try {
        await pipeline(body, out);
        await rename(tmp, file);
        return out.bytesWritten;
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      const file = fileOf(key);
      let size: number;
      try {
        const s = await stat(file);
        if (!s.isFile()) return null;
        size = s.size;
      } catch {
        return null;
      }
      const r = resolveRange(range, size);
      const body = createReadStream(file, r ? { start: r.start, end: r.end } : {});
      return { body, size, length: r ? r.end - r.start + 1 : size, range: r };
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async check() {
      await access(root, constants.W_OK);
    },
    async close() {},
  };
}
