/**
 * The production topology, started as an operator starts it: the server built (`npm run build -w @att/server`), a
 * second anvil as "the network" (chain 1001), the contracts deployed by `npm run deploy` only, HAProxy in front,
 * then two `npm run serve` instances at once (the migrations run once, under kysely's lock) sharing one PostgreSQL
 * database, Redis and S3, and an SMTP server for the verification mails. With `workers`, the two behind HAProxy are
 * `ROLE=web` and that many `ROLE=worker` instances beside them run the jobs (not behind the balancer).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ANVIL_KEYS, chainFor, startAnvil, type Deployment } from '@att/contracts';
import { KAIROS_CHAIN_ID } from '@att/shared';
import { createPublicClient, http, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ensureWebBuild, webDist } from '../../../../scripts/lib/web-build';
import { repoRoot } from '../../src/command';
import { runNpm } from '../run-command';
import { faultProxy, type FaultProxy } from './fault-proxy';
import { startInstance } from './instance';
import { freePort, freshDatabase, haproxy, redis, s3, smtp, until } from './services';

export type Stack = Awaited<ReturnType<typeof startStack>>;

const [ownerKey, validatorKey, feeKey, keeperKey] = ANVIL_KEYS.slice(0, 4) as Hex[];

function buildServer(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build', '-w', '@att/server'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build -w @att/server: ${code}\n${stderr}`)),
    );
  });
}

/** A proxy in front of each shared service the instances use (`faults`), to fail it without touching the real one. */
export interface Faults {
  database: FaultProxy;
  redis: FaultProxy;
  chain: FaultProxy;
}

/** `url` through `proxy`: the same URL with the proxy's host and port. */
const via = (url: string, proxy: FaultProxy) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString().replace(/\/$/, '');
};
const target = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) };
};

export async function startStack(
  dir: string,
  databaseServerUrl: string,
  opts: { faults?: boolean; env?: Record<string, string>; workers?: number } = {},
) {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };
  try {
    await buildServer();
    // The production web build, as `npm run build` makes it (built here only when its sources changed since).
    ensureWebBuild();

    const ports = { a: await freePort(), b: await freePort() };
    const lb = await haproxy([
      { name: 'a', port: ports.a },
      { name: 'b', port: ports.b },
    ]);
    stops.push(lb.stop);

    const anvil = await startAnvil({ chainId: KAIROS_CHAIN_ID, port: await freePort() });
    stops.push(() => anvil.stop());
    const file = path.join(dir, 'deployment.json');
    const deploy = await runNpm('deploy', ['--rpc', anvil.rpcUrl, '--deploy-att', '--out', file], {
      DEPLOYER_KEY: ownerKey,
      VALIDATOR_ADDRESS: privateKeyToAccount(validatorKey!).address,
      FEE_RECEIVER: privateKeyToAccount(feeKey!).address,
      PUBLIC_ORIGIN: lb.url,
    });
    if (deploy.code !== 0) throw new Error(`npm run deploy: ${deploy.stderr}`);
    const d = JSON.parse(readFileSync(file, 'utf8')) as Deployment;

    const db = await freshDatabase(databaseServerUrl);
    stops.push(db.drop);
    const r = await redis(dir);
    stops.push(r.stop);
    const bucket = await s3(dir);
    stops.push(bucket.stop);
    const mail = await smtp();
    stops.push(mail.stop);

    let faults: Faults | undefined;
    if (opts.faults) {
      faults = {
        database: await faultProxy(target(db.url), await freePort()),
        redis: await faultProxy(target(r.url), await freePort()),
        chain: await faultProxy(target(anvil.rpcUrl), await freePort()),
      };
      const all = Object.values(faults);
      stops.push(async () => Promise.all(all.map((f) => f.close())));
    }
    const env: Record<string, string> = {
      DATABASE_URL: faults ? via(db.url, faults.database) : db.url,
      REDIS_URL: faults ? via(r.url, faults.redis) : r.url,
      ...bucket.env,
      SMTP_URL: mail.url,
      MAIL_FROM: 'market@example.com',
      PUBLIC_ORIGIN: lb.url,
      CHAIN_ID: String(KAIROS_CHAIN_ID),
      CHAIN_RPC_URL: faults ? via(anvil.rpcUrl, faults.chain) : anvil.rpcUrl,
      DEPLOYMENT_FILE: file,
      VALIDATOR_KEY: validatorKey!,
      KEEPER_KEY: keeperKey!,
      INSTANCES: '2',
      // Kaia's blocks are final at once; anvil mines one per transaction.
      INDEXER_CONFIRMATIONS: '0',
      INDEXER_POLL_MS: '250',
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_MAX: '100000',
      SHUTDOWN_DRAIN_MS: '1000',
      WEB_DIST: webDist,
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
      ...opts.env,
    };
    const roles = opts.workers ? { web: { ...env, ROLE: 'web' }, worker: { ...env, ROLE: 'worker' } } : undefined;
    const workerPorts = await Promise.all(Array.from({ length: opts.workers ?? 0 }, () => freePort()));
    const [instances, workers] = await Promise.all([
      Promise.all([
        startInstance('a', ports.a, dir, roles?.web ?? env),
        startInstance('b', ports.b, dir, roles?.web ?? env),
      ]),
      Promise.all(workerPorts.map((port, n) => startInstance(`worker${n + 1}`, port, dir, roles!.worker))),
    ]);
    stops.push(async () => {
      for (const i of [...instances, ...workers]) i.signal('SIGKILL');
      await Promise.all([...instances, ...workers].map((i) => i.exited));
    });
    await until(
      'HAProxy to see both instances UP',
      async () => (await lb.servers()).every((s) => s.status === 'UP') || undefined,
      30_000,
      200,
    );

    const pub = createPublicClient({
      chain: chainFor(anvil.rpcUrl, KAIROS_CHAIN_ID),
      transport: http(anvil.rpcUrl),
      cacheTime: 0,
    }) as PublicClient;
    /** The instances that run the jobs: the workers, else the two served ones. */
    const jobRunners = () => (workers.length > 0 ? workers : instances);
    /** The instance holding the jobs leader lock (indexer, alert dispatch, keeper), once exactly one does. */
    const leader = () =>
      until(
        'exactly one leader',
        async () => {
          const runners = jobRunners().filter((i) => i.running());
          const leads = await Promise.all(runners.map((i) => i.leads()));
          return leads.filter(Boolean).length === 1 ? runners[leads.indexOf(true)] : undefined;
        },
        20_000,
      );
    /** Each killed instance (and worker) started again, until HAProxy sees both UP. */
    const restartKilled = async () => {
      for (const [n, i] of workers.entries())
        if (!i.running()) workers[n] = await startInstance(i.name, i.port, dir, roles!.worker);
      for (const [n, i] of instances.entries())
        if (!i.running()) instances[n] = await startInstance(i.name, i.port, dir, roles?.web ?? env);
      await until(
        'HAProxy to see both instances UP again',
        async () => (await lb.servers()).every((st) => st.status === 'UP') || undefined,
        30_000,
        200,
      );
    };
    return { lb, anvil, d, pub, db, env, faults, mails: mail.mails, instances, workers, leader, restartKilled, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
