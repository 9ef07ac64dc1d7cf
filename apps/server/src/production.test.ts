/**
 * `npm run serve` refuses to start, one line per problem, for each piece production needs that is missing or does
 * not answer, and for a deployment file the chain disagrees with (a real anvil as chain 1001).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANVIL_KEYS, DEV_ROLE_KEYS, deployAll, startAnvil, type AnvilInstance, type Deployment } from '@att/contracts';
import { KAIROS_CHAIN_ID } from '@att/shared';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusals, serveEnv, startFailure } from './production';

let closedPort: number;
let anvil: AnvilInstance;
let d: Deployment;
const dir = mkdtempSync(path.join(tmpdir(), 'att-serve-refusals-'));
const webDist = path.join(dir, 'web');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function deploymentFile(name: string, content: object): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

/** Everything production needs, the services on a port where nothing listens (each test names what it checks). */
function env(over: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/att`,
    PUBLIC_ORIGIN: 'https://market.example.com',
    CHAIN_ID: String(KAIROS_CHAIN_ID),
    CHAIN_RPC_URL: anvil.rpcUrl,
    DEPLOYMENT_FILE: deploymentFile('good.json', d),
    VALIDATOR_KEY: DEV_ROLE_KEYS.validator,
    KEEPER_KEY: DEV_ROLE_KEYS.keeper,
    SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
    METRICS_PORT: '9464',
    WEB_DIST: webDist,
    DATA_DIR: dir,
    ...over,
  };
}

const problemsOf = async (e: Record<string, string | undefined>) => (await refusals(e)).problems;

beforeAll(async () => {
  closedPort = await freePort();
  anvil = await startAnvil({ chainId: KAIROS_CHAIN_ID });
  d = await deployAll({
    rpcUrl: anvil.rpcUrl,
    chainId: KAIROS_CHAIN_ID,
    deployerKey: ANVIL_KEYS[0],
    validator: privateKeyToAccount(DEV_ROLE_KEYS.validator).address,
    feeReceiver: privateKeyToAccount(DEV_ROLE_KEYS.feeReceiver).address,
  });
  const { mkdirSync } = await import('node:fs');
  mkdirSync(webDist, { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html>');
}, 120_000);
afterAll(async () => {
  await anvil?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run serve refuses to start', () => {
  it('names each missing production setting on a line of its own', async () => {
    const p = await problemsOf({ WEB_DIST: webDist, DATA_DIR: dir });
    expect(p).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^DATABASE_URL is not set: /),
        expect.stringMatching(/^PUBLIC_ORIGIN is not set: /),
        expect.stringMatching(/^CHAIN_ID is not set: /),
        expect.stringMatching(/^CHAIN_RPC_URL is not set: /),
        expect.stringMatching(/^DEPLOYMENT_FILE is not set: /),
        expect.stringMatching(/^VALIDATOR_KEYSTORE \(or VALIDATOR_KEY\) is not set: /),
        expect.stringMatching(/^KEEPER_KEYSTORE \(or KEEPER_KEY\) is not set: /),
        expect.stringMatching(/^SMTP_URL is not set: /),
        expect.stringMatching(/^METRICS_PORT or METRICS_TOKEN is not set/),
      ]),
    );
    expect(p.every((line) => !line.includes('\n'))).toBe(true);
  });

  it('refuses the dev chain, contracts given beside the deployment file, and a web app not built', async () => {
    expect(await problemsOf(env({ CHAIN_ID: '31337', DEPLOYMENT_FILE: undefined }))).toContain(
      'CHAIN_ID 31337 is the local dev chain (its dev wallet and demo data are for npm start)',
    );
    expect(await problemsOf(env({ CONTRACT_MARKET: d.market }))).toContain(
      'CONTRACT_MARKET is set: production reads the contracts and the start block from DEPLOYMENT_FILE only',
    );
    expect(await problemsOf(env({ WEB_DIST: path.join(dir, 'nothing') }))).toContain(
      `WEB_DIST ${path.join(dir, 'nothing')} has no index.html (run npm run build)`,
    );
  });

  it('a database that does not answer', async () => {
    expect((await problemsOf(env())).some((l) => l.startsWith('DATABASE_URL: cannot connect'))).toBe(true);
  });

  it('an SMTP server that does not answer', async () => {
    expect(
      (await problemsOf(env())).some((l) => l.startsWith(`SMTP_URL: 127.0.0.1:${closedPort} does not accept us`)),
    ).toBe(true);
  });

  it('several instances without Redis and S3, and a Redis or a bucket that does not answer', async () => {
    const p = await problemsOf(env({ INSTANCES: '2' }));
    expect(p).toContain(
      "REDIS_URL is not set: INSTANCES=2: alerts reach a member's socket on any instance only through Redis",
    );
    expect(p).toContain(
      "S3_ENDPOINT and S3_BUCKET are not set: INSTANCES=2 must share uploads (a local disk is one instance's)",
    );
    const down = await problemsOf(
      env({
        INSTANCES: '2',
        REDIS_URL: `redis://127.0.0.1:${closedPort}`,
        S3_ENDPOINT: `http://127.0.0.1:${closedPort}`,
        S3_BUCKET: 'att',
        S3_ACCESS_KEY_ID: 'x',
        S3_SECRET_ACCESS_KEY: 'y',
      }),
    );
    expect(down.some((l) => l.startsWith('REDIS_URL: cannot connect'))).toBe(true);
    expect(
      down.some((l) => l.startsWith(`S3_ENDPOINT/S3_BUCKET: bucket att at http://127.0.0.1:${closedPort} not usable`)),
    ).toBe(true);
  });

  it('a chain node that does not answer, or answers for another chain', async () => {
    expect(await problemsOf(env({ CHAIN_RPC_URL: `http://127.0.0.1:${closedPort}` }))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^CHAIN_RPC_URL: http://127.0.0.1:${closedPort} does not answer`)),
      ]),
    );
    const other = deploymentFile('other-chain.json', { ...d, chainId: 1002 });
    expect(await problemsOf(env({ CHAIN_ID: '1002', DEPLOYMENT_FILE: other }))).toContain(
      `CHAIN_RPC_URL: the node ${anvil.rpcUrl} is chain ${KAIROS_CHAIN_ID}, CHAIN_ID is 1002`,
    );
  });

  it('each node of a CHAIN_RPC_URL list, the credentials of its URL masked in the report', async () => {
    const dead = `http://user:secret@127.0.0.1:${closedPort}/v3/0123456789abcdef0123`;
    const p = await problemsOf(env({ CHAIN_RPC_URL: `${anvil.rpcUrl},${dead}` }));
    expect(p).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^CHAIN_RPC_URL: http://\\*\\*\\*:\\*\\*\\*@127.0.0.1:${closedPort}/v3/\\*\\*\\* does not answer`),
        ),
      ]),
    );
    expect(p.join('\n')).not.toContain('secret');
    expect(p.join('\n')).not.toContain('0123456789abcdef0123');
    const both = await problemsOf(env({ CHAIN_RPC_URL: `${anvil.rpcUrl}, ${anvil.rpcUrl}` }));
    expect(both.filter((l) => /^(CHAIN_RPC_URL|DEPLOYMENT_FILE)/.test(l))).toEqual([]);
  });

  it('a deployment file that disagrees with the chain', async () => {
    const good = await problemsOf(env());
    expect(
      good.filter((l) => l.startsWith('DEPLOYMENT_FILE') || l.startsWith('VALIDATOR_KEY') || l.startsWith('CHAIN')),
    ).toEqual([]);
    // For another chain id than CHAIN_ID.
    const otherChain = deploymentFile('for-1002.json', { ...d, chainId: 1002 });
    expect(await problemsOf(env({ DEPLOYMENT_FILE: otherChain }))).toContain(
      `DEPLOYMENT_FILE: ${otherChain} is for chain 1002, CHAIN_ID is ${KAIROS_CHAIN_ID}`,
    );
    // Contracts this chain does not have (a file from another network, or the chain was reset).
    const elsewhere = deploymentFile('elsewhere.json', { ...d, market: '0x00000000000000000000000000000000000000aa' });
    expect(await problemsOf(env({ DEPLOYMENT_FILE: elsewhere }))).toContain(
      `DEPLOYMENT_FILE ${elsewhere}: Market 0x00000000000000000000000000000000000000aa: no contract code on chain ${KAIROS_CHAIN_ID} (another network, or the chain was reset)`,
    );
    // Addresses swapped: contracts that are not wired as the file says.
    const swapped = deploymentFile('swapped.json', { ...d, items: d.att, att: d.items });
    const p = await problemsOf(env({ DEPLOYMENT_FILE: swapped }));
    expect(p.some((l) => l.startsWith(`DEPLOYMENT_FILE ${swapped}:`))).toBe(true);
    // A collection offer module the Market does not run (the file's address is lowercased by the reader).
    const module = deploymentFile('module.json', { ...d, marketCollectionOffers: d.marketAuctions });
    expect(await problemsOf(env({ DEPLOYMENT_FILE: module }))).toContain(
      `DEPLOYMENT_FILE ${module}: the Market runs the collection offer module ${d.marketCollectionOffers}, the file names ${d.marketAuctions!.toLowerCase()}`,
    );
    // A deployment block the chain has not reached.
    const future = deploymentFile('future.json', { ...d, deployBlock: 1_000_000 });
    expect(
      (await problemsOf(env({ DEPLOYMENT_FILE: future }))).some((l) =>
        l.includes('deployBlock 1000000 is past the chain'),
      ),
    ).toBe(true);
    // A validator key the Market does not have (rotated away).
    const rotated = await problemsOf(env({ VALIDATOR_KEY: DEV_ROLE_KEYS.keeper }));
    expect(rotated).toContain(
      `VALIDATOR_KEYSTORE (or VALIDATOR_KEY): its address ${privateKeyToAccount(DEV_ROLE_KEYS.keeper).address} is not the Market's validator ${privateKeyToAccount(DEV_ROLE_KEYS.validator).address} (rotated? use that account's key)`,
    );
  });
});

