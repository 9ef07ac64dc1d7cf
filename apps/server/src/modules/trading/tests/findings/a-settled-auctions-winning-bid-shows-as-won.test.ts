/**
 * After an auction settles, its bid list (`/nft/instance/bid/list`) shows the winner's paid bid as won, not as an
 * active bid (which would offer its withdrawal); the outbid bid keeps its own state. A reorg that orphans the
 * settlement shows the winning bid active again, and the settlement mined again shows it won once more. The item
 * page, whose sales list no longer has the auction, reads how it ended from `/nft/auction/result`: the won bid with
 * its bidder and amount (nothing while no settlement stands).
 */
import { BidState } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { publish } from '../../../../../test/chain';
import { bid, bidRows, startAuction, testKeeper, travel } from '../auction-fixture';
import { alice, bob, c, carol, indexer, setUpChain, TOKEN } from '../trading-fixture';

setUpChain();

const result = async (productId: number) => (await c.t.post('/nft/auction/result', { productId })).body.data;

const states = async (id: number) => (await bidRows(id)).map((b) => [b.memberAddress, b.price, b.state]);

describe('a settled auction’s bid list', () => {
  it('shows the winning bid as won; a reorg of the settlement shows it active again', async () => {
    const item = await publish(c, alice, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'KLAY', minutes: 30 });
    expect(await bid(bob, id, TOKEN)).toBe(0);
    expect(await bid(carol, id, 2n * TOKEN)).toBe(0);
    await indexer.catchUp();
    const live = [
      [carol.address, String(2n * TOKEN), BidState.Active],
      [bob.address, String(TOKEN), BidState.Active],
    ];
    expect(await states(id)).toEqual(live);
    expect(await result(item.productId)).toBeUndefined();
    const snapshot = await c.rpc<string>('evm_snapshot');
    const snapshotTime = Number((await c.client.getBlock()).timestamp);

    const settle = async () => {
      await travel(31 * 60);
      expect(await (await testKeeper()).run(new Date())).toHaveLength(1);
      await indexer.catchUp();
    };
    await settle();
    const won = [
      [carol.address, String(2n * TOKEN), BidState.Won],
      [bob.address, String(TOKEN), BidState.Active],
    ];
    expect(await states(id)).toEqual(won);
    expect(await result(item.productId)).toMatchObject({
      instanceIdx: id,
      bidCount: 2,
      won: { memberAddress: carol.address, price: String(2n * TOKEN), symbol: 'KLAY', state: BidState.Won },
    });

    // The settlement's blocks are orphaned: the chain goes back and grows past them with empty blocks.
    await c.rpc('evm_revert', [snapshot]);
    await c.rpc('evm_setNextBlockTimestamp', [snapshotTime + 1]);
    for (let i = 0; i < 4; i++) await c.rpc('evm_mine');
    await indexer.catchUp();
    expect(await states(id)).toEqual(live);
    expect(await result(item.productId)).toBeUndefined();

    await settle();
    expect(await states(id)).toEqual(won);
  });
});
