/**
 * The local stack in one call: anvil (local chain) -> contracts deployed once -> database migrated and seeded
 * -> API server serving the built web app. Used by `npm start` and by the E2E journeys, so both run the same
 * real parts.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ANVIL_KEYS,
  DEV_ROLE_KEYS,
  chainFor,
  deployAll,
  marketAbi,
  isDeployed,
  readDeployment,
  startAnvil,
  writeDeployment,
  type Deployment,
  type DevRole,
} from '@att/contracts';
import {
  buildApp,
  type Db,
  DEMO_MEMBERS,
  enqueueAlert,
  DEMO_OPERATOR,
  loadConfig,
  metadataUri,
  seed,
  seedCurationDemo,
  seedDemoCatalogue,
  seedDemoTrades,
  seedSupportDemo,
} from '@att/server';
import { DEV_CHAIN_ID } from '@att/shared';
import { freePort } from './free-port';
import { syncMetadataUri } from './metadata-uri';

export interface StackOptions {
  /** Where the chain state, database, uploads and outbox live. */
  dataDir: string;
  /** API/web port; 0 or omitted picks a free one. */
  port?: number;
  /** anvil port; 0 picks a free one. */
  chainPort?: number;
  /** Keep the chain across restarts (`.data/chain/state.json`); tests use a throwaway chain. */
  persistChain?: boolean;
  /** Built web app to serve; omitted = API only. */
  webDist?: string;
  /** Extra environment for the server (DATABASE_URL, REDIS_URL, SMTP_URL, ...). */
  env?: Record<string, string | undefined>;
  /** Demo ATT minted to each dev account. */
  demoAtt?: bigint;
  logLevel?: string;
  /** Seed the demo members (verified accounts of dev wallets #8-#10); `npm start` does, tests may not. */
  demoMembers?: boolean;
  /** Seed demo notices (two of them popups) and FAQ entries; `npm start` does, journeys that need them ask. */
  demoSupport?: boolean;
  /** Seed the demo catalogue (9 collections, 324 items by the demo members); `npm start` does. */
  demoCatalogue?: boolean;
  /** Seed the demo home curation sections (also done with demoCatalogue). */
  demoCuration?: boolean;
}

const DEMO_MEDIA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo-media');

/** Short clips shipped with the repository (recorded from a canvas animation with Chromium's MediaRecorder). */
function demoMedia() {
  const read = (name: string) => readFileSync(path.join(DEMO_MEDIA_DIR, name));
  return {
    videos: [
      { format: 'webm' as const, data: read('clip.webm') },
      { format: 'mp4' as const, data: read('clip.mp4') },
    ],
    audio: [{ format: 'webm' as const, data: read('tune.webm') }],
  };
}

export interface Stack {
  url: string;
  rpcUrl: string;
  deployment: Deployment;
  /** The dev accounts (anvil's well-known keys) with ATT: the wallets a newcomer can use. */
  devAccounts: { address: `0x${string}`; privateKey: `0x${string}` }[];
  /** The marketplace's own accounts (deployer, validator, fee receiver, keeper, operator): no dev wallet is one. */
  roles: Record<DevRole, `0x${string}`>;
  outboxDir: string;
  /** Queues a real-time alert for `address` in the outbox and dispatches it (what trade finalization does). */
  publishAlert(address: string, msg: { type: 1 | 2 | 3 | 4 | 5 | 6; productIdx: number }): Promise<void>;
  /** Runs a registered job now (`app.jobs.runNow`): the journeys' trigger of jobs that run monthly or hourly
   * (`referral.payouts`). In-process only; the HTTP API has no such door. */
  runJob(name: string): Promise<void>;
  /** Time moves on by `seconds` for the chain and the server alike: anvil's clock (`evm_increaseTime`, then a block
   * mined) and the app's (`now`, which every job and expiry reads). Signed-in tickets may run out with it. */
  timePasses(seconds: number): Promise<void>;
  /** The stack's database (tests arrange rows with it). */
  db: Db;
  stop(): Promise<void>;
}

/** The marketplace's roles are accounts of their own (anvil mnemonic 10-14), never a dev wallet or demo member. */
const DEPLOYER_KEY = DEV_ROLE_KEYS.deployer;
const VALIDATOR_KEY = DEV_ROLE_KEYS.validator;
const ROLE_BALANCE = 10_000n * 10n ** 18n;

const roleAddresses = () =>
  Object.fromEntries(
    Object.entries(DEV_ROLE_KEYS).map(([role, key]) => [role, privateKeyToAccount(key).address]),
  ) as Record<DevRole, `0x${string}`>;

