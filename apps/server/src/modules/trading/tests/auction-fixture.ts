/** Auctions through the API and the chain for the trading tests: start (sign, then register), bid, time travel, the keeper. */
import { auctionFromWire, DEV_ROLE_KEYS, marketAbi, placeBidCall, registerAuctionCall } from '@att/contracts';
import type { AuctionSaleData } from '@att/shared';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Trader } from '../../../../test/chain';
import { auctionKeeper } from '../keeper';
import { c, indexer } from './trading-fixture';

/** `/nft/all/sale` saleType 2. */
export const askAuction = (
  seller: Trader,
  productId: number,
  o: { price: bigint; symbol?: 'ATT' | 'KLAY'; minutes?: number; quantity?: number },
) =>
  c.t.post('/nft/all/sale', {
    ...seller.auth,
    productId,
    saleQuantity: o.quantity ?? 1,
    saleType: 2,
    saleSymbol: o.symbol ?? 'KLAY',
    salePrice: o.price.toString(),
    expireMinute: o.minutes ?? 60,
  });

/** Asks the server for an auction, registers it on chain from the seller's wallet and lets the indexer see it (it takes bids from then on); its instance id. */
export async function startAuction(
  seller: Trader,
  productId: number,
  o: { price: bigint; symbol?: 'ATT' | 'KLAY'; minutes?: number },
): Promise<number> {
  const r = await askAuction(seller, productId, o);
  if (r.returnCode !== 0) throw new Error(`auction: ${r.returnCode}`);
  const d = r.body.data as AuctionSaleData;
  await seller.mined(
    await seller.wallet.writeContract(registerAuctionCall(c.d.market, auctionFromWire(d.auc), d.signResult as Hex)),
  );
  await indexer.catchUp();
  return d.bsdId;
}

/**
 * Checks a bid with the server, then sends `placeBid`; the server's code (0: sent and mined). What is paid in is
 * the amount less the bidder's live bid as the chain has it (`bidOf`), as a wallet must: the server's copy lags
 * the chain until the indexer has seen a withdrawal.
 */
export async function bid(who: Trader, instanceIdx: number, amount: bigint): Promise<number> {
  const r = await c.t.post('/nft/instance/bid', { ...who.auth, instanceIdx, price: amount.toString() });
  if (r.returnCode !== 0) return r.returnCode;
  const d = r.body.data as { auctionId: string; token: Hex };
  const auctionId = BigInt(d.auctionId);
  const currentBid = await c.client.readContract({
    address: c.d.market,
    abi: marketAbi,
    functionName: 'bidOf',
    args: [auctionId, who.wallet.account!.address],
  });
  await who.mined(
    await who.wallet.writeContract(placeBidCall(c.d.market, { auctionId, amount, token: d.token, currentBid })),
  );
  return 0;
}

/** Moves the chain's clock on and mines a block. */
export async function travel(seconds: number): Promise<void> {
  await c.rpc('evm_increaseTime', [seconds]);
  await c.rpc('evm_mine');
}

/** The keeper as the job runs it, from the dev keeper account (given gas money); a run returns once its transactions are mined. */
export async function testKeeper() {
  const address = privateKeyToAccount(DEV_ROLE_KEYS.keeper).address;
  await c.rpc('anvil_setBalance', [address, '0x3635C9ADC5DEA00000']);
  const keeper = auctionKeeper({
    db: c.t.db,
    chain: c.t.app.trading.chain,
    key: DEV_ROLE_KEYS.keeper,
    rpcUrls: [c.anvil.rpcUrl],
    chainId: c.t.config.chainId,
  });
  return {
    ...keeper,
    /**
     * One run, then its transactions mined: the job does not wait for them, and anvil mines a sent transaction a
     * moment after answering, so a test that indexes right after could read the head before the settlement.
     */
    async run(now: Date) {
      const sent = await keeper.run(now);
      for (const hash of sent) await c.client.waitForTransactionReceipt({ hash });
      return sent;
    },
  };
}

export const auctionRow = (instanceIdx: number) =>
  c.t.db.selectFrom('auctions').selectAll().where('auction_id', '=', String(instanceIdx)).executeTakeFirstOrThrow();
export const bidRows = async (instanceIdx: number) =>
  (await c.t.post('/nft/instance/bid/list', { instanceIdx })).body.list as {
    memberAddress: string;
    price: string;
    state: number;
  }[];

/** Whose piece the item says the Market holds in escrow (the order book sets it with the trade summary). */
export const escrowOf = (productId: number) =>
  c.t.db
    .selectFrom('items')
    .select(['escrow_owner', 'escrow_kind'])
    .where('item_idx', '=', productId)
    .executeTakeFirstOrThrow();
