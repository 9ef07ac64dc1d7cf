/**
 * Server configuration, parsed from the environment with zod. A missing default is filled in; a malformed
 * value stops the start with a message naming the variable (never the string "undefined" by accident).
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CDN_BASE, CHAIN_PUBLIC_RPC, DEV_CHAIN_ID, explorerOf, KAIROS_CHAIN_ID, MAIN_NET_CHAIN_ID } from '@att/shared';
import { ConfigError } from './config-error';
import { rpcUrlsSchema } from './chain/rpc-urls';
import { maskServiceUrl } from './http/mask-url';
import { readDeploymentFile } from './deployment-file';
import { keyFromEnv } from './key-files';
import type { S3Options } from './storage/s3-storage';
import { z } from 'zod';

export { ConfigError };
export type Address = `0x${string}`;
export const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

/** Addresses of the deployed contracts (ATT token, item ERC-1155, Market). */
export interface ContractAddresses {
  att: Address;
  items: Address;
  market: Address;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Origin the users see, e.g. https://market.example.com. SIWE domain = its host; mail links use it. */
  publicOrigin: string;
  /** Root of local state: PGlite in `db/`, uploads in `uploads/`, dev mails in `outbox/`. */
  dataDir: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /**
   * PostgreSQL connections: `DATABASE_POOL_SIZE` pooled ones for the requests and jobs (default 10), and on
   * `DATABASE_DIRECT_URL` (default DATABASE_URL) the session work a transaction-mode pooler cannot carry: the jobs
   * lease's connection and the LISTEN connections (3 in all).
   */
  database: { directUrl?: string; poolSize: number };
  /** Redis for the alert fan-out between instances; in-process when absent. */
  redisUrl?: string;
  /**
   * `REDIS_PREFIX`: the start of every Redis key and channel of this marketplace (default `att`; the rate limits'
   * counts under `PREFIX:rate:`). The instances of one marketplace share it; marketplaces (and the tests' apps) that
   * share a Redis each take their own. Absent while REDIS_ALERTS_CHANNEL is set: that channel, as before.
   */
  redisPrefix: string;
  /** `REDIS_ALERTS_CHANNEL`: the pub/sub channel of the alert fan-out (default `PREFIX:alerts`). */
  redisAlertsChannel: string;
  /** nodemailer SMTP URL; when absent mails go to the dev outbox and the link is logged. */
  smtpUrl?: string;
  mailFrom: string;
  chainId: number;
  /** `CHAIN_RPC_URL`, comma-separated: the nodes tried in order; the first is the one the browser is given. */
  chainRpcUrls: string[];
  /**
   * `PUBLIC_CHAIN_RPC_URL`: the node browsers read (the front configuration, the CSP). Default: Kaia's public node on
   * 8217 and 1001, else the first CHAIN_RPC_URL when it carries no key; none otherwise (`npm run serve` refuses).
   */
  publicChainRpcUrl?: string;
  /** Block explorer base URL (klayScanUrl of /config/front): `CHAIN_EXPLORER_URL`, else the chain's (`explorerOf`). */
  chainExplorerUrl: string;
  contracts: ContractAddresses;
  /** Platform fee as a decimal percent string, e.g. "2.5". */
  platformFee: string;
  /** Directory of the built SPA; served with an index.html fallback when set. */
  webDist?: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Requests per minute per client IP on the API; 0 turns the limit off. */
  rateLimitMax: number;
  /** Extra origins allowed by CORS (the public origin always is; on the dev chain any localhost origin too). */
  corsOrigins: string[];
  /**
   * Trust X-Forwarded-For from proxies: false, a hop count (the client is that many proxies back), or the proxy
   * addresses/CIDRs. Never `true` (then anyone picks their IP with the header and walks past per-IP limits).
   */
  trustProxy: false | number | string[];
  /** Verification mails per client (IP) and overall per hour; 0 turns that quota off. */
  mailQuota: { perClient: number; global: number };
  /** S3-compatible storage for uploads (S3_ENDPOINT and S3_BUCKET set); local disk under dataDir/uploads otherwise. */
  s3?: S3Options;
  /**
   * Base URL the browser loads user files from (`cdnUrl`): CDN_URL (absolute) when set, else `/cdn` on whatever
   * host name the page was opened under (served by this app).
   */
  cdnUrl: string;
  /** Wallets (lowercase) allowed into the operator console (`OPERATOR_ADDRESSES`, comma-separated). */
  operatorAddresses: ReadonlySet<string>;
  /** Validate every reply against the shared reply schema (tests turn it on; a mismatch is a 101 and a log). */
  checkReplies: boolean;
  /** The validator's key (`VALIDATOR_KEYSTORE` and its password, or `VALIDATOR_KEY`; platform/key-files.ts): co-signs reservations and transfers; trading endpoints answer 100 without it. */
  validatorKey?: `0x${string}`;
  /** The keeper's key (`KEEPER_KEYSTORE` or `KEEPER_KEY`): the account the settlement job sends `endAuction` from (the Market has no keeper role; anyone may settle). */
  keeperKey?: `0x${string}`;
  /** The payout wallet's key (`PAYOUT_KEYSTORE` or `PAYOUT_KEY`): referral payouts are sent from it, and nothing else is. */
  payoutKey?: `0x${string}`;
  /** `DEPLOYMENT_FILE`: the deployment `npm run deploy` wrote; its addresses and block are the contracts and the indexer's start. */
  deployment?: { file: string; marketAuctions?: Address; marketCollectionOffers?: Address; deployBlock: number };
  /** Prometheus metrics: on their own port (`METRICS_PORT`, `METRICS_HOST`) and/or at `/metrics` behind `METRICS_TOKEN`. */
  metrics: { port?: number; host: string; token?: string };
  /** Readiness: the indexer may trail the chain's head by this many blocks (`READY_MAX_LAG_BLOCKS`); a job failing this many times in a row makes the instance unready (`READY_JOB_FAILURES`). */
  ready: { maxLagBlocks: number; jobFailures: number };
  /** Graceful shutdown: unready for `SHUTDOWN_DRAIN_MS` (the balancer stops sending), then close, forced after `SHUTDOWN_TIMEOUT_MS`. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** `INSTANCES`: how many API instances share the database; above 1, `npm run serve` requires Redis and S3. */
  instances: number;
  /**
   * `ROLE` (or `npm run serve -- --role`): `web` serves HTTP and the alert sockets and runs no jobs; `worker` runs the
   * leader-gated jobs (indexer, keeper, alert dispatch, payouts, sweeps) and serves only /healthz, /readyz and
   * /metrics; `all` (default) both.
   */
  role: 'all' | 'web' | 'worker';
  /** Trading chain settings: where the indexer starts, how many confirmations, whether it runs, reservation life. */
  trading: {
    /** `CHAIN_START_BLOCK`: the deployment block (default 0). */
    startBlock: number;
    /** `INDEXER_CONFIRMATIONS`: by default 0 on Kaia (8217, 1001: a block is final at once) and the dev chain, 1 elsewhere. */
    confirmations: number;
    /** `INDEXER` on/off; default on when a Market address is configured. */
    indexer: boolean;
    /** `INDEXER_POLL_MS`: how often the indexer and scheduler look (default 500 ms on the dev chain, 1000 else). */
    pollMs: number;
    /**
     * `INDEXER_WS`: where the indexer hears of new blocks at once (`eth_subscribe newHeads`), besides its poll:
     * `auto` (default) the RPC URL when it is ws(s)://, else its ws twin on the same host and port (anvil's), given
     * up when that does not connect; a ws(s):// URL; `off` (or absent): the poll alone.
     */
    ws?: 'auto' | 'off' | string;
    /** `RESERVATION_SECONDS`: how long a buyer's reservation (and a transfer permit) holds the pieces (default 300: two wallet confirmations, the ATT allowance and `buyNft`, fit well inside it). */
    reservationSeconds: number;
    /** `MARKET_FEE_CACHE_MS`: how long the Market's fee, read from the chain, is reused (default 30 s). */
    feeCacheMs?: number;
    /** `KEEPER=off`: the auction keeper job stays unregistered (members settle from the item page); the local dev chain only (trading-plugin.ts). */
    keeperOff?: boolean;
  };
}

