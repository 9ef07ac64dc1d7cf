/**
 * The referral reward comes out of the platform fee: on a real chain, a referred member buys while the
 * Market's fee is 0.5 % and then 0 %; the referrer accrues min(1 % of the price, the fee the sale took): 0.5 %, then
 * nothing. The fee is the one the sale's log reports (what the fee receiver got), kept on the sale's history row.
 */
import { DEV_ROLE_KEYS, attAbi, chainFor, marketAbi } from '@att/contracts';
import type { ReferralEntry, ReferralSummary, TokenSymbol } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWalletClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  FEE_RECEIVER,
  chainTest,
  list,
  publish,
  testIndexer,
  trader,
  type ChainTest,
  type PurchaseData,
  type Trader,
} from '../../../../test/chain';
import { ACCRUE_JOB } from '..';

const TOKEN = 10n ** 18n;
let c: ChainTest;
let alice: Trader;
let carol: Trader;
let dave: Trader;
let indexer: ReturnType<typeof testIndexer>;

beforeAll(async () => {
  // The fee is read from the chain on every listing here (no 30 s cache): the test changes it between sales.
  c = await chainTest({ deps: { autoStartJobs: false } });
  c.t.config.trading.feeCacheMs = 0;
  alice = await trader(c, 1);
  carol = await trader(c, 3);
  dave = await trader(c, 4, { ref: carol.id });
  await Promise.all([alice.approveAll(), dave.approveAll()]);
  indexer = testIndexer(c);
}, 120_000);
afterAll(async () => c?.close());

/** The Market's owner sets the fee; the app lists at it once its cached reading has caught up. */
async function setMarketFee(bps: number) {
  const owner = createWalletClient({
    account: privateKeyToAccount(DEV_ROLE_KEYS.deployer),
    chain: chainFor(c.anvil.rpcUrl, 31337),
    transport: http(c.anvil.rpcUrl),
  });
  await c.client.waitForTransactionReceipt({
    hash: await owner.writeContract({
      address: c.d.market,
      abi: marketAbi,
      functionName: 'setMarketFee',
      args: [BigInt(bps)],
    }),
  });
  await vi.waitFor(async () => expect(await c.t.app.trading.chain.marketFee()).toBe(bps), {
    timeout: 40_000,
    interval: 500,
  });
}

const received = async (symbol: TokenSymbol) =>
  symbol === 'ATT'
    ? c.client.readContract({ address: c.d.att, abi: attAbi, functionName: 'balanceOf', args: [FEE_RECEIVER as Hex] })
    : c.client.getBalance({ address: FEE_RECEIVER as Hex });

/** Dave buys a fresh piece of alice's at `price` under the fee in force; what the fee receiver got. */
async function buy(price: bigint, symbol: TokenSymbol, feeBps: number) {
  const item = await publish(c, alice, 1);
  const { res } = await list(c, alice, item, {
    quantity: 1,
    price,
    symbol,
    feeBps,
    lazy: { editionSize: 1, royaltyBps: 500 },
  });
  expect(res.returnCode).toBe(0);
  const p = await c.t.post('/nft/instance/purchase', {
    ...dave.auth,
    instanceId: (res.body.data as { instanceId: number }).instanceId,
    quantity: 1,
  });
  expect(p.returnCode).toBe(0);
  const before = await received(symbol);
  await dave.buy(p.body.data as PurchaseData);
  await indexer.catchUp();
  return (await received(symbol)) - before;
}

const summary = async () => (await c.t.post('/referral/summary', carol.auth)).body.data as ReferralSummary;
const accrued = async (symbol: TokenSymbol) =>
  BigInt((await summary()).coins.find((x) => x.symbol === symbol)!.accrued);

describe('referral reward capped at the platform fee', () => {
  it('accrues 0.5 % of a sale under a 0.5 % fee, and nothing of a sale under no fee', async () => {
    await setMarketFee(50);
    const fee = await buy(4n * TOKEN, 'ATT', 50);
    expect(fee).toBe((4n * TOKEN * 50n) / 10_000n);
    await c.t.app.jobs.runNow(ACCRUE_JOB);
    expect(await accrued('ATT')).toBe(fee);

    await setMarketFee(0);
    expect(await buy(3n * TOKEN, 'KLAY', 0)).toBe(0n);
    await c.t.app.jobs.runNow(ACCRUE_JOB);
    expect(await accrued('KLAY')).toBe(0n);
    expect(await accrued('ATT')).toBe(fee);
    const ledger = (await c.t.post('/referral/list', carol.auth)).body.list as ReferralEntry[];
    expect(ledger.map((e) => [e.kind, e.symbol, e.amount, e.salePrice])).toEqual([
      [1, 'ATT', fee.toString(), (4n * TOKEN).toString()],
    ]);
  }, 120_000);
});