/** anvil funds only the ten dev wallets: give each role account gas money (only when it has none). */
async function fundRoles(rpcUrl: string, roles: Record<DevRole, `0x${string}`>): Promise<void> {
  const pub = createPublicClient({ chain: chainFor(rpcUrl, DEV_CHAIN_ID), transport: http(rpcUrl), cacheTime: 0 });
  for (const address of Object.values(roles)) {
    if ((await pub.getBalance({ address })) > 0n) continue;
    await pub.request({
      method: 'anvil_setBalance' as never,
      params: [address, `0x${ROLE_BALANCE.toString(16)}`] as never,
    });
  }
}

/** A kept chain deployed before the role accounts (validator = a demo member) is stale: deploy again. */
async function hasValidator(rpcUrl: string, d: Deployment, validator: `0x${string}`): Promise<boolean> {
  const pub = createPublicClient({ chain: chainFor(rpcUrl, DEV_CHAIN_ID), transport: http(rpcUrl), cacheTime: 0 });
  const current = await pub
    .readContract({ address: d.market, abi: marketAbi, functionName: 'validator' })
    .catch(() => undefined);
  return current?.toLowerCase() === validator.toLowerCase();
}

/**
 * Times the steps of a start or a stop. A step still running after WATCH_MS is printed with its name while it runs
 * (a start that never ends names the step it hangs in), and a start or stop slower than SLOW_MS prints every step's
 * seconds, so a slow run on a loaded CI machine says where its time went (STACK_TIMING=1: always).
 */
