/**
 * One storage interface for user files, two implementations: the local disk (`disk-storage.ts`, the embedded
 * default) and S3-compatible object storage (`s3-storage.ts`, when S3_ENDPOINT/S3_BUCKET are set).
 *
 * Keys are server-made relative paths like `item/resource/<random>.mp4`: lowercase folders, a random stem and
 * an extension. Anything else (dots, `..`, slashes at the ends, upper case, NUL) is refused before it reaches
 * a file system or a bucket, so a path traversal cannot be expressed.
 */
import type { Readable } from 'node:stream';

/** `{start, end?}` (end inclusive, absent = to the end) or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface StoredObject {
  body: Readable;
  /** Bytes in `body`. */
  length: number;
  /** Size of the whole object. */
  size: number;
  /** The range served, when one was asked and is satisfiable. */
  range?: { start: number; end: number };
}

export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores a small file held in memory (images up to 10 MB). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Streams a file to storage without holding it whole (item resources up to 100 MB). If `body` errors (the
   * size limit, a dropped connection) nothing is left behind and the promise rejects with that error.
   * Resolves to the number of bytes stored.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** Reads a file, or a byte range of it; null when it does not exist. Throws RangeError for an unsatisfiable range. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  remove(key: string): Promise<void>;
  /** Rejects when the storage cannot be used (the bucket unreachable or gone, the directory not writable): readiness. */
  check(): Promise<void>;
  close(): Promise<void>;
}

export const KEY_RE = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function checkKey(key: string): string {
  if (!KEY_RE.test(key) || key.length > 200) throw new Error(`bad storage key ${JSON.stringify(key)}`);
  return key;
}

/** The inclusive byte range to serve of an object of `size` bytes; RangeError when it cannot be served. */
export function resolveRange(range: ByteRange | undefined, size: number): { start: number; end: number } | undefined {
  if (!range) return undefined;
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) throw new RangeError('range not satisfiable');
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (range.start >= size || range.start > end) throw new RangeError('range not satisfiable');
  return { start: range.start, end };
}