/** Chains whose blocks are final once made (Kaia's BFT consensus; the dev chain is ours): a log needs no confirmation. */
const FINAL_AT_ONCE: readonly number[] = [MAIN_NET_CHAIN_ID, KAIROS_CHAIN_ID, DEV_CHAIN_ID];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
  .transform((a) => a.toLowerCase() as Address);

const urlSchema = z.url({ protocol: /^(https?|wss?|smtps?)$/ });
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const redisNameSchema = z.string().regex(/^[A-Za-z0-9:._-]{1,100}$/, 'must be 1-100 letters, digits or : . _ -');

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(8080),
  HOST: optional(z.string()).default('127.0.0.1'),
  PUBLIC_ORIGIN: optional(urlSchema),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  DATABASE_DIRECT_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(500)).default(10),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL')),
  REDIS_PREFIX: optional(redisNameSchema),
  REDIS_ALERTS_CHANNEL: optional(redisNameSchema),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string()).default('ATT NFT Market <no-reply@localhost>'),
  CHAIN_ID: optional(z.coerce.number().int().positive()).default(DEV_CHAIN_ID),
  CHAIN_RPC_URL: optional(rpcUrlsSchema).default(['http://127.0.0.1:8545']),
  PUBLIC_CHAIN_RPC_URL: optional(z.url({ protocol: /^https?$/ })),
  CHAIN_EXPLORER_URL: optional(urlSchema),
  CONTRACT_ATT: optional(addressSchema),
  CONTRACT_ITEMS: optional(addressSchema),
  CONTRACT_MARKET: optional(addressSchema),
  PLATFORM_FEE: optional(z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percent like 2.5')).default('2.5'),
  WEB_DIST: optional(z.string()),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
  RATE_LIMIT_MAX: optional(z.coerce.number().int().min(0)).default(600),
  CORS_ORIGINS: optional(z.string()),
  TRUST_PROXY: optional(
    z.string().refine((v) => parseTrustProxy(v) !== undefined, {
      message:
        'must be false, a hop count (e.g. 1) or a comma list of proxy IPs/CIDRs; true is refused (anyone could pick their IP)',
    }),
  ).default('false'),
  MAIL_QUOTA_PER_CLIENT: optional(z.coerce.number().int().min(0)).default(10),
  MAIL_QUOTA_GLOBAL: optional(z.coerce.number().int().min(0)).default(500),
  S3_ENDPOINT: optional(urlSchema),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')),
  S3_REGION: optional(z.string()).default('us-east-1'),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'])).default('true'),
  S3_PREFIX: optional(z.string().regex(/^([a-z0-9_-]+\/)*$/, 'must be like uploads/ (lowercase, ends with /)')).default(
    '',
  ),
  CDN_URL: optional(urlSchema),
  VALIDATOR_KEY: optional(z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex key')),
  KEEPER_KEY: optional(z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex key')),
  PAYOUT_KEY: optional(z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex key')),
  DEPLOYMENT_FILE: optional(z.string()),
  METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  METRICS_HOST: optional(z.string()),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  READY_MAX_LAG_BLOCKS: optional(z.coerce.number().int().min(0)).default(50),
  READY_JOB_FAILURES: optional(z.coerce.number().int().min(1)).default(3),
  SHUTDOWN_DRAIN_MS: optional(z.coerce.number().int().min(0).max(600_000)).default(0),
  SHUTDOWN_TIMEOUT_MS: optional(z.coerce.number().int().min(1000).max(600_000)).default(30_000),
  INSTANCES: optional(z.coerce.number().int().min(1).max(1000)).default(1),
  ROLE: optional(z.enum(['all', 'web', 'worker'])).default('all'),
  CHAIN_START_BLOCK: optional(z.coerce.number().int().min(0)),
  INDEXER_CONFIRMATIONS: optional(z.coerce.number().int().min(0).max(1000)),
  INDEXER: optional(z.enum(['on', 'off'])),
  KEEPER: optional(z.enum(['on', 'off'])),
  INDEXER_POLL_MS: optional(z.coerce.number().int().min(10).max(60_000)),
  INDEXER_WS: optional(z.union([z.enum(['auto', 'off']), z.url({ protocol: /^wss?$/ })])).default('auto'),
  RESERVATION_SECONDS: optional(z.coerce.number().int().min(30).max(86_400)).default(300),
  MARKET_FEE_CACHE_MS: optional(z.coerce.number().int().min(0).max(3_600_000)).default(30_000),
  OPERATOR_ADDRESSES: optional(
    z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(z.array(addressSchema)),
  ),
});

/** `false`, a hop count 1-20, or a list of IPs/CIDRs; undefined when malformed (or `true`). */
export function parseTrustProxy(raw: string): false | number | string[] | undefined {
  const v = raw.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 20 ? hops : undefined;
  }
  const parts = v.split(',').map((p) => p.trim());
  const ok = parts.every((p) => {
    const [ip, bits, ...rest] = p.split('/');
    if (rest.length > 0 || !ip) return false;
    const family = isIP(ip);
    if (family === 0) return false;
    if (bits === undefined) return true;
    if (!/^\d{1,3}$/.test(bits)) return false;
    return Number(bits) <= (family === 4 ? 32 : 128);
  });
  return ok && parts.length > 0 ? parts : undefined;
}

/** Parses the environment into an AppConfig; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.S3_ENDPOINT) !== Boolean(e.S3_BUCKET)) {
    throw new ConfigError('Invalid environment:\n  S3_ENDPOINT and S3_BUCKET must be set together');
  }
  const deployment = e.DEPLOYMENT_FILE ? readDeploymentFile(path.resolve(e.DEPLOYMENT_FILE), e) : undefined;
  const port = e.PORT;
  const publicOrigin = new URL(e.PUBLIC_ORIGIN ?? `http://localhost:${port || 8080}`).origin;
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(repoRoot, '.data'));
  const redisPrefix = e.REDIS_PREFIX ?? e.REDIS_ALERTS_CHANNEL ?? 'att';
  return {
    port,
    host: e.HOST,
    publicOrigin,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    database: { directUrl: e.DATABASE_DIRECT_URL ?? e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE },
    redisUrl: e.REDIS_URL,
    redisPrefix,
    redisAlertsChannel: e.REDIS_ALERTS_CHANNEL ?? `${redisPrefix}:alerts`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    chainId: e.CHAIN_ID,
    chainRpcUrls: e.CHAIN_RPC_URL,
    publicChainRpcUrl:
      e.PUBLIC_CHAIN_RPC_URL ??
      CHAIN_PUBLIC_RPC[e.CHAIN_ID] ??
      [e.CHAIN_RPC_URL[0]!].find((u) => maskServiceUrl(u) === u && /^https?:/.test(u)),
    chainExplorerUrl: (e.CHAIN_EXPLORER_URL ?? explorerOf(e.CHAIN_ID)).replace(/\/$/, ''),
    contracts: deployment?.contracts ?? {
      att: e.CONTRACT_ATT ?? ZERO_ADDRESS,
      items: e.CONTRACT_ITEMS ?? ZERO_ADDRESS,
      market: e.CONTRACT_MARKET ?? ZERO_ADDRESS,
    },
    platformFee: e.PLATFORM_FEE,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    mailQuota: { perClient: e.MAIL_QUOTA_PER_CLIENT, global: e.MAIL_QUOTA_GLOBAL },
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            prefix: e.S3_PREFIX,
          }
        : undefined,
    cdnUrl: (e.CDN_URL ?? CDN_BASE).replace(/\/$/, ''),
    operatorAddresses: new Set(e.OPERATOR_ADDRESSES ?? []),
    checkReplies: false,
    validatorKey: keyFromEnv(env, 'VALIDATOR', e.VALIDATOR_KEY),
    keeperKey: keyFromEnv(env, 'KEEPER', e.KEEPER_KEY),
    payoutKey: keyFromEnv(env, 'PAYOUT', e.PAYOUT_KEY),
    deployment: deployment && {
      file: deployment.file,
      marketAuctions: deployment.marketAuctions,
      marketCollectionOffers: deployment.marketCollectionOffers,
      deployBlock: deployment.deployBlock,
    },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST, token: e.METRICS_TOKEN },
    ready: { maxLagBlocks: e.READY_MAX_LAG_BLOCKS, jobFailures: e.READY_JOB_FAILURES },
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    instances: e.INSTANCES,
    role: e.ROLE,
    trading: {
      startBlock: e.CHAIN_START_BLOCK ?? deployment?.deployBlock ?? 0,
      confirmations: e.INDEXER_CONFIRMATIONS ?? (FINAL_AT_ONCE.includes(e.CHAIN_ID) ? 0 : 1),
      indexer: e.INDEXER ? e.INDEXER === 'on' : Boolean(e.CONTRACT_MARKET ?? deployment),
      pollMs: e.INDEXER_POLL_MS ?? (e.CHAIN_ID === DEV_CHAIN_ID ? 500 : 1000),
      ws: e.INDEXER_WS,
      reservationSeconds: e.RESERVATION_SECONDS,
      feeCacheMs: e.MARKET_FEE_CACHE_MS,
      keeperOff: e.KEEPER === 'off',
    },
  };
}