describe('a start-up mistake is one line, with no secret', () => {
  it('the deployment file defaults to DATA_DIR/deployments/<CHAIN_ID>.json, and a missing one says to deploy', async () => {
    const file = serveEnv({ CHAIN_ID: '1001', DATA_DIR: dir }).DEPLOYMENT_FILE;
    expect(file).toBe(path.join(dir, 'deployments', '1001.json'));
    expect(serveEnv({ CHAIN_ID: '1001', DATA_DIR: dir, DEPLOYMENT_FILE: '/x.json' }).DEPLOYMENT_FILE).toBe('/x.json');
    expect(await problemsOf(env({ DEPLOYMENT_FILE: file }))).toContain(
      `DEPLOYMENT_FILE: ${file}: no such file (run \`npm run deploy\`, or set DEPLOYMENT_FILE)`,
    );
  });

  it('the passwords of a database and a mail server URL never reach a refusal', async () => {
    const p = await problemsOf(
      env({
        DATABASE_URL: `postgres://att:hunter2@127.0.0.1:${closedPort}/att`,
        SMTP_URL: `smtp://mailer:hunter3@127.0.0.1:${closedPort}`,
      }),
    );
    expect(p.some((l) => l.startsWith('DATABASE_URL: cannot connect'))).toBe(true);
    expect(p.join('\n')).not.toMatch(/hunter/);
  });

  it('a chain URL with a key and no public node for browsers', async () => {
    const p = await problemsOf(
      env({
        CHAIN_ID: '1002',
        CHAIN_RPC_URL: `http://u:secret@127.0.0.1:${closedPort}`,
        DEPLOYMENT_FILE: deploymentFile('keyed-1002.json', { ...d, chainId: 1002 }),
      }),
    );
    expect(p).toContain(
      'PUBLIC_CHAIN_RPC_URL is not set: CHAIN_RPC_URL carries a key (or is not http), and browsers must get a public node',
    );
    expect(p.join('\n')).not.toContain('secret');
  });

  it('a port another server holds, and any other failure, in one line with URLs masked', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const err = await new Promise<Error>((resolve) => createServer().once('error', resolve).listen(port, '127.0.0.1'));
    taken.close();
    expect(startFailure(err)).toBe(
      `refused: port ${port} on 127.0.0.1 is in use (another server is listening there: stop it, or set PORT / METRICS_PORT)`,
    );
    expect(startFailure(new Error('migrating postgres://att:pw@db/att failed\n    at migrate (x.js:1:1)'))).toBe(
      'failed to start: migrating postgres://***:***@db/att failed',
    );
  });
});
