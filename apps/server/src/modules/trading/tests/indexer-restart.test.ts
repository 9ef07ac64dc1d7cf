import { itemsAbi, marketAbi } from '@att/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish, trader, type ChainTest } from '../../../../test/chain';
import { fileBackedChainTest, runIndexerChild, type FileBacked } from '../../../../test/file-backed';
import { createDb, type Db } from '../../schema';
import { createIndexer } from '../indexer/sync';

let f: FileBacked;
let c: ChainTest;
let dir: string;
let db: Db;

beforeAll(async () => {
  f = await fileBackedChainTest('att-indexer-restart-');
  ({ c, dir, db } = f);
}, 120_000);
afterAll(async () => f?.remove());

/** Runs the indexer child; SIGKILLs it after `killAfter` committed steps (or lets it finish). */
async function runChild(killAfter?: number): Promise<{ steps: number; finished: boolean }> {
  let steps = 0;
  let finished = false;
  await runIndexerChild(f, (line, kill) => {
    if (line.startsWith('step ')) steps++;
    if (line === 'done') finished = true;
    if (killAfter !== undefined && steps >= killAfter) kill();
  });
  return { steps, finished };
}

describe('indexer restart', () => {
  it('killed with SIGKILL mid-way and restarted, it loses and doubles nothing', async () => {
    const [alice, bob, carol] = [await trader(c, 6), await trader(c, 7), await trader(c, 8)];
    const item = await publish(c, alice, 200);
    // 40 pieces minted to Bob with the signed Transfer, then 30 direct transfers between wallets.
    const r = await c.t.post('/nft/transfer', {
      ...alice.auth,
      productId: item.productId,
      toAddress: bob.address,
      amount: 40,
    });
    const d = r.body.data as { transfer: Record<string, string>; signResult: `0x${string}` };
    const t = d.transfer;
    const params = {
      id: BigInt(t.id!),
      collection: t.collection as `0x${string}`,
      itemId: BigInt(t.itemId!),
      from: t.from as `0x${string}`,
      to: t.to as `0x${string}`,
      amount: BigInt(t.amount!),
      mintAmount: BigInt(t.mintAmount!),
      editionSize: BigInt(t.editionSize!),
      royaltyBps: BigInt(t.royaltyBps!),
      expiry: BigInt(t.expiry!),
    };
    await alice.mined(
      await alice.wallet.writeContract({
        address: c.d.market,
        abi: marketAbi,
        functionName: 'transferWithMint',
        args: [params, d.signResult],
      }),
    );
    for (let i = 0; i < 30; i++) {
      const [from, to] = i % 3 === 2 ? [carol, bob] : [bob, carol];
      await from.mined(
        await from.wallet.writeContract({
          address: c.d.items,
          abi: itemsAbi,
          functionName: 'safeTransferFrom',
          args: [from.address, to.address, BigInt(item.tokenId), 1n, '0x'],
        }),
      );
    }
    await c.t.app.close();
    await db.destroy();

    const first = await runChild(8);
    expect(first.finished).toBe(false);
    const second = await runChild();
    expect(second.finished).toBe(true);

    db = createDb({ pgliteDir: dir });
    const indexer = createIndexer({
      db,
      client: c.client,
      chainId: c.t.config.chainId,
      market: c.d.market,
      items: c.d.items,
      startBlock: c.d.deployBlock,
      confirmations: 0,
      symbolOf: () => 'ATT',
    });
    expect(await indexer.catchUp()).toBe(0);
    const logs = await c.client.getLogs({ address: [c.d.market, c.d.items], fromBlock: BigInt(c.d.deployBlock) });
    const stored = await db.selectFrom('chain_logs').select(['tx_hash', 'log_index']).execute();
    // TransferWithMint + its mint, 30 transfers; ApprovalForAll and settings logs are not stored.
    expect(stored).toHaveLength(32);
    expect(new Set(stored.map((s) => `${s.tx_hash}:${s.log_index}`)).size).toBe(32);
    expect(logs.length).toBeGreaterThanOrEqual(32);
    const inv = await db
      .selectFrom('inventory')
      .select(['holder_address', 'amount'])
      .where('item_idx', '=', item.productId)
      .execute();
    const of = (a: string) => inv.find((x) => x.holder_address === a)?.amount;
    const chainBalance = async (a: `0x${string}`) =>
      Number(
        await c.client.readContract({
          address: c.d.items,
          abi: itemsAbi,
          functionName: 'balanceOf',
          args: [a, BigInt(item.tokenId)],
        }),
      );
    expect(of(bob.address)).toBe(await chainBalance(bob.address));
    expect(of(carol.address)).toBe(await chainBalance(carol.address));
    expect(of(alice.address)).toBe(160);
    await db.destroy();
  }, 180_000);
});
