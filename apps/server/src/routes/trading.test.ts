import { marketAbi } from '@att/contracts';
import { HistoryEvent, ReturnCode } from '@att/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTest, testIndexer, list, publish, trader, type ChainTest, type PurchaseData, type Trader } from '../../test/chain';
import type { Indexer } from '../trading/indexer';

const TOKEN = 10n ** 18n;
let c: ChainTest;
let alice: Trader;
let bob: Trader;
let carol: Trader;
let indexer: Indexer;

beforeAll(async () => {
  c = await chainTest();
  [alice, bob, carol] = [await trader(c, 1), await trader(c, 2), await trader(c, 3)];
  await Promise.all([alice.approveAll(), bob.approveAll(), carol.approveAll()]);
  indexer = testIndexer(c);
}, 120_000);
afterAll(async () => c?.close());

const inventory = (productId: number, holder: string) =>
  c.t.db.selectFrom('inventory').select(['amount', 'on_sale', 'reserved']).where('item_idx', '=', productId).where('holder_address', '=', holder).executeTakeFirst();
const purchase = (who: Trader, instanceId: number, quantity: number) => c.t.post('/nft/instance/purchase', { ...who.auth, instanceId, quantity });

describe('fixed-price trading on a real chain', () => {
  it('lists unminted pieces, reserves, settles on chain and the indexer records it once', async () => {
    const item = await publish(c, alice, 10);
    const { res } = await list(c, alice, item, { quantity: 5, price: 3n * TOKEN, lazy: { editionSize: 10, royaltyBps: 500 } });
    expect(res.returnCode).toBe(0);
    const instanceId = (res.body.data as { instanceId: number }).instanceId;
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 10, on_sale: 5, reserved: 0 });
    const summary = await c.t.db.selectFrom('items').select(['sale_type', 'price_amount', 'price_symbol']).where('item_idx', '=', item.productId).executeTakeFirstOrThrow();
    expect(summary).toEqual({ sale_type: 1, price_amount: (3n * TOKEN).toString(), price_symbol: 'ATT' });

    const listed = await c.t.post('/nft/instance/list/item', { productId: item.productId });
    expect(listed.body.list).toMatchObject([{ instanceId, remainCount: 5, availableCount: 5, priceSymbol: 'ATT', sellerAddress: alice.address }]);

    const p = await purchase(bob, instanceId, 2);
    expect(p.returnCode).toBe(0);
    const data = p.body.data as PurchaseData;
    expect((await c.t.post('/nft/instance/list/item', { productId: item.productId })).body.list).toMatchObject([{ remainCount: 5, availableCount: 3 }]);
    await bob.buy(data);
    expect(await indexer.catchUp()).toBeGreaterThan(0);

    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 8, on_sale: 3, reserved: 0 });
    expect(await inventory(item.productId, bob.address)).toEqual({ amount: 2, on_sale: 0, reserved: 0 });
    const l = await c.t.db.selectFrom('listings').select(['remaining', 'reserved', 'state']).where('listing_idx', '=', String(instanceId)).executeTakeFirstOrThrow();
    expect(l).toEqual({ remaining: 3, reserved: 0, state: 1 });
    const it = await c.t.db.selectFrom('items').select(['trade_count', 'last_price', 'last_symbol', 'flag_mint', 'minted_supply']).where('item_idx', '=', item.productId).executeTakeFirstOrThrow();
    expect(it).toEqual({ trade_count: 1, last_price: (3n * TOKEN).toString(), last_symbol: 'ATT', flag_mint: 1, minted_supply: 2 });
    const rows = await c.t.db.selectFrom('trade_history').select(['event_type', 'amount', 'royalty', 'from_address', 'to_address']).where('item_idx', '=', item.productId).orderBy('history_idx').execute();
    expect(rows.map((r) => r.event_type)).toEqual([HistoryEvent.List, HistoryEvent.LazyMintSale, HistoryEvent.Mint]);
    expect(rows[1]).toMatchObject({ amount: 2, royalty: ((6n * TOKEN * 500n) / 10_000n).toString(), from_address: alice.address, to_address: bob.address });

    // Replaying the same blocks adds nothing.
    await c.t.db.deleteFrom('indexer_cursor').execute();
    expect(await indexer.catchUp()).toBe(0);
    expect(await inventory(item.productId, bob.address)).toEqual({ amount: 2, on_sale: 0, reserved: 0 });
    expect((await c.t.db.selectFrom('trade_history').select('history_idx').where('item_idx', '=', item.productId).execute()).length).toBe(3);
  });

  it('refuses bad listings with the spec codes and writes nothing', async () => {
    const item = await publish(c, alice, 3);
    const ok = { quantity: 1, price: 2n * TOKEN, lazy: { editionSize: 3, royaltyBps: 500 } };
    expect((await list(c, alice, item, { ...ok, price: TOKEN - 1n })).res.returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await list(c, alice, item, { ...ok, expirySeconds: 200 * 86_400 })).res.returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await list(c, alice, item, { ...ok, quantity: 4 })).res.returnCode).toBe(ReturnCode.NotProductOwner);
    expect((await list(c, alice, item, { ...ok, lazy: undefined })).res.returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await list(c, alice, item, { ...ok, lazy: { editionSize: 3, royaltyBps: 0 } })).res.returnCode).toBe(ReturnCode.ValidationFailed);
    // Signed terms that differ from the submitted ones (another price): not the caller's signature.
    expect((await list(c, alice, item, { ...ok, mutate: (l) => ({ ...l, pricePerOne: 1n }) })).res.returnCode).toBe(ReturnCode.ValidationFailed);
    // Someone else's pieces, or an item that does not exist.
    expect((await list(c, bob, item, { ...ok, lazy: undefined })).res.returnCode).toBe(ReturnCode.NotProductOwner);
    expect((await list(c, alice, { ...item, productId: 999_999 }, ok)).res.returnCode).toBe(ReturnCode.ProductNotFound);
    const { res, body } = await list(c, alice, item, ok);
    expect(res.returnCode).toBe(0);
    // The same signed listing twice.
    expect((await c.t.post('/nft/all/sale', body)).returnCode).toBe(ReturnCode.SaleRegistrationInProgress);
    // Bad bodies and no login.
    expect((await c.t.post('/nft/all/sale', { ...body, listing: undefined })).returnCode).toBe(ReturnCode.MissingParameters);
    expect((await c.t.post('/nft/all/sale', { ...body, saleType: 2 })).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await c.t.post('/nft/all/sale', { ...body, salePrice: '-1' })).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await c.t.post('/nft/all/sale', { ...body, ticketId: 'nope' })).returnCode).not.toBe(0);
    expect((await c.t.post('/nft/all/sale', { productId: item.productId })).returnCode).toBe(ReturnCode.NoTicket);
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 3, on_sale: 1, reserved: 0 });
    const rows = await c.t.db.selectFrom('listings').select('listing_idx').where('item_idx', '=', item.productId).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers every purchase code; cancel withdraws at once and the on-chain cancel is recorded once', async () => {
    const item = await publish(c, alice, 4);
    const lazy = { editionSize: 4, royaltyBps: 500 };
    const a = await list(c, alice, item, { quantity: 2, price: 2n * TOKEN, lazy });
    const id = (a.res.body.data as { instanceId: number }).instanceId;
    expect((await purchase(bob, 999_999, 1)).returnCode).toBe(ReturnCode.NoInstanceOnSale);
    expect((await purchase(alice, id, 1)).returnCode).toBe(ReturnCode.NoAuthority);
    expect((await purchase(bob, id, 3)).returnCode).toBe(ReturnCode.NotEnoughRemaining);
    expect((await purchase(bob, id, 0)).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await purchase(bob, id, 2)).returnCode).toBe(0);
    expect((await purchase(carol, id, 1)).returnCode).toBe(ReturnCode.InstanceAwaitingTrade);

    // Only the seller cancels; the reply is the signed listing for the on-chain cancel.
    expect((await c.t.post('/nft/cancel/sale', { ...bob.auth, instanceId: id })).returnCode).toBe(ReturnCode.NotProductOwner);
    const cancel = await c.t.post('/nft/cancel/sale', { ...alice.auth, instanceId: id });
    expect(cancel.returnCode).toBe(0);
    expect((await c.t.post('/nft/cancel/sale', { ...alice.auth, instanceId: id })).returnCode).toBe(ReturnCode.NoInstanceOnSale);
    expect((await purchase(carol, id, 1)).returnCode).toBe(ReturnCode.NotOnSale);
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 4, on_sale: 0, reserved: 0 });
    expect((await c.t.db.selectFrom('items').select('sale_type').where('item_idx', '=', item.productId).executeTakeFirstOrThrow()).sale_type).toBeNull();
    const { listingFrom } = await import('../../test/chain');
    const signed = listingFrom((cancel.body.data as { listing: Record<string, string> }).listing);
    await alice.mined(await alice.wallet.writeContract({ address: c.d.market, abi: marketAbi, functionName: 'cancelListing', args: [signed] }));
    await indexer.catchUp();
    const events = await c.t.db.selectFrom('trade_history').select('event_type').where('item_idx', '=', item.productId).execute();
    expect(events.filter((e) => e.event_type === HistoryEvent.ListCancel)).toHaveLength(1);

    // Expired: a listing whose time ran out; sold out: every piece bought and indexed.
    const short = await list(c, alice, item, { quantity: 1, price: 2n * TOKEN, lazy, expirySeconds: 2 });
    const shortId = (short.res.body.data as { instanceId: number }).instanceId;
    const all = await list(c, alice, item, { quantity: 1, price: 2n * TOKEN, lazy });
    const allId = (all.res.body.data as { instanceId: number }).instanceId;
    const p = await purchase(bob, allId, 1);
    await bob.buy(p.body.data as PurchaseData);
    await indexer.catchUp();
    expect((await purchase(carol, allId, 1)).returnCode).toBe(ReturnCode.SoldOut);
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await purchase(carol, shortId, 1)).returnCode).toBe(ReturnCode.TimeExpired);
  });

  it('100 parallel buyers for the last piece: one reservation, one settlement', async () => {
    const item = await publish(c, alice, 1);
    const { res } = await list(c, alice, item, { quantity: 1, price: 5n * TOKEN, symbol: 'KLAY', lazy: { editionSize: 1, royaltyBps: 500 } });
    const id = (res.body.data as { instanceId: number }).instanceId;
    const buyers = [bob, carol];
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => purchase(buyers[i % 2]!, id, 1)));
    // The winner's other requests get its one reservation back (a second tab); the other buyer's all get 271.
    const won = replies.filter((r) => r.returnCode === 0);
    expect(new Set(won.map((r) => (r.body.data as { psdId: string }).psdId)).size).toBe(1);
    expect(won).toHaveLength(50);
    expect(replies.filter((r) => r.returnCode === ReturnCode.InstanceAwaitingTrade)).toHaveLength(50);
    const open = await c.t.db.selectFrom('reservations').select('reservation_id').where('listing_idx', '=', String(id)).execute();
    expect(open).toHaveLength(1);
    const winner = (won[0]!.body.data as PurchaseData).reservation.buyer === bob.address ? bob : carol;
    await winner.buy(won[0]!.body.data as PurchaseData);
    await indexer.catchUp();
    const l = await c.t.db.selectFrom('listings').select(['remaining', 'reserved', 'state']).where('listing_idx', '=', String(id)).executeTakeFirstOrThrow();
    expect(l).toEqual({ remaining: 0, reserved: 0, state: 2 });
    expect(await inventory(item.productId, winner.address)).toEqual({ amount: 1, on_sale: 0, reserved: 0 });
    const sales = await c.t.db.selectFrom('trade_history').select('event_type').where('item_idx', '=', item.productId).where('event_type', '=', HistoryEvent.LazyMintSale).execute();
    expect(sales).toHaveLength(1);
    expect((await purchase(buyers[0]!, id, 1)).returnCode).toBe(ReturnCode.SoldOut);
  });

  it('transfers unminted pieces with the signed Transfer and follows a direct safeTransferFrom', async () => {
    const item = await publish(c, alice, 3);
    expect((await c.t.post('/nft/transfer', { ...alice.auth, productId: item.productId, toAddress: alice.address, amount: 1 })).returnCode).toBe(ReturnCode.ValidationFailed);
    expect((await c.t.post('/nft/transfer', { ...alice.auth, productId: item.productId, toAddress: carol.address, amount: 4 })).returnCode).toBe(ReturnCode.NotProductOwner);
    expect((await c.t.post('/nft/transfer', { ...bob.auth, productId: item.productId, toAddress: carol.address, amount: 1 })).returnCode).toBe(ReturnCode.NotProductOwner);
    const r = await c.t.post('/nft/transfer', { ...alice.auth, productId: item.productId, toAddress: carol.address, amount: 2 });
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
    await alice.mined(await alice.wallet.writeContract({ address: c.d.market, abi: marketAbi, functionName: 'transferWithMint', args: [params, d.signResult] }));
    await indexer.catchUp();
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 1, on_sale: 0, reserved: 0 });
    expect(await inventory(item.productId, carol.address)).toEqual({ amount: 2, on_sale: 0, reserved: 0 });

    // Carol lists both pieces, then moves one on with her own wallet, outside the marketplace: the listing can no
    // longer be filled and ends.
    const listed = await list(c, carol, item, { quantity: 2, price: 2n * TOKEN });
    expect(listed.res.returnCode).toBe(0);
    const { itemsAbi } = await import('@att/contracts');
    await carol.mined(
      await carol.wallet.writeContract({ address: c.d.items, abi: itemsAbi, functionName: 'safeTransferFrom', args: [carol.address, bob.address, BigInt(item.tokenId), 1n, '0x00'] }),
    );
    await indexer.catchUp();
    expect(await inventory(item.productId, carol.address)).toEqual({ amount: 1, on_sale: 0, reserved: 0 });
    expect(await inventory(item.productId, bob.address)).toEqual({ amount: 1, on_sale: 0, reserved: 0 });
    const types = (await c.t.db.selectFrom('trade_history').select('event_type').where('item_idx', '=', item.productId).orderBy('history_idx').execute()).map((x) => x.event_type);
    expect(types).toEqual([HistoryEvent.Transfer, HistoryEvent.Mint, HistoryEvent.List, HistoryEvent.Transfer, HistoryEvent.ListCancel]);
    const ended = await c.t.db.selectFrom('listings').select('state').where('listing_idx', '=', String((listed.res.body.data as { instanceId: number }).instanceId)).executeTakeFirstOrThrow();
    expect(ended.state).toBe(3);
  });

  it('a counter increment on chain cancels every listing signed under a lower counter', async () => {
    const item = await publish(c, carol, 3);
    const lazy = { editionSize: 3, royaltyBps: 500 };
    const before = await list(c, carol, item, { quantity: 1, price: 2n * TOKEN, lazy });
    expect(before.res.returnCode).toBe(0);
    await carol.mined(await carol.wallet.writeContract({ address: c.d.market, abi: marketAbi, functionName: 'incrementCounter' }));
    // Signed under the old counter after the increment, before the indexer saw it: the chain's counter refuses it.
    expect((await list(c, carol, item, { quantity: 1, price: 2n * TOKEN, lazy, counter: 0n })).res.returnCode).toBe(ReturnCode.ValidationFailed);
    await indexer.catchUp();
    const live = await c.t.db.selectFrom('listings').select('listing_idx').where('item_idx', '=', item.productId).where('state', '=', 1).execute();
    expect(live).toEqual([]);
    expect(await inventory(item.productId, carol.address)).toEqual({ amount: 3, on_sale: 0, reserved: 0 });
    // Now the server knows the counter: an old-counter listing is refused, the current one listed.
    expect((await list(c, carol, item, { quantity: 1, price: 2n * TOKEN, lazy, counter: 0n })).res.returnCode).toBe(ReturnCode.ValidationFailed);
    const current = await list(c, carol, item, { quantity: 1, price: 2n * TOKEN, lazy });
    expect(current.res.returnCode).toBe(0);
    expect(current.listing.counter).toBe(1n);
  });

  it('a reorg of the block holding a sale removes it; the re-mined sale is counted once', async () => {
    const item = await publish(c, alice, 5);
    const { res } = await list(c, alice, item, { quantity: 3, price: 2n * TOKEN, lazy: { editionSize: 5, royaltyBps: 500 } });
    const id = (res.body.data as { instanceId: number }).instanceId;
    const p = (await purchase(bob, id, 2)).body.data as PurchaseData;
    await indexer.catchUp();
    const snapshot = await c.rpc<string>('evm_snapshot');
    await bob.buy(p);
    await indexer.catchUp();
    const sales = () => c.t.db.selectFrom('trade_history').select(['event_type', 'block_hash']).where('item_idx', '=', item.productId).where('event_type', '=', HistoryEvent.LazyMintSale).execute();
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
    const l = await c.t.db.selectFrom('listings').select(['remaining', 'reserved', 'state']).where('listing_idx', '=', String(id)).executeTakeFirstOrThrow();
    expect(l).toEqual({ remaining: 3, reserved: 2, state: 1 });
    const it0 = await c.t.db.selectFrom('items').select(['trade_count', 'minted_supply', 'flag_mint']).where('item_idx', '=', item.productId).executeTakeFirstOrThrow();
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
    const { res } = await list(c, alice, item, { quantity: 2, price: 2n * TOKEN, lazy: { editionSize: 2, royaltyBps: 500 } });
    const id = (res.body.data as { instanceId: number }).instanceId;
    expect((await purchase(bob, id, 2)).returnCode).toBe(0);
    const { runScheduler, RELEASE_GRACE_MS } = await import('../trading/scheduler');
    const later = new Date(Date.now() + c.t.config.trading.reservationSeconds * 1000 + RELEASE_GRACE_MS + 1000);
    const r1 = await runScheduler(c.t.db, later);
    expect(r1.released).toBeGreaterThanOrEqual(1);
    expect((await c.t.db.selectFrom('listings').select('reserved').where('listing_idx', '=', String(id)).executeTakeFirstOrThrow()).reserved).toBe(0);
    const muchLater = new Date(Date.now() + 2 * 86_400_000);
    const r2 = await runScheduler(c.t.db, muchLater);
    expect(r2.listingsExpired).toContainEqual({ itemIdx: item.productId, seller: alice.address });
    expect(await inventory(item.productId, alice.address)).toEqual({ amount: 2, on_sale: 0, reserved: 0 });
    const rows = await c.t.db.selectFrom('trade_history').select('event_type').where('item_idx', '=', item.productId).execute();
    expect(rows.map((x) => x.event_type)).toContain(HistoryEvent.ListExpire);
    expect((await c.t.db.selectFrom('items').select('sale_type').where('item_idx', '=', item.productId).executeTakeFirstOrThrow()).sale_type).toBeNull();
    // Running again finds nothing to do.
    expect((await runScheduler(c.t.db, muchLater)).listingsExpired).toEqual([]);
  });

  it('a recount from eth_getLogs equals the database', async () => {
    await indexer.catchUp();
    const logs = await c.client.getContractEvents({ address: c.d.items, abi: (await import('@att/contracts')).itemsAbi, eventName: 'TransferSingle', fromBlock: BigInt(c.d.deployBlock) });
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
      .select(['i.token_id', 'v.holder_address', 'v.amount', 'i.total_supply', 'i.minted_supply', 'm.address as creator'])
      .execute();
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      const onChain = balance.get(`${r.token_id}:${r.holder_address}`) ?? 0n;
      const unminted = r.holder_address === r.creator.toLowerCase() ? BigInt(r.total_supply) - (minted.get(r.token_id) ?? 0n) : 0n;
      expect(BigInt(r.amount), `${r.token_id} ${r.holder_address}`).toBe(onChain + unminted);
      expect(BigInt(r.minted_supply)).toBe(minted.get(r.token_id) ?? 0n);
    }
    const bought = await c.client.getContractEvents({ address: c.d.market, abi: marketAbi, eventName: 'NftBought', fromBlock: BigInt(c.d.deployBlock) });
    const saleRows = await c.t.db.selectFrom('trade_history').select('history_idx').where('event_type', 'in', [HistoryEvent.Sale, HistoryEvent.LazyMintSale]).execute();
    expect(saleRows).toHaveLength(bought.length);
  });
});
