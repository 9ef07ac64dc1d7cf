/**
 * `npm run deploy -- --rpc URL [--keystore FILE] [--deploy-att] [--chain-id N] [--out FILE] [--yes]`
 *
 * Deploys Items, the auction module and the Market to any EVM chain (Kairos, Kaia, a local anvil) with the owner's
 * key (`DEPLOYER_KEY` or a keystore file), on an existing ATT token (`ATT_ADDRESS`; one is deployed only with
 * `--deploy-att`), seals the Items minter list (`deployAll`), then brings the owner settings to the configuration
 * (validator, fee receiver, fee, allowed tokens, metadata URI), printing each change before it is sent, reads every
 * setting back and writes the deployment file the server reads (`DEPLOYMENT_FILE`). Against a network that already
 * has the file's contracts it deploys nothing and sends only the settings that differ: a second run changes nothing.
 *
 * Configuration (environment): VALIDATOR_ADDRESS, FEE_RECEIVER (required); ATT_ADDRESS; PLATFORM_FEE_BPS (250);
 * METADATA_URI or PUBLIC_ORIGIN (the server's metadata endpoint); ALLOWED_TOKENS (more ERC-20s, comma-separated);
 * RAISE_BPS, AUCTION_DELAY (left as deployed when unset); KEEPER_ADDRESS (printed: the keeper has no on-chain role).
 */
import { parseArgs } from 'node:util';
import {
  applySettings,
  deployAll,
  missingCode,
  planSettings,
  readSettings,
  settingProblems,
  type Deployment,
  type MarketSettings,
} from '@att/contracts';
import { MAIN_NET_CHAIN_ID } from '@att/shared';
import { erc20Abi, type Address, type PublicClient } from 'viem';
import {
  CommandError,
  confirm,
  deploymentPath,
  integerFrom,
  readDeploymentFile,
  runCommand,
  writeDeploymentFile,
} from './command';
import { deployEnv } from './deploy-config';
import { connect, ownerKey } from './owner-wallet';
import { printPlan } from './plan';

