/**
 * Test helpers: the app on a fresh database per test file (in-memory PGlite; or, when DATABASE_URL is set, a
 * new database `test_<random>` on that server, dropped afterwards), a capturing mailer, and wallets that sign
 * real EIP-4361 messages with viem.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, AUTH_TYPE, type RoutePath, type SiweParams } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app';
import { loadConfig, type AppConfig } from '../src/platform/config';
import { PGLITE_EXTENSIONS } from '../src/platform/db/connection';
import { createDb, type Db } from '../src/modules/schema';
import { type SiweOverrides, signInMessage } from '@att/shared/api/sign-in-message';
import { scratchDatabase } from '../../../scripts/lib/scratch-database';
import type { Mailer } from '../src/platform/mail/mailer';
import type { Mail } from '../src/platform/mail/mail';

export const PUBLIC_ORIGIN = 'http://localhost:8080';

export interface Reply {
  statusCode: number;
  returnCode: number;
  body: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  dataDir: string;
  /** Mails sent through the capturing mailer (when the test did not pass its own). */
  mails: (Mail & { meta?: Record<string, string> })[];
  post(path: RoutePath | string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  close(): Promise<void>;
}

let template: Blob | undefined;

/**
 * The run's migrated PGlite template (global-setup); in a test's child process, the one its parent passed in
 * TEST_PGLITE_TEMPLATE; none outside a test run (a bench): the app then migrates.
 */
function templateFile(): string {
  try {
    return inject('pgliteTemplate');
  } catch {
    return process.env.TEST_PGLITE_TEMPLATE ?? '';
  }
}

/** The run's migrated PostgreSQL template database (global-setup); none outside a test run or in a child process. */
function templateDatabase(): string {
  try {
    return inject('pgTemplateDatabase');
  } catch {
    return '';
  }
}

/**
 * A fresh database: PostgreSQL (a new database on DATABASE_URL's server) or in-memory PGlite, either one a copy of the
 * run's migrated template (see global-setup) unless `empty` is asked for.
 */
export async function freshDb(
  opts: { empty?: boolean } = {},
): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const file = opts.empty ? '' : templateFile();
    if (file && !template) template = new Blob([new Uint8Array(await readFile(file))]);
    const db =
      file && template
        ? createDb({ pglite: new PGlite({ loadDataDir: template, extensions: PGLITE_EXTENSIONS }) })
        : createDb();
    return { db, drop: () => db.destroy() };
  }
  const scratch = await scratchDatabase(serverUrl, 'test', opts.empty ? undefined : templateDatabase() || undefined);
  const db = createDb({ databaseUrl: scratch.url, poolMax: 4 });
  return {
    db,
    url: scratch.url,
    drop: async () => {
      await db.destroy();
      await scratch.drop();
    },
  };
}

let channels = 0;

/** The config of another instance of `config`'s marketplace on Redis: its key prefix and alert channel. */
export const sameRedis = (config: AppConfig): Partial<AppConfig> => ({
  redisPrefix: config.redisPrefix,
  redisAlertsChannel: config.redisAlertsChannel,
});

export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '0',
      PUBLIC_ORIGIN,
      REDIS_URL: process.env.REDIS_URL,
      // Each app its own Redis namespace: the parallel test apps on one Redis must not get each other's alerts nor
      // share a rate count (a test of two instances passes the first one's `sameRedis` to the second).
      REDIS_PREFIX: `att:test:${process.pid}:${++channels}:${randomBytes(4).toString('hex')}`,
      // CI's second run sets these: every upload of the suite then goes to S3.
      S3_ENDPOINT: process.env.S3_ENDPOINT,
      S3_BUCKET: process.env.S3_BUCKET,
      S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY,
      S3_PREFIX: process.env.S3_ENDPOINT ? `test-${process.pid}/` : undefined,
      CONTRACT_ATT: '0x1111111111111111111111111111111111111111',
      CONTRACT_ITEMS: '0x2222222222222222222222222222222222222222',
      CONTRACT_MARKET: '0x3333333333333333333333333333333333333333',
      // Tests that need the chain start the indexer themselves (test/chain.ts).
      INDEXER: 'off',
    }),
    checkReplies: true,
    // Every inject comes from 127.0.0.1: the per-client and global mail quotas have their own tests.
    mailQuota: { perClient: 0, global: 0 },
    ...overrides,
  };
}

