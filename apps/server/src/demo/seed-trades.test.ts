import { ANVIL_KEYS, itemsAbi } from '@att/contracts';
import { HistoryEvent } from '@att/shared';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTest, publish, trader, type ChainTest, type Trader } from '../../test/chain';
import { png, uploaded } from '../../test/media';
import { seedDemoTrades } from './seed-trades';

let c: ChainTest;
let artist: Trader;
let seller: Trader;

/** One more item of `supply` pieces in the creator's collection. */
async function another(creator: Trader, collectionIdx: number, supply: number) {
  const fileName = await uploaded(c.t, creator.auth, 'resource', await png());
  const r = await c.t.post('/nft/register', {
    ...creator.auth,
    fileName,
    category: 1,
    productName: `More ${supply}`,
    productDesc: '',
    totalSupply: supply,
    flagFreezeMetadata: 0,
    isExistUnlockedContent: 0,
    unlockedContent: '',
    collectionIdx,
  });
  if (r.returnCode !== 0) throw new Error(`item: ${r.returnCode}`);
}

beforeAll(async () => {
  c = await chainTest({
    config: { trading: { startBlock: 0, confirmations: 0, indexer: true, pollMs: 50, reservationSeconds: 600 } },
  });
  // Dev wallets #8 and #10 (the demo artist's and seller's): members with a small catalogue.
  [artist, seller] = [await trader(c, 7), await trader(c, 9)];
  const first = await publish(c, artist, 1);
  const collectionIdx = (
    await c.t.db
      .selectFrom('items')
      .select('collection_idx')
      .where('item_idx', '=', first.productId)
      .executeTakeFirstOrThrow()
  ).collection_idx;
  await another(artist, collectionIdx, 3);
  await another(artist, collectionIdx, 1);
  await another(artist, collectionIdx, 2);
  const five = await publish(c, seller, 5);
  await another(
    seller,
    (
      await c.t.db
        .selectFrom('items')
        .select('collection_idx')
        .where('item_idx', '=', five.productId)
        .executeTakeFirstOrThrow()
    ).collection_idx,
    1,
  );
  await publish(c, seller, 1);
}, 180_000);
afterAll(async () => c?.close());

describe('seedDemoTrades', () => {
  it('trades on chain through the endpoints, the indexer writes the history, and a second run trades nothing', async () => {
    const r = await seedDemoTrades(c.t.app, { keys: ANVIL_KEYS as readonly Hex[], salesFirst: 3, salesOther: 1 });
    // 3 + 1 + 1 primary sales and a resale of the 2nd and 5th; a transferWithMint and a wallet's own transfer;
    // the first collection's next item is given away, the second collection's stays on sale.
    expect(r).toEqual({ skipped: false, sales: 7, transfers: 2, listed: 1 });

    const history = await c.t.db
      .selectFrom('trade_history')
      .select(['event_type', 'tx_hash', 'item_idx', 'from_address', 'to_address', 'royalty'])
      .execute();
    const of = (e: number) => history.filter((h) => h.event_type === e);
    expect(of(HistoryEvent.LazyMintSale)).toHaveLength(5);
    expect(of(HistoryEvent.Sale)).toHaveLength(2);
    for (const h of of(HistoryEvent.Sale)) expect(h.royalty).not.toBe('0');
    expect(of(HistoryEvent.Transfer)).toHaveLength(2);
    for (const h of [...of(HistoryEvent.LazyMintSale), ...of(HistoryEvent.Sale), ...of(HistoryEvent.Transfer)])
      expect(h.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(history.some((h) => h.from_address === seller.address || h.to_address === seller.address)).toBe(true);

    // Every holding the indexer wrote is the chain's balance.
    const inv = await c.t.db
      .selectFrom('inventory as v')
      .innerJoin('items as i', 'i.item_idx', 'v.item_idx')
      .select(['v.holder_address', 'v.amount', 'i.token_id', 'i.minted_supply', 'i.creator_idx'])
      .where('i.minted_supply', '>', 0)
      .execute();
    expect(inv.length).toBeGreaterThan(5);
    for (const v of inv) {
      const onChain = await c.client.readContract({
        address: c.d.items,
        abi: itemsAbi,
        functionName: 'balanceOf',
        args: [v.holder_address as Hex, BigInt(v.token_id)],
      });
      // A creator's row also counts the unminted pieces, which the chain does not hold yet.
      if (v.holder_address !== artist.address && v.holder_address !== seller.address)
        expect(BigInt(v.amount)).toBe(onChain);
      else expect(BigInt(v.amount)).toBeGreaterThanOrEqual(onChain);
    }
    const live = await c.t.db.selectFrom('listings').select('listing_idx').where('state', '=', 1).execute();
    expect(live).toHaveLength(1);

    const block = await c.client.getBlockNumber();
    const again = await seedDemoTrades(c.t.app, { keys: ANVIL_KEYS as readonly Hex[], salesFirst: 3, salesOther: 1 });
    expect(again.skipped).toBe(true);
    expect(await c.client.getBlockNumber()).toBe(block);
    expect(await c.t.db.selectFrom('trade_history').select('history_idx').execute()).toHaveLength(history.length);
  }, 180_000);
});
