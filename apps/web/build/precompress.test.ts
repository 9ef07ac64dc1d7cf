import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip variants of text files that decompress to the original', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'att-precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const js = `export const x = ${JSON.stringify('abc'.repeat(2000))};`;
    await writeFile(path.join(dir, 'assets', 'index-Ab12Cd34.js'), js);
    await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>hello</p>'.repeat(200)}`);
    await writeFile(path.join(dir, 'tiny.js'), 'x');
    await writeFile(path.join(dir, 'photo.png'), Buffer.alloc(5000, 7));

    const results = await precompressDir(dir);

    const jsFile = path.join(dir, 'assets', 'index-Ab12Cd34.js');
    expect(brotliDecompressSync(await readFile(`${jsFile}.br`)).toString()).toBe(js);
    expect(gunzipSync(await readFile(`${jsFile}.gz`)).toString()).toBe(js);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    // Too small to gain, and not text: left alone.
    expect(existsSync(path.join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'photo.png.br'))).toBe(false);
    const entry = results.find((r) => r.file === path.join('assets', 'index-Ab12Cd34.js'));
    expect(entry?.br).toBeLessThan(js.length / 10);
  });
});
