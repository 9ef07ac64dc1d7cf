/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, s3rver in tests). Streams go up as a
 * multipart upload in 5 MB parts, one at a time (`@aws-sdk/lib-storage`), so only a part or two of a file is
 * in memory; a failed stream aborts the multipart upload and leaves nothing behind.
 */
import type { Readable } from 'node:stream';
import {
  HeadBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, resolveRange, type Storage } from './storage';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (MinIO, s3rver); virtual-host style otherwise. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. `uploads/`. */
  prefix: string;
}

const PART_SIZE = 5 * 1024 * 1024;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export function s3Storage(opts: S3Options): Storage {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    // No checksum of every part computed in memory unless the service requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
  });
  const Bucket = opts.bucket;
  const keyOf = (key: string) => `${opts.prefix}${checkKey(key)}`;
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: data, ContentType: contentType }));
    },
    async putStream(key, body, contentType) {
      let bytes = 0;
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: body, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      // lib-storage reads the stream itself; an error on it must fail the upload (it aborts the multipart).
      const failed = new Promise<never>((_, reject) => body.once('error', reject));
      try {
        await Promise.race([upload.done(), failed]);
      } catch (err) {
        await upload.abort().catch(() => undefined);
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) })).catch(() => undefined);
        throw err;
      }
      return bytes;
    },
    async get(key, range) {
      let size: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        size = head.ContentLength ?? 0;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
      const r = resolveRange(range, size);
      const res = await client.send(
        new GetObjectCommand({ Bucket, Key: keyOf(key), ...(r ? { Range: `bytes=${r.start}-${r.end}` } : {}) }),
      );
      return { body: res.Body as Readable, size, length: r ? r.end - r.start + 1 : size, range: r };
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(3000) });
    },
    async close() {
      client.destroy();
    },
  };
}
