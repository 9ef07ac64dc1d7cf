/**
 * What `npm run serve` checks before it starts, knowing no module: the settings a production instance must have
 * (no embedded or dev default stands in for them) and that each shared service answers. Each problem is one line
 * naming the variable; the caller prints them all and refuses to start. Modules add their own checks (the chain and
 * the deployment: trading) through the same shape.
 */
import { DEV_CHAIN_ID } from '@att/shared';
import { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import pg from 'pg';
import type { AppConfig } from './config';
import { maskSecrets, maskServiceUrl } from './http/mask-url';
import { s3Storage } from './storage/s3-storage';

/** Resolves to the problems found (empty: fine). */
export type PreflightCheck = () => Promise<string[]>;

const TIMEOUT_MS = 5000;

/** Settings that have a default for `npm start` but none in production. */
export function productionRequirements(env: Record<string, string | undefined>, config: AppConfig): string[] {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  const problems: string[] = [];
  const need = (name: string, why: string) => {
    if (!set(name)) problems.push(`${name} is not set: ${why}`);
  };
  need('DATABASE_URL', 'production runs on PostgreSQL (the embedded PGlite serves one process)');
  need('PUBLIC_ORIGIN', 'the origin members use (sign-in messages, mail links)');
  need('CHAIN_ID', 'the chain the marketplace runs on (8217 Kaia, 1001 Kairos)');
  need('CHAIN_RPC_URL', "the chain nodes' JSON-RPC URLs (comma-separated, tried in order)");
  need('DEPLOYMENT_FILE', 'the file `npm run deploy` wrote (the contracts and the block the indexer starts from)');
  const needKey = (name: string, have: unknown, why: string) => {
    if (!have) problems.push(`${name}_KEYSTORE (or ${name}_KEY) is not set: ${why}`);
  };
  needKey('VALIDATOR', config.validatorKey, "the validator's key (co-signs reservations)");
  needKey(
    'KEEPER',
    config.keeperKey,
    "the keeper's key (the auction settlement job sends endAuction from it; any funded account)",
  );
  need('SMTP_URL', 'verification mails need an SMTP server (there is no dev outbox in production)');
  if (set('CHAIN_RPC_URL') && !config.publicChainRpcUrl)
    problems.push(
      'PUBLIC_CHAIN_RPC_URL is not set: CHAIN_RPC_URL carries a key (or is not http), and browsers must get a public node',
    );
  if (set('CHAIN_ID') && config.chainId === DEV_CHAIN_ID)
    problems.push(`CHAIN_ID ${DEV_CHAIN_ID} is the local dev chain (its dev wallet and demo data are for npm start)`);
  if (config.instances > 1) {
    need(
      'REDIS_URL',
      `INSTANCES=${config.instances}: alerts reach a member's socket on any instance only through Redis`,
    );
    if (!config.s3)
      problems.push(
        `S3_ENDPOINT and S3_BUCKET are not set: INSTANCES=${config.instances} must share uploads (a local disk is one instance's)`,
      );
  }
  for (const name of ['CONTRACT_ATT', 'CONTRACT_ITEMS', 'CONTRACT_MARKET', 'CHAIN_START_BLOCK']) {
    if (set(name))
      problems.push(`${name} is set: production reads the contracts and the start block from DEPLOYMENT_FILE only`);
  }
  if (config.metrics.port === undefined && !config.metrics.token)
    problems.push('METRICS_PORT or METRICS_TOKEN is not set: the metrics would not be served');
  return problems;
}

function timed<T>(what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

const firstLine = (err: unknown): string =>
  maskSecrets((err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '');

/** The shared services a production instance uses, each asked once. */
export function serviceChecks(config: AppConfig): PreflightCheck[] {
  const checks: PreflightCheck[] = [];
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    checks.push(async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: TIMEOUT_MS });
      client.on('error', () => undefined);
      try {
        await timed('DATABASE_URL', client.connect());
        const r = await client.query<{ v: number }>("SELECT current_setting('server_version_num')::int AS v");
        const v = r.rows[0]?.v ?? 0;
        return v < 150000 ? [`DATABASE_URL: PostgreSQL ${Math.floor(v / 10000)} is too old (15 or newer)`] : [];
      } catch (err) {
        return [`DATABASE_URL: cannot connect (${firstLine(err)})`];
      } finally {
        await client.end().catch(() => undefined);
      }
    });
  }
  if (config.redisUrl) {
    const url = config.redisUrl;
    checks.push(async () => {
      const redis = new Redis(url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
        connectTimeout: TIMEOUT_MS,
      });
      redis.on('error', () => undefined);
      try {
        await timed('REDIS_URL', redis.connect());
        const pong = await timed('REDIS_URL', redis.ping());
        return pong === 'PONG' ? [] : [`REDIS_URL: answered ${pong} to PING`];
      } catch (err) {
        return [`REDIS_URL: cannot connect (${firstLine(err)})`];
      } finally {
        redis.disconnect();
      }
    });
  }
  if (config.s3) {
    const s3 = config.s3;
    checks.push(async () => {
      const storage = s3Storage(s3);
      try {
        await timed('S3', storage.check());
        return [];
      } catch (err) {
        const name = (err as { name?: string }).name;
        const where = `bucket ${s3.bucket} at ${maskServiceUrl(s3.endpoint)}`;
        if (name === 'NoSuchBucket' || name === 'NotFound')
          return [
            `S3_ENDPOINT/S3_BUCKET: ${where} does not exist (create it first: the server does not create buckets)`,
          ];
        return [`S3_ENDPOINT/S3_BUCKET: ${where} not usable (${name && name !== 'Error' ? name : firstLine(err)})`];
      } finally {
        await storage.close();
      }
    });
  }
  if (config.smtpUrl) {
    const url = config.smtpUrl;
    checks.push(async () => {
      const transport = nodemailer.createTransport(url, { connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS });
      try {
        await timed('SMTP_URL', transport.verify());
        return [];
      } catch (err) {
        return [`SMTP_URL: ${new URL(url).host} does not accept us (${firstLine(err)})`];
      } finally {
        transport.close();
      }
    });
  }
  return checks;
}

/** Runs every check at once; all their problems, in order. */
export async function runPreflight(checks: readonly PreflightCheck[]): Promise<string[]> {
  const results = await Promise.all(checks.map((c) => c().catch((err: unknown) => [firstLine(err)])));
  return results.flat();
}
