/**
 * An S3-compatible server for tests: the one named by S3_ENDPOINT/S3_BUCKET (CI starts one), or else an s3rver
 * started here on a free port with a throwaway directory, so `npm test` alone covers both storage backends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Options } from '../src/platform/storage/s3-storage';

export interface TestS3 {
  options: S3Options;
  close(): Promise<void>;
}

export function s3FromEnv(env = process.env): S3Options | undefined {
  if (!env.S3_ENDPOINT || !env.S3_BUCKET) return undefined;
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? 'S3RVER',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? 'S3RVER',
    forcePathStyle: true,
    prefix: `test-${process.pid}/`,
  };
}

export async function startS3(): Promise<TestS3> {
  const given = s3FromEnv();
  if (given) return { options: given, close: async () => {} };
  const directory = await mkdtemp(path.join(tmpdir(), 'att-s3rver-'));
  const bucket = 'att-test';
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    options: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