const WATCH_MS = 30_000;
const SLOW_MS = process.env.STACK_TIMING ? 0 : 30_000;
function stepTimer(what: string) {
  const t0 = Date.now();
  const steps: string[] = [];
  return {
    async step<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const t = Date.now();
      const watch = setInterval(
        () => console.log(`${what}: still in "${name}" after ${((Date.now() - t) / 1000).toFixed(0)} s`),
        WATCH_MS,
      );
      watch.unref();
      try {
        return await fn();
      } finally {
        clearInterval(watch);
        steps.push(`${name} ${((Date.now() - t) / 1000).toFixed(1)} s`);
      }
    },
    done() {
      const ms = Date.now() - t0;
      if (ms > SLOW_MS) console.log(`${what} took ${(ms / 1000).toFixed(1)} s: ${steps.join(', ')}`);
    },
  };
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const timer = stepTimer('stack start');
  const dataDir = path.resolve(opts.dataDir);
  const chainDir = path.join(dataDir, 'chain');
  mkdirSync(chainDir, { recursive: true });

  const port = opts.port || (await freePort());
  const anvil = await timer.step('anvil', () =>
    startAnvil({
      port: opts.chainPort ?? 0,
      chainId: DEV_CHAIN_ID,
      stateFile: opts.persistChain ? path.join(chainDir, 'state.json') : undefined,
      silent: true,
    }),
  );
  const stopAll: [string, () => Promise<void>][] = [['anvil stop', () => anvil.stop()]];
  const stop = async () => {
    const t = stepTimer('stack stop');
    for (const [name, fn] of stopAll.reverse()) await t.step(name, fn).catch(() => undefined);
    t.done();
  };

  try {
    const devAccounts = ANVIL_KEYS.map((privateKey) => ({
      privateKey: privateKey as `0x${string}`,
      address: privateKeyToAccount(privateKey as `0x${string}`).address,
    }));

    const publicOrigin = new URL(opts.env?.PUBLIC_ORIGIN ?? `http://localhost:${port}`).origin;
    const itemsUri = metadataUri({ publicOrigin });
    const roles = roleAddresses();
    await timer.step('fund roles', () => fundRoles(anvil.rpcUrl, roles));
    let deployment = opts.persistChain && existsSync(chainDir) ? readDeployment(chainDir, DEV_CHAIN_ID) : undefined;
    if (
      !deployment ||
      !(await isDeployed(anvil.rpcUrl, deployment)) ||
      !(await hasValidator(anvil.rpcUrl, deployment, roles.validator))
    ) {
      deployment = await timer.step('deploy', () =>
        deployAll({
          rpcUrl: anvil.rpcUrl,
          chainId: DEV_CHAIN_ID,
          deployerKey: DEPLOYER_KEY,
          metadataUri: itemsUri,
          validator: roles.validator,
          feeReceiver: roles.feeReceiver,
          attInitialHolders: devAccounts.map((a) => ({
            address: a.address,
            amount: opts.demoAtt ?? 1_000_000n * 10n ** 18n,
          })),
        }),
      );
      writeDeployment(chainDir, deployment);
    }
    // A chain kept from a start on another port or host: point the metadata at this origin.
    const items = deployment.items;
    await timer.step('metadata uri', () =>
      syncMetadataUri({ rpcUrl: anvil.rpcUrl, chainId: DEV_CHAIN_ID, items, ownerKey: DEPLOYER_KEY, uri: itemsUri }),
    );

    const config = loadConfig({
      ...process.env,
      ...opts.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      CHAIN_ID: String(DEV_CHAIN_ID),
      CHAIN_RPC_URL: anvil.rpcUrl,
      CONTRACT_ATT: deployment.att,
      CONTRACT_ITEMS: deployment.items,
      CONTRACT_MARKET: deployment.market,
      CHAIN_START_BLOCK: String(deployment.deployBlock),
      VALIDATOR_KEY,
      KEEPER_KEY: DEV_ROLE_KEYS.keeper,
      WEB_DIST: opts.webDist,
      LOG_LEVEL: opts.logLevel ?? opts.env?.LOG_LEVEL ?? 'warn',
      // The sign-in domain and the links in mails: the origin the browser uses.
      PUBLIC_ORIGIN: publicOrigin,
      // A stack is a marketplace of its own: with REDIS_URL its alerts and rate limits share no Redis keys with
      // another stack's (the parallel E2E stacks of one run), unless a prefix is named.
      REDIS_PREFIX: opts.env?.REDIS_PREFIX ?? process.env.REDIS_PREFIX ?? `att:${path.basename(dataDir)}`,
      REDIS_ALERTS_CHANNEL: opts.env?.REDIS_ALERTS_CHANNEL ?? process.env.REDIS_ALERTS_CHANNEL,
      // The operator console's allow-list: the seeded demo operator unless configured.
      OPERATOR_ADDRESSES: opts.env?.OPERATOR_ADDRESSES ?? process.env.OPERATOR_ADDRESSES ?? DEMO_OPERATOR.address,
    });
    // The app's clock: the wall clock, plus whatever `timePasses` has moved on.
    let aheadMs = 0;
    const app = await timer.step('app (database, migrations)', () =>
      buildApp(config, { now: () => new Date(Date.now() + aheadMs) }),
    );
    stopAll.push(['app close', () => app.close()]);
    if (opts.demoMembers ?? true) await timer.step('demo members', () => seed(app.db, { members: DEMO_MEMBERS }));
    if (opts.demoCatalogue) {
      const t0 = Date.now();
      const r = await timer.step('demo catalogue', () => seedDemoCatalogue(app, DEMO_MEMBERS, demoMedia()));
      if (r.collections > 0) {
        console.log(
          `Demo catalogue: ${r.collections} collections, ${r.items} items in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
        );
      }
      // Real trades on the local chain through the endpoints; the indexer writes their history.
      const t1 = Date.now();
      const trades = await timer.step('demo trades', () =>
        seedDemoTrades(app, { keys: devAccounts.map((a) => a.privateKey) }),
      );
      if (!trades.skipped) {
        console.log(
          `Demo trades: ${trades.sales} sales, ${trades.transfers} transfers, ${trades.listed} listings in ${((Date.now() - t1) / 1000).toFixed(1)} s`,
        );
      }
    }
    if (opts.demoSupport) await timer.step('demo support', () => seedSupportDemo(app.db));
    if (opts.demoCatalogue || opts.demoCuration) await timer.step('demo curation', () => seedCurationDemo(app.db));
    await timer.step('listen', () => app.listen({ port, host: '127.0.0.1' }));
    timer.done();
    const url = `http://localhost:${port}`;

    return {
      url,
      rpcUrl: anvil.rpcUrl,
      deployment,
      devAccounts,
      roles,
      outboxDir: path.join(dataDir, 'outbox'),
      // Through the outbox and its dispatcher, as a producer's alert goes (numbered, replayable).
      async publishAlert(address, msg) {
        await enqueueAlert(app.db, { address, ...msg });
        await app.jobs.runNow('alerts.dispatch');
      },
      runJob: (name) => app.jobs.runNow(name),
      async timePasses(seconds) {
        const pub = createPublicClient({
          chain: chainFor(anvil.rpcUrl, DEV_CHAIN_ID),
          transport: http(anvil.rpcUrl),
          cacheTime: 0,
        });
        await pub.request({ method: 'evm_increaseTime' as never, params: [seconds] as never });
        await pub.request({ method: 'evm_mine' as never, params: [] as never });
        aheadMs += seconds * 1000;
      },
      db: app.db,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