export async function buildTestApp(
  opts: {
    config?: Partial<AppConfig>;
    deps?: AppDeps;
    /** use SMTP_URL / the dev outbox, not the capture */ realMailer?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'att-server-test-'));
  const { db, drop } = await freshDb();
  const mails: TestApp['mails'] = [];
  const capture: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
    close() {},
  };
  const config = testConfig(dataDir, opts.config);
  const app = await buildApp(config, { db, ...(opts.realMailer ? {} : { mailer: capture }), ...opts.deps });
  await app.ready();
  return {
    app,
    db,
    config,
    dataDir,
    mails,
    async post(p, body, headers = {}) {
      const res = await app.inject({
        method: 'POST',
        url: `${API_BASE}${p}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: body === undefined ? '' : JSON.stringify(body),
      });
      const parsed = JSON.parse(res.body) as Record<string, unknown>;
      return { statusCode: res.statusCode, returnCode: parsed.returnCode as number, body: parsed };
    },
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Wallet {
  account: PrivateKeyAccount;
  /** Lowercase address, as the server stores it. */
  address: `0x${string}`;
}

export function newWallet(): Wallet {
  const account = privateKeyToAccount(generatePrivateKey());
  return { account, address: account.address.toLowerCase() as `0x${string}` };
}

let nameCounter = 0;
/** A unique, valid user name (5-45 characters). */
export function uniqueName(prefix = 'user'): string {
  nameCounter += 1;
  return `${prefix}_${process.pid}_${nameCounter}_${Math.random().toString(36).slice(2, 6)}`;
}

export interface SignedBody {
  authType: typeof AUTH_TYPE;
  address: `0x${string}`;
  message: string;
  signature: Hex;
}

/** Asks the server for a nonce and signs the EIP-4361 message the web would build. */
export async function signedBody(
  t: TestApp,
  w: Wallet,
  overrides: SiweOverrides = {},
  signer?: Wallet,
): Promise<SignedBody> {
  const r = await t.post('/ticket/nonce', { address: w.address });
  if (r.returnCode !== 0) throw new Error(`nonce failed: ${r.returnCode}`);
  const message = signInMessage(w.account.address, r.body.data as SiweParams, overrides);
  const signature = await (signer ?? w).account.signMessage({ message });
  return { authType: AUTH_TYPE, address: w.address, message, signature };
}

export function signUpFields(overrides: Record<string, unknown> = {}) {
  const id = uniqueName();
  return {
    id,
    email: `${id.replace(/[^a-z0-9]/gi, '').slice(0, 30)}@example.com`,
    lang: 'ko',
    aboutMe: 'hello',
    agreeAge: true,
    agreeTerms: true,
    agreePrivacy: true,
    ...overrides,
  };
}

/** The code in the last mail's link /EmailVerify/{email}/{cert}/{address}. */
export function certFromLink(link: string): { email: string; cert: string; address: string } {
  const m = /\/EmailVerify\/([^/]+)\/([^/]+)\/(0x[0-9a-f]{40})$/.exec(link);
  if (!m) throw new Error(`not a verification link: ${link}`);
  return { email: decodeURIComponent(m[1]!), cert: decodeURIComponent(m[2]!), address: m[3]! };
}

export function lastLink(t: TestApp): string {
  const mail = t.mails.at(-1);
  const link = mail?.meta?.link;
  if (!link) throw new Error('no mail sent');
  return link;
}

/** Signs up and verifies the e-mail: a complete member. */
export async function registerMember(t: TestApp, w: Wallet = newWallet(), overrides: Record<string, unknown> = {}) {
  const fields = signUpFields(overrides);
  const up = await t.post('/cert/email/register/request', { ...(await signedBody(t, w)), ...fields });
  if (up.returnCode !== 0) throw new Error(`sign-up failed: ${up.returnCode}`);
  const { email, cert } = certFromLink(lastLink(t));
  const check = await t.post('/emailVerify/register/check', { ...(await signedBody(t, w)), email, cert });
  if (check.returnCode !== 0) throw new Error(`verification failed: ${check.returnCode}`);
  return { wallet: w, id: fields.id as string, email: fields.email as string };
}

/** A registered member with a ticket. */
export async function loggedIn(t: TestApp, w: Wallet = newWallet(), signUp: Record<string, unknown> = {}) {
  const member = await registerMember(t, w, signUp);
  const r = await t.post('/ticket/request', await signedBody(t, w));
  if (r.returnCode !== 0) throw new Error(`sign-in failed: ${r.returnCode}`);
  const data = r.body.data as { id: string; ticketId: string };
  return { ...member, ticketId: data.ticketId, auth: { id: data.id, ticketId: data.ticketId } };
}

/** The member index of the member with this wallet. */
export async function memberIdxOf(t: TestApp, m: { wallet: Wallet }): Promise<number> {
  const row = await t.db
    .selectFrom('members')
    .select('member_idx')
    .where('address', '=', m.wallet.address)
    .executeTakeFirstOrThrow();
  return row.member_idx;
}
