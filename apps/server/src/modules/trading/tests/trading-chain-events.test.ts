/** What the chain does to trades: transfers, counter increments, a reorg, the scheduler expiring listings, and a recount from the logs. */
import { marketAbi } from '@att/contracts';
import { HistoryEvent, ReturnCode } from '@att/shared';
import { describe, expect, it } from 'vitest';
import { list, publish, type PurchaseData } from '../../../../test/chain';
import { alice, bob, c, carol, indexer, inventory, purchase, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

describe('fixed-price trading on a real chain', () => {
  it('transfers unminted pieces with the signed Transfer and follows a direct safeTransferFrom', async () => {
    const item = await publish(c, alice, 3);
    expect(
      (
        await c.t.post('/nft/transfer', {
          ...alice.auth,
          productId: item.productId,
          toAddress: alice.address,
          amount: 1,
        })
      ).returnCode,
    ).toBe(ReturnCode.ValidationFailed);
    expect(
      (
        await c.t.post('/nft/transfer', {
          ...alice.auth,
          productId: item.productId,
          toAddress: carol.address,
          amount: 4,
        })
      ).returnCode,
    ).toBe(ReturnCode.NotProductOwner);
    expect(
      (await c.t.post('/nft/transfer', { ...bob.auth, productId: item.productId, toAddress: carol.address, amount: 1 }))
        .returnCode,
    ).toBe(ReturnCode.NotProductOwner);
    const r = await c.t.post('/nft/transfer', {
      ...alice.auth,
      productId: item.productId,
      toAddress: carol.address,
      amount: 2,
    });
    expect(r.returnCode).toBe(0);
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 3, on_sale: 0, reserved: 2 });
    const d = r.body.data as { transfer: Record<string, string>; signResult: `0x${string}` };
    const tr = d.transfer;
    const params = {
      id: BigInt(tr.id!),
      collection: tr.collection as `0x${string}`,
      itemId: BigInt(tr.itemId!),
      from: tr.from as `0x${string}`,
      to: tr.to as `0x${string}`,
      amount: BigInt(tr.amount!),
      mintAmount: BigInt(tr.mintAmount!),
      editionSize: BigInt(tr.editionSize!),
      royaltyBps: BigInt(tr.royaltyBps!),
      expiry: BigInt(tr.expiry!),
    };
    expect(params.mintAmount).toBe(2n);
    await alice.mined(
      await alice.wallet.writeContract({
        address: c.d.market,
        abi: marketAbi,
        functionName: 'transferWithMint',
        args: [params, d.signResult],
      }),
    );
    await indexer.catchUp();
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 1, on_sale: 0, reserved: 0 });
    expect(await inventory(item.productId, carol.address)).toEqual({ amount: 2, on_sale: 0, reserved: 0 });

    // Carol lists both pieces, then moves one on with her own wallet, outside the marketplace: the listing can no
    // longer be filled and ends.
    const listed = await list(c, carol, item, { quantity: 2, price: 2n * TOKEN });
    expect(listed.res.returnCode).toBe(0);
    const { itemsAbi } = await import('@att/contracts');
    await carol.mined(
      await carol.wallet.writeContract({
        address: c.d.items,
        abi: itemsAbi,
        functionName: 'safeTransferFrom',
        args: [carol.address, bob.address, BigInt(item.tokenId), 1n, '0x00'],
      }),
    );
    await indexer.catchUp();
    expect(await inventory(item.productId, carol.address)).toEqual({ amount: 1, on_sale: 0, reserved: 0 });
    expect(await inventory(item.productId, bob.address)).toEqual({ amount: 1, on_sale: 0, reserved: 0 });
    const types = (
      await c.t.db
        .selectFrom('trade_history')
        .select('event_type')
        .where('item_idx', '=', item.productId)
        .orderBy('history_idx')
        .execute()
    ).map((x) => x.event_type);
    expect(types).toEqual([
      HistoryEvent.Transfer,
      HistoryEvent.Mint,
      HistoryEvent.List,
      HistoryEvent.Transfer,
      HistoryEvent.ListCancel,
    ]);
    const ended = await c.t.db
      .selectFrom('listings')
      .select('state')
      .where('listing_idx', '=', String((listed.res.body.data as { instanceId: number }).instanceId))
      .executeTakeFirstOrThrow();
    expect(ended.state).toBe(3);
  });

  it('a counter increment on chain cancels every listing signed under a lower counter', async () => {
    const item = await publish(c, carol, 3);
    const lazy = { editionSize: 3, royaltyBps: 500 };
    const before = await list(c, carol, item, { quantity: 1, price: 2n * TOKEN, lazy });
    expect(before.res.returnCode).toBe(0);
    await carol.mined(
      await carol.wallet.writeContract({ address: c.d.market, abi: marketAbi, functionName: 'incrementCounter' }),
    );
    // Signed under the old counter after the increment, before the indexer saw it: the chain's counter refuses it.
    expect((await list(c, carol, item, { quantity: 1, price: 2n * TOKEN, lazy, counter: 0n })).res.returnCode).toBe(
      ReturnCode.ValidationFailed,
    );
    await indexer.catchUp();
    const live = await c.t.db
      .selectFrom('listings')
      .select('listing_idx')
      .where('item_idx', '=', item.productId)
      .where('state', '=', 1)
      .execute();
    expect(live).toEqual([]);
    expect(await inventory(item.productId, carol.address)).toEqual({ amount: 3, on_sale: 0, reserved: 0 });
    // Now the server knows the counter: an old-counter listing is refused, the current one listed.
    expect((await list(c, carol, item, { quantity: 1, price: 2n * TOKEN, lazy, counter: 0n })).res.returnCode).toBe(
      ReturnCode.ValidationFailed,
    );
    const current = await list(c, carol, item, { quantity: 1, price: 2n * TOKEN, lazy });
    expect(current.res.returnCode).toBe(0);
    expect(current.listing.counter).toBe(1n);
  });

  it('a reorg of the block holding a sale removes it; the re-mined sale is counted once', async () => {
    const item = await publish(c, alice, 5);
    const { res } = await list(c, alice, item, {
      quantity: 3,
      price: 2n * TOKEN,
      lazy: { editionSize: 5, royaltyBps: 500 },
    });
    const id = (res.body.data as { instanceId: number }).instanceId;
    const p = (await purchase(bob, id, 2)).body.data as PurchaseData;
    await indexer.catchUp();
    const snapshot = await c.rpc<string>('evm_snapshot');
    await bob.buy(p);
    await indexer.catchUp();
    const sales = () =>
      c.t.db
        .selectFrom('trade_history')
        .select(['event_type', 'block_hash'])
        .where('item_idx', '=', item.productId)
        .where('event_type', '=', HistoryEvent.LazyMintSale)
        .execute();
    expect(await sales()).toHaveLength(1);
    expect(await inventory(item.productId, bob.address)).toEqual({ amount: 2, on_sale: 0, reserved: 0 });

    // The block is orphaned: the chain goes back and grows past it with other blocks.
    await c.rpc('evm_revert', [snapshot]);
    await c.rpc('evm_mine');
    await c.rpc('evm_mine');
    await indexer.catchUp();
    expect(await sales()).toHaveLength(0);
    expect(await inventory(item.productId, bob.address)).toEqual({ amount: 0, on_sale: 0, reserved: 0 });
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 5, on_sale: 3, reserved: 0 });
    const l = await c.t.db
      .selectFrom('listings')
      .select(['remaining', 'reserved', 'state'])
      .where('listing_idx', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(l).toEqual({ remaining: 3, reserved: 2, state: 1 });
    const it0 = await c.t.db
      .selectFrom('items')
      .select(['trade_count', 'minted_supply', 'flag_mint'])
      .where('item_idx', '=', item.productId)
      .executeTakeFirstOrThrow();
    expect(it0).toEqual({ trade_count: 0, minted_supply: 0, flag_mint: 0 });

    // The same purchase is mined again (the reservation still holds): one sale.
    await bob.buy(p);
    await indexer.catchUp();
    await indexer.catchUp();
    expect(await sales()).toHaveLength(1);
    expect(await inventory(item.productId, bob.address)).toEqual({ amount: 2, on_sale: 0, reserved: 0 });
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 3, on_sale: 1, reserved: 0 });
  });

  it('the scheduler releases expired reservations and expires listings (history ListExpire)', async () => {
    const item = await publish(c, alice, 2);
    const { res } = await list(c, alice, item, {
      quantity: 2,
      price: 2n * TOKEN,
      lazy: { editionSize: 2, royaltyBps: 500 },
    });
    const id = (res.body.data as { instanceId: number }).instanceId;
    expect((await purchase(bob, id, 2)).returnCode).toBe(0);
    const { runScheduler, RELEASE_GRACE_MS } = await import('../scheduler');
    const later = new Date(Date.now() + c.t.config.trading.reservationSeconds * 1000 + RELEASE_GRACE_MS + 1000);
    const r1 = await runScheduler(c.t.db, later);
    expect(r1.released).toBeGreaterThanOrEqual(1);
    expect(
      (
        await c.t.db
          .selectFrom('listings')
          .select('reserved')
          .where('listing_idx', '=', String(id))
          .executeTakeFirstOrThrow()
      ).reserved,
    ).toBe(0);
    const muchLater = new Date(Date.now() + 2 * 86_400_000);
    const r2 = await runScheduler(c.t.db, muchLater);
    expect(r2.listingsExpired).toContainEqual({ itemIdx: item.productId, seller: alice.address });
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 2, on_sale: 0, reserved: 0 });
    const rows = await c.t.db
      .selectFrom('trade_history')
      .select('event_type')
      .where('item_idx', '=', item.productId)
      .execute();
    expect(rows.map((x) => x.event_type)).toContain(HistoryEvent.ListExpire);
    expect(
      (
        await c.t.db
          .selectFrom('items')
          .select('sale_type')
          .where('item_idx', '=', item.productId)
          .executeTakeFirstOrThrow()
      ).sale_type,
    ).toBeNull();
    // Running again finds nothing to do.
    expect((await runScheduler(c.t.db, muchLater)).listingsExpired).toEqual([]);
  });

  it('a recount from eth_getLogs equals the database', async () => {
    await indexer.catchUp();
    const logs = await c.client.getContractEvents({
      address: c.d.items,
      abi: (await import('@att/contracts')).itemsAbi,
      eventName: 'TransferSingle',
      fromBlock: BigInt(c.d.deployBlock),
    });
    const balance = new Map<string, bigint>();
    const minted = new Map<string, bigint>();
    for (const l of logs) {
      const { from, to, id, value } = l.args as { from: string; to: string; id: bigint; value: bigint };
      const k = (a: string) => `${id}:${a.toLowerCase()}`;
      if (BigInt(from) === 0n) minted.set(String(id), (minted.get(String(id)) ?? 0n) + value);
      else balance.set(k(from), (balance.get(k(from)) ?? 0n) - value);
      balance.set(k(to), (balance.get(k(to)) ?? 0n) + value);
    }
    const rows = await c.t.db
      .selectFrom('inventory as v')
      .innerJoin('items as i', 'i.item_idx', 'v.item_idx')
      .innerJoin('members as m', 'm.member_idx', 'i.creator_idx')
      .select([
        'i.token_id',
        'v.holder_address',
        'v.amount',
        'i.total_supply',
        'i.minted_supply',
        'm.address as creator',
      ])
      .execute();
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      const onChain = balance.get(`${r.token_id}:${r.holder_address}`) ?? 0n;
      const unminted =
        r.holder_address === r.creator.toLowerCase() ? BigInt(r.total_supply) - (minted.get(r.token_id) ?? 0n) : 0n;
      expect(BigInt(r.amount), `${r.token_id} ${r.holder_address}`).toBe(onChain + unminted);
      expect(BigInt(r.minted_supply)).toBe(minted.get(r.token_id) ?? 0n);
    }
    const bought = await c.client.getContractEvents({
      address: c.d.market,
      abi: marketAbi,
      eventName: 'NftBought',
      fromBlock: BigInt(c.d.deployBlock),
    });
    const saleRows = await c.t.db
      .selectFrom('trade_history')
      .select('history_idx')
      .where('event_type', 'in', [HistoryEvent.Sale, HistoryEvent.LazyMintSale])
      .execute();
    expect(saleRows).toHaveLength(bought.length);
  });
});
