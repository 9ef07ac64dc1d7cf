/**
 * Precompression at build: beside each text file of the output (JS, CSS, HTML, SVG, JSON) the build writes
 * `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9), so the server sends compressed bytes without
 * spending CPU per request. A variant is written only when it is smaller than the file; tiny files are skipped
 * (their headers would outweigh the gain).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
// Below this a compressed copy saves less than a packet's headers; above it, even a small chunk of the first load
// (the runtime, a shared slider) is sent compressed (a variant is kept only when it is smaller).
const MIN_BYTES = 256;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressResult {
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}

/** Writes the .br and .gz variants of every compressible file under dir. */
export async function precompressDir(dir: string): Promise<PrecompressResult[]> {
  const jobs: Promise<PrecompressResult>[] = [];
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        const data = await readFile(file);
        const result: PrecompressResult = { file: path.relative(dir, file), bytes: data.length };
        if (data.length < MIN_BYTES) return result;
        const [br, gzipped] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gz(data, { level: 9 }),
        ]);
        if (br.length < data.length) {
          await writeFile(`${file}.br`, br);
          result.br = br.length;
        }
        if (gzipped.length < data.length) {
          await writeFile(`${file}.gz`, gzipped);
          result.gzip = gzipped.length;
        }
        return result;
      })(),
    );
  }
  return Promise.all(jobs);
}

/** The Vite plugin: precompresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'att-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const results = await precompressDir(outDir);
      const written = results.filter((r) => r.br !== undefined || r.gzip !== undefined).length;
      this.info?.(`precompressed ${written} files (.br, .gz) in ${outDir}`);
    },
  };
}
