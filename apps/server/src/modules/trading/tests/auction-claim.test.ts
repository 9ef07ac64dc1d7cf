/**
 * A winner whose wallet contract refuses the piece. The keeper's settlement parks it
 * (`AuctionItemUnclaimed`), `/nft/auction/unclaimed/list` shows it to the winner only, the winner's
 * `claimAuctionItem(auctionId, to)` moves it to `to` once indexed (the item's socket event tells its page), and a reorg of the claim owes it again.
 */
import { claimAuctionItemCall } from '@att/contracts';
import { AuctionState, ReturnCode } from '@att/shared';
import { createWalletClient, http, type Hex } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { publish } from '../../../../test/chain';
import { notifyItem } from '../history-writer';
import { auctionRow, bid, escrowOf, startAuction, testKeeper, travel } from './auction-fixture';
import { alice, bob, c, carol, indexer, inventory, setUpChain, TOKEN } from './trading-fixture';

setUpChain();

/** Code that reverts on every call: Bob's address becomes a wallet contract whose receive hook refuses any piece. */
const REFUSING_CODE = '0x60006000fd';

const owed = () => ({ escrow_owner: bob.address, escrow_kind: 'unclaimed' });
const none = { escrow_owner: null, escrow_kind: null };

const unclaimed = (auth: Record<string, unknown>, productIdx?: number) =>
  c.t.post('/nft/auction/unclaimed/list', { ...auth, ...(productIdx ? { productIdx } : {}) });

describe('an auction piece the winner’s contract refused', () => {
  it('is shown to the winner only, claimed to another address, and owed again when the claim is orphaned', async () => {
    const item = await publish(c, alice, 1);
    const other = await publish(c, alice, 1);
    const id = await startAuction(alice, item.productId, { price: TOKEN, symbol: 'ATT', minutes: 30 });
    expect(await bid(bob, id, TOKEN)).toBe(0);
    await indexer.catchUp();

    await c.rpc('anvil_setCode', [bob.address, REFUSING_CODE]);
    try {
      await travel(31 * 60);
      expect(await (await testKeeper()).run(new Date())).toHaveLength(1);
      await indexer.catchUp();
      expect(await auctionRow(id)).toMatchObject({
        state: AuctionState.Ended,
        winner_address: bob.address,
        unclaimed_owner: bob.address,
      });
      expect(await inventory(item.productId, c.d.market.toLowerCase())).toMatchObject({ amount: 1 });
      expect(await inventory(item.productId, bob.address)).toBeUndefined();
      expect(await escrowOf(item.productId)).toEqual(owed());

      // The winner sees it (on the item page and in all); others and callers without a valid ticket do not.
      const row = { auctionId: String(id), productIdx: item.productId, pdName: expect.any(String) };
      expect((await unclaimed(bob.auth)).body).toMatchObject({ returnCode: 0, list: [row] });
      expect((await unclaimed(bob.auth, item.productId)).body.list).toEqual([row]);
      expect((await unclaimed(bob.auth, other.productId)).body.list).toEqual([]);
      expect((await unclaimed(carol.auth)).body).toMatchObject({ returnCode: 0, list: [] });
      expect((await unclaimed(alice.auth, item.productId)).body.list).toEqual([]);
      expect((await unclaimed({ ...bob.auth, ticketId: undefined })).returnCode).toBe(ReturnCode.NoTicket);
      expect((await unclaimed({ ...bob.auth, ticketId: alice.auth.ticketId })).returnCode).toBe(
        ReturnCode.TicketValidationFailed,
      );
      expect((await unclaimed({ ...bob.auth, productIdx: 'x' })).returnCode).toBe(ReturnCode.ValidationFailed);

      // The item's page watches its socket events: the claim is one (a marker on the other item first, so that
      // every earlier event of the item has arrived before the claim).
      const heard: number[] = [];
      c.t.app.alerts.watch(
        { send: (d) => heard.push((JSON.parse(d) as { data: { productIdx: number } }).data.productIdx) },
        [item.productId, other.productId],
      );
      await c.t.db.transaction().execute((trx) => notifyItem(trx, other.productId));
      await vi.waitUntil(() => heard.includes(other.productId), { timeout: 20_000, interval: 10 });
      heard.length = 0;

      // The claim, sent by the contract itself (impersonated), to Carol.
      const snapshot = await c.rpc<string>('evm_snapshot');
      await c.rpc('anvil_impersonateAccount', [bob.address]);
      const contract = createWalletClient({
        account: bob.address,
        chain: bob.wallet.chain,
        transport: http(c.anvil.rpcUrl),
      });
      const hash = await contract.writeContract(claimAuctionItemCall(c.d.market, BigInt(id), carol.address as Hex));
      expect((await c.client.waitForTransactionReceipt({ hash })).status).toBe('success');
      await c.rpc('anvil_stopImpersonatingAccount', [bob.address]);
      await indexer.catchUp();
      expect((await auctionRow(id)).unclaimed_owner).toBeNull();
      await vi.waitUntil(() => heard.includes(item.productId), { timeout: 20_000, interval: 10 });
      expect((await unclaimed(bob.auth)).body.list).toEqual([]);
      expect(await inventory(item.productId, carol.address)).toMatchObject({ amount: 1 });
      expect((await inventory(item.productId, c.d.market.toLowerCase()))?.amount ?? 0).toBe(0);
      expect(await escrowOf(item.productId)).toEqual(none);

      // The claim's block is orphaned: the piece is owed again, in the Market's hands.
      await c.rpc('evm_revert', [snapshot]);
      for (let i = 0; i < 3; i++) await c.rpc('evm_mine');
      await indexer.catchUp();
      expect((await auctionRow(id)).unclaimed_owner).toBe(bob.address);
      expect((await unclaimed(bob.auth, item.productId)).body.list).toEqual([row]);
      expect(await inventory(item.productId, c.d.market.toLowerCase())).toMatchObject({ amount: 1 });
      expect((await inventory(item.productId, carol.address))?.amount ?? 0).toBe(0);
      expect(await escrowOf(item.productId)).toEqual(owed());
    } finally {
      await c.rpc('anvil_setCode', [bob.address, '0x']);
    }
  });
});
