/**
 * `npm run rotate-keys -- --rpc URL [--deployment FILE] [--validator ADDRESS | --validator-keystore FILE]
 *  [--fee-receiver ADDRESS] [--keeper ADDRESS] [--keystore FILE] [--yes]`
 *
 * `--validator-keystore`: the new validator is the address of that keystore (`npm run keystore -- --new`), the file
 * the servers will be given as VALIDATOR_KEYSTORE.
 *
 * The contract owner replaces the validator (a leaked validator key is revoked by `setValidator`, never by changing
 * the Kaia account's key) or the fee receiver. It prints every change (current -> new) first and sends nothing
 * unless the operator answers yes (or passes --yes), then reads each setting back. The keeper has no on-chain role
 * (anyone may call `endAuction`): rotating it means giving the servers another KEEPER_KEY, which this command says
 * and does not do. After a validator rotation, restart the servers with the new VALIDATOR_KEY: until then their
 * reservations carry the old key's signature, which the Market refuses (the buyer's transaction reverts; the pieces
 * come free again when the reservation ends). `npm run serve` refuses a VALIDATOR_KEY the Market does not have.
 * The Market holds one validator (`setValidator` replaces it): there is no window in which both keys are accepted.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { applySettings, planSettings, readSettings, settingProblems, type MarketSettings } from '@att/contracts';
import { addressFrom, CommandError, confirm, deploymentPath, readDeploymentFile, runCommand } from './command';
import { connect, ownerKey } from './owner-wallet';
import { printPlan } from './plan';

/** The address a keystore file names (0x-prefixed), undefined without a file. */
function keystoreAddress(file: string | undefined): string | undefined {
  if (!file) return undefined;
  let address: unknown;
  try {
    address = (JSON.parse(readFileSync(file, 'utf8')) as { address?: unknown }).address;
  } catch {
    throw new CommandError(`--validator-keystore ${file}: not a readable JSON keystore`);
  }
  if (typeof address !== 'string') throw new CommandError(`--validator-keystore ${file}: names no address`);
  return address.startsWith('0x') ? address : `0x${address}`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      rpc: { type: 'string' },
      deployment: { type: 'string' },
      validator: { type: 'string' },
      'validator-keystore': { type: 'string' },
      'fee-receiver': { type: 'string' },
      keeper: { type: 'string' },
      keystore: { type: 'string' },
      yes: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.validator && values['validator-keystore'])
    throw new CommandError('pass --validator or --validator-keystore, not both');
  const validator = addressFrom('--validator', values.validator ?? keystoreAddress(values['validator-keystore']));
  const feeReceiver = addressFrom('--fee-receiver', values['fee-receiver']);
  const keeper = addressFrom('--keeper', values.keeper);
  if (!values.rpc || (!validator && !feeReceiver && !keeper)) {
    throw new CommandError(
      'usage: npm run rotate-keys -- --rpc URL [--validator ADDRESS | --validator-keystore FILE] [--fee-receiver ADDRESS] [--keeper ADDRESS] [--deployment FILE] [--yes]',
    );
  }
  const key = await ownerKey(process.env, values.keystore);
  const { chainId, pub, wallet } = await connect(values.rpc, key);
  const file = deploymentPath(chainId, values.deployment);
  const d = readDeploymentFile(file);
  if (!d) throw new CommandError(`no deployment file ${file}`);
  if (d.chainId !== chainId) throw new CommandError(`${file} is for chain ${d.chainId}, the node is chain ${chainId}`);

  const now = await readSettings(pub, d, []);
  const want: MarketSettings = {
    validator: validator ?? now.validator,
    feeReceiver: feeReceiver ?? now.feeReceiver,
    feeBps: now.feeBps,
    tokens: [],
    metadataUri: now.metadataUri,
  };
  const changes = planSettings(d, now, want);
  if (keeper) {
    console.log(
      `keeper -> ${keeper}: no on-chain role (endAuction is open to anyone); set the servers' KEEPER_KEY to this account's key and restart them one at a time`,
    );
  }
  if (changes.length === 0) {
    console.log('on chain: nothing to change');
    return;
  }
  printPlan(changes);
  if (now.marketOwner !== wallet.account!.address)
    throw new CommandError(
      `the Market's owner is ${now.marketOwner}, not ${wallet.account!.address}: send the calls above from the owner`,
    );
  if (!(await confirm(`Send ${changes.length} transaction(s) from ${wallet.account!.address}?`, values.yes))) {
    throw new CommandError('nothing sent (answer yes, or pass --yes)');
  }
  await applySettings(pub, wallet, changes);
  const problems = settingProblems(d, await readSettings(pub, d, []), want);
  if (problems.length > 0) throw new CommandError(`read back from the chain:\n  ${problems.join('\n  ')}`);
  console.log(`done: ${changes.map((c) => `${c.setting} ${c.to}`).join(', ')}`);
  if (validator)
    console.log(
      `now restart the servers one at a time with VALIDATOR_KEYSTORE=${values['validator-keystore'] ?? '<the new keystore>'} (npm run serve refuses a key the Market does not have)`,
    );
}

runCommand(main);
