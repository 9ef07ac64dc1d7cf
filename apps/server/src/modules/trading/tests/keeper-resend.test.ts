/**
 * The keeper and a settlement it sent: while the transaction is pending it is not sent again; once a reorg takes
 * it away (the node no longer knows it) the next run sends it again at once, and the auction is settled again
 * within 5 s of the new head. A refusal is logged as the custom error's name and arguments, not the whole ABI.
 */
import { AuctionState, DEV_CHAIN_ID } from '@att/shared';
import { DEV_ROLE_KEYS, marketAbi } from '@att/contracts';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import { publish } from '../../../../test/chain';
import type { ChainErrorSummary } from '../../../platform/chain/chain-errors';
import { auctionKeeper } from '../keeper';
import { auctionRow, bid, startAuction, travel } from './auction-fixture';
import { alice, bob, c, clock, indexer, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

function keeperWithLog() {
  const lines: { msg: string; summary: ChainErrorSummary }[] = [];
  const keeper = auctionKeeper({
    db: c.t.db,
    chain: c.t.app.trading.chain,
    key: DEV_ROLE_KEYS.keeper,
    rpcUrls: [c.anvil.rpcUrl],
    chainId: DEV_CHAIN_ID,
    log: (msg, summary) => lines.push({ msg, summary }),
  });
  return { keeper, lines };
}

/** 1: `AuctionStatus.Active` in the Market. */
const ACTIVE = 1;
/** The Market's own view: still open (not ended) on chain. */
const liveOnChain = async (id: number) =>
  (await c.client.readContract({ address: c.d.market, abi: marketAbi, functionName: 'getAuction', args: [BigInt(id)] }))
    .status === ACTIVE;

/** The app's clock set to the chain's (a test before moved the chain's on): the auction's signature is fresh by it. */
async function chainClock() {
  clock.aheadMs = Number((await c.client.getBlock()).timestamp) * 1000 - Date.now();
}

describe('the keeper and the settlement it sent', () => {
  it('waits while it is pending, and sends it again at once when a reorg took it away', async () => {
    await c.rpc('anvil_setBalance', [privateKeyToAccount(DEV_ROLE_KEYS.keeper).address, '0x3635C9ADC5DEA00000']);
    await chainClock();
    const item = await publish(c, alice, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'ATT', minutes: 30 });
    expect(await bid(bob, id, TOKEN)).toBe(0);
    await travel(31 * 60);
    const { keeper } = keeperWithLog();

    // Pending (no automine): sent once, not again while the node holds it.
    await c.rpc('evm_setAutomine', [false]);
    const snapshot = await c.rpc<string>('evm_snapshot');
    const [first] = await keeper.run(new Date());
    expect(first).toBeDefined();
    expect(await keeper.run(new Date())).toEqual([]);
    await c.rpc('evm_mine');
    await c.rpc('evm_setAutomine', [true]);
    expect((await c.client.getTransactionReceipt({ hash: first! })).status).toBe('success');
    expect(await liveOnChain(id)).toBe(false);

    // The block with the settlement is orphaned (not yet indexed: the database still has the auction live).
    await c.rpc('evm_revert', [snapshot]);
    await c.rpc('evm_mine');
    const head = Date.now();
    expect(await liveOnChain(id)).toBe(true);
    await vi.waitUntil(async () => (await keeper.run(new Date())).length > 0 || !(await liveOnChain(id)), {
      timeout: 5_000,
      interval: 50,
    });
    await vi.waitUntil(async () => !(await liveOnChain(id)), { timeout: 5_000, interval: 50 });
    expect(Date.now() - head).toBeLessThan(5_000);
    await indexer.catchUp();
    expect((await auctionRow(id)).state).toBe(AuctionState.Ended);
  }, 120_000);

  it('logs a refusal as the error name and its arguments, in a short line', async () => {
    await chainClock();
    const item = await publish(c, alice, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'ATT', minutes: 30 });
    await travel(31 * 60);
    // Settled on chain by someone else, not yet indexed: the Market refuses a second settlement.
    const other = keeperWithLog();
    expect(await other.keeper.run(new Date())).toHaveLength(1);
    await vi.waitUntil(async () => !(await liveOnChain(id)), { timeout: 10_000, interval: 50 });
    const { keeper, lines } = keeperWithLog();
    expect(await keeper.run(new Date())).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.summary.error).toMatch(/^Market/);
    expect(JSON.stringify(lines[0])).not.toContain('"type":"function"');
    expect(JSON.stringify(lines[0]).length).toBeLessThan(500);
    await indexer.catchUp();
  }, 120_000);
});
