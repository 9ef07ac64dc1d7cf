/**
 * `npm start`: the whole marketplace on embedded defaults — local chain (anvil, state in .data/chain),
 * contracts deployed once, PGlite in .data/db (or PostgreSQL via DATABASE_URL), dev outbox in .data/outbox
 * (or SMTP via SMTP_URL), demo data, the API and the built web app on one origin. Ctrl-C stops it all.
 */
import path from 'node:path';
import { DEMO_MEMBERS, DEMO_OPERATOR } from '@att/server';
import { formatTokenAmount } from '@att/shared';
import { assertPortFree } from './lib/free-port';
import { startStack } from './lib/stack';
import { ensureWebBuild, repoRoot as root, webDist } from './lib/web-build';

/** " (demo member demo_artist)" for the dev wallets that are seeded, signed-up members. */
function demoName(address: string): string {
  const m = DEMO_MEMBERS.find((d) => d.address.toLowerCase() === address.toLowerCase());
  if (m?.userName === DEMO_OPERATOR.userName && !process.env.OPERATOR_ADDRESSES) {
    return `  (demo operator ${m.userName}: signs in directly, runs the console at /admin)`;
  }
  return m ? `  (demo member ${m.userName}: signs in directly)` : '';
}

async function main() {
  const port = Number(process.env.PORT ?? 8080);
  const chainPort = Number(process.env.CHAIN_PORT ?? 8545);
  await assertPortFree(port, 'web');
  await assertPortFree(chainPort, 'chain');
  ensureWebBuild();

  const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
  console.log('Starting the local chain, database and server…');
  const stack = await startStack({
    dataDir,
    port,
    chainPort,
    persistChain: true,
    demoSupport: true,
    webDist,
    env: process.env,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    demoCatalogue: true,
  });

  const mail = process.env.SMTP_URL
    ? `SMTP (${new URL(process.env.SMTP_URL).host})`
    : `${stack.outboxDir} (links also printed below)`;
  const db = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(dataDir, 'db')}`;
  console.log(`
  ATT NFT Market is running

    Open:      ${stack.url}
    Chain:     ${stack.rpcUrl} (chain id 31337, state in ${path.join(dataDir, 'chain')})
    Contracts: ATT ${stack.deployment.att}
               Items ${stack.deployment.items}
               Market ${stack.deployment.market}
    Database:  ${db}
    Mail:      ${mail}

  Dev wallets (choose "Dev wallet" when connecting; new ones go through sign-up; each holds 10000 KLAY and ${formatTokenAmount(1_000_000n * 10n ** 18n)} ATT):
${stack.devAccounts.map((a, i) => `    #${i + 1} ${a.address}${demoName(a.address)}`).join('\n')}

  Marketplace roles (accounts of their own; no dev wallet or demo member is one):
${Object.entries(stack.roles)
  .map(([role, address]) => `    ${role.padEnd(12)} ${address}`)
  .join('\n')}

  Ctrl-C stops everything.
`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