/** An existing token must be a contract answering as an 18-decimal ERC-20. */
async function checkToken(pub: PublicClient, token: Address): Promise<string> {
  const code = await pub.getCode({ address: token });
  if (!code || code === '0x') throw new CommandError(`ATT_ADDRESS ${token}: no contract there on this chain`);
  try {
    const [symbol, decimals] = await Promise.all([
      pub.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
      pub.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
    ]);
    if (decimals !== 18)
      throw new CommandError(`ATT_ADDRESS ${token}: ${decimals} decimals, the marketplace prices in 18`);
    return symbol;
  } catch (err) {
    if (err instanceof CommandError) throw err;
    throw new CommandError(`ATT_ADDRESS ${token}: does not answer symbol()/decimals() as an ERC-20`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      rpc: { type: 'string' },
      keystore: { type: 'string' },
      'deploy-att': { type: 'boolean', default: false },
      'chain-id': { type: 'string' },
      out: { type: 'string' },
      yes: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.rpc)
    throw new CommandError(
      'usage: npm run deploy -- --rpc URL [--keystore FILE] [--deploy-att] [--chain-id N] [--out FILE] [--yes]',
    );
  const cfg = deployEnv(process.env);
  const key = await ownerKey(process.env, values.keystore);
  const { chainId, pub, wallet } = await connect(
    values.rpc,
    key,
    integerFrom('--chain-id', values['chain-id'], 1, Number.MAX_SAFE_INTEGER),
  );
  const owner = wallet.account!.address;
  const file = deploymentPath(chainId, values.out);
  console.log(`chain ${chainId} at ${values.rpc}; owner ${owner}; deployment file ${file}`);

  let d = readDeploymentFile(file);
  if (d) {
    if (d.chainId !== chainId)
      throw new CommandError(`${file} is for chain ${d.chainId}, the node is chain ${chainId}`);
    const missing = await missingCode(pub, d);
    if (missing.length > 0) {
      throw new CommandError(
        `${file} names contracts this chain does not have (${missing.join('; ')}): move the file away to deploy anew`,
      );
    }
    if (cfg.att && cfg.att.toLowerCase() !== d.att.toLowerCase())
      throw new CommandError(`ATT_ADDRESS ${cfg.att} differs from the deployed Market's ATT ${d.att}`);
    console.log(
      `deployed already: Items ${d.items}, Market ${d.market} (from block ${d.deployBlock}); nothing is deployed`,
    );
  } else {
    if (!cfg.att && !values['deploy-att']) {
      throw new CommandError(
        'set ATT_ADDRESS to the existing ATT token, or pass --deploy-att to deploy a new one (never on Kaia mainnet)',
      );
    }
    if (!cfg.att && chainId === MAIN_NET_CHAIN_ID)
      throw new CommandError('Kaia mainnet has its ATT token: set ATT_ADDRESS');
    if (cfg.att) console.log(`ATT: ${await checkToken(pub, cfg.att)} at ${cfg.att}`);
    const balance = await pub.getBalance({ address: owner });
    if (balance === 0n) throw new CommandError(`the owner ${owner} has no coin for gas on chain ${chainId}`);
    console.log(`deploying ${cfg.att ? '' : 'ATT, '}Items, the collection offer and auction modules and the Market…`);
    d = await deployAll({
      rpcUrl: values.rpc,
      chainId,
      deployerKey: key,
      att: cfg.att,
      validator: cfg.settings.validator,
      feeReceiver: cfg.settings.feeReceiver,
      platformFeeBps: cfg.settings.feeBps,
      metadataUri: cfg.settings.metadataUri,
    });
    writeDeploymentFile(file, d);
    console.log(
      `deployed: ATT ${d.att}, Items ${d.items}, MarketCollectionOffers ${d.marketCollectionOffers}, MarketAuctions ${d.marketAuctions}, Market ${d.market} (block ${d.deployBlock}); minter list sealed`,
    );
  }

  const want: MarketSettings = { ...cfg.settings, tokens: [d.att, ...cfg.settings.extraTokens] };
  const changes = planSettings(d, await readSettings(pub, d, want.tokens), want);
  if (changes.length === 0) {
    console.log('settings: as configured, nothing to change');
  } else {
    printPlan(changes);
    const current = await readSettings(pub, d, want.tokens);
    if (
      current.marketOwner !== owner ||
      (changes.some((c) => c.contract === 'Items') && current.itemsOwner !== owner)
    ) {
      throw new CommandError(
        `the owner is ${current.marketOwner} (Items ${current.itemsOwner}), not ${owner}: send the calls above from the owner`,
      );
    }
    if (!(await confirm(`Send ${changes.length} transaction(s)?`, values.yes)))
      throw new CommandError('nothing sent (pass --yes to send without asking)');
    await applySettings(pub, wallet, changes);
  }
  await verify(pub, d, want);
  if (writeDeploymentFile(file, d)) console.log(`wrote ${file}`);
  const keeper = cfg.keeper ? ` (${cfg.keeper})` : '';
  console.log(
    `keeper${keeper}: the Market has no keeper role (endAuction is open to anyone); the keeper is the account the servers' settlement job sends from: set their KEEPER_KEY`,
  );
}

/** Reads every setting back; any difference is a failure. */
async function verify(pub: PublicClient, d: Deployment, want: MarketSettings): Promise<void> {
  const problems = settingProblems(d, await readSettings(pub, d, want.tokens), want);
  if (problems.length > 0) throw new CommandError(`read back from the chain:\n  ${problems.join('\n  ')}`);
  console.log(
    `verified on chain: validator ${want.validator}, fee receiver ${want.feeReceiver}, fee ${want.feeBps} bps, tokens ${want.tokens.join(', ')}, metadata ${want.metadataUri}, Market the only sealed minter`,
  );
}

runCommand(main);
