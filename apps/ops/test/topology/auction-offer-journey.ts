/**
 * Auctions and offers in the served topology, through the balancer with the members' own wallets: an offer in ATT
 * on a multi-edition item accepted in part by its holder, then an English auction of a single item bid on by two
 * members (the first hears "outbid" on their alert socket) that the leader instance's keeper job settles with
 * nobody acting once the chain's clock has passed its end. The offer comes first: the validator signs on the wall
 * clock, which the auction's time travel leaves behind. Each state is read back through the API once the indexer
 * has it, the pieces and payments on chain.
 */
import { ANVIL_KEYS, attAbi, chainFor, itemsAbi } from '@att/contracts';
import { AlertType, BidState, OfferState, type RouteReply } from '@att/shared';
import { createWalletClient, http, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { alertSocket, type Balancer, type Member } from './member';
import { until } from './services';
import type { Stack } from './stack';

const ATT = parseEther('1');
const KLAY = parseEther('1');
/** The platform fee `npm run deploy` sets by default (PLATFORM_FEE_BPS unset). */
const FEE_BPS = 250n;
/** The auction's length; the chain's clock is moved past it. */
const MINUTES = 30;

export interface Journey {
  s: Stack;
  api: Balancer;
  /** Creator of both items: holds the edition's unminted pieces, sells the single one by auction. */
  seller: Member;
  /** The first bidder, outbid. */
  bidder: Member;
  /** Offers for the edition in ATT, then wins the auction. */
  collector: Member;
}

export async function auctionAndOffer({ s, api, seller, bidder, collector }: Journey) {
  const rows = async <
    P extends
      | '/nft/offer/member/participation/list'
      | '/nft/instance/bid/list'
      | '/nft/inventory/list/owner'
      | '/nft/withdrawable/list'
      | '/nft/instance/list/item',
  >(
    p: P,
    body: object,
  ) => ((await api.post<RouteReply<P>>(p, body)).list ?? []) as NonNullable<RouteReply<P>['list']>;
  const attOf = (who: Hex) =>
    s.pub.readContract({ address: s.d.att, abi: attAbi, functionName: 'balanceOf', args: [who] });
  const piecesOf = (who: Hex, tokenId: string) =>
    s.pub.readContract({ address: s.d.items, abi: itemsAbi, functionName: 'balanceOf', args: [who, BigInt(tokenId)] });
  const owners = async (productIdx: number) =>
    (await rows('/nft/inventory/list/owner', { productIdx })).map((r) => [r.address, r.quantity]);

  // The collector's ATT, as bought elsewhere: handed over from the deployer's supply (`npm run deploy --deploy-att`).
  const deployer = createWalletClient({
    account: privateKeyToAccount(ANVIL_KEYS[0] as Hex),
    chain: chainFor(s.anvil.rpcUrl, s.d.chainId),
    transport: http(s.anvil.rpcUrl),
  });
  await s.pub.waitForTransactionReceipt({
    hash: await deployer.writeContract({
      address: s.d.att,
      abi: attAbi,
      functionName: 'transfer',
      args: [collector.address, 10n * ATT],
    }),
  });

  // 1. An offer of 3 ATT-priced pieces of an edition of 5 the collector does not hold; the creator accepts 2 (minted then).
  const edition = await seller.publish(5, 300);
  const offerStarted = Date.now();
  const offerIdx = await collector.offer(edition.productId, 3, ATT);
  const mine = async () =>
    (await rows('/nft/offer/member/participation/list', { ...collector.auth })).find(
      (r) => String(r.makeOfferIdx) === offerIdx,
    );
  await until('the offer valid through the API', async () => (await mine())?.state === OfferState.Valid, 20_000);
  const sellerAtt = await attOf(seller.address);
  const accepted = await seller.acceptOffer(offerIdx, 2);
  expect([accepted.aodMintAmount, accepted.price]).toEqual([2, String(2n * ATT)]);
  await until('the accept indexed', async () => (await mine())?.remainAmount === 1, 20_000);
  expect(await mine()).toMatchObject({
    state: OfferState.Valid,
    remainAmount: 1,
    offerAmount: 3,
    offerPricePerOne: String(ATT),
    offerSymbol: 'ATT',
  });
  // The creator is paid the price less the platform fee (the royalty is theirs); the collector holds the 2 pieces.
  const offerFee = (2n * ATT * FEE_BPS) / 10_000n;
  expect((await attOf(seller.address)) - sellerAtt).toBe(2n * ATT - offerFee);
  expect(await piecesOf(collector.address, edition.tokenId)).toBe(2n);
  await until(
    "the collector among the edition's owners",
    async () => (await owners(edition.productId)).some(([a, q]) => a === collector.address && q === 2),
    10_000,
  );
  const offerMs = Date.now() - offerStarted;

  // 2. An English auction of a single piece: the bidder bids, the collector outbids.
  const single = await seller.publish(1, 330);
  const socket = alertSocket(s.lb.url, bidder);
  await socket.ready;
  const auctionStarted = Date.now();
  const auctionId = await seller.auction(single.productId, KLAY, MINUTES);
  await until(
    'the auction live through the API',
    async () =>
      (await rows('/nft/instance/list/item', { productId: single.productId })).some((r) => r.instanceId === auctionId),
    20_000,
  );
  const bids = async () =>
    (await rows('/nft/instance/bid/list', { instanceIdx: auctionId })).map((b) => [b.memberAddress, b.price, b.state]);
  await bidder.bid(auctionId, KLAY);
  await until('the first bid indexed', async () => (await bids()).length === 1, 20_000);
  await collector.bid(auctionId, 2n * KLAY);
  await until(
    "the outbid alert on the bidder's socket",
    async () => socket.heard.some((h) => h.type === AlertType.Outbid && h.productIdx === single.productId),
    20_000,
  );
  socket.close();
  expect(await bids()).toEqual([
    [collector.address, String(2n * KLAY), BidState.Active],
    [bidder.address, String(KLAY), BidState.Active],
  ]);

  // Time moves past the end; the leader's keeper (KEEPER_KEY of the serve environment) settles it, nobody else acts.
  const keeper = privateKeyToAccount(s.env.KEEPER_KEY as Hex).address;
  const nonces = () =>
    Promise.all(
      [keeper, seller.address, bidder.address, collector.address].map((address) =>
        s.pub.getTransactionCount({ address }),
      ),
    );
  const [noncesBefore, sellerKlay] = await Promise.all([nonces(), s.pub.getBalance({ address: seller.address })]);
  await s.pub.request({ method: 'evm_increaseTime' as never, params: [MINUTES * 60 + 1] as never });
  await s.pub.request({ method: 'evm_mine' as never, params: [] as never });
  const travelledAt = Date.now();
  await until(
    "the winner the piece's owner through the API",
    async () => JSON.stringify(await owners(single.productId)) === JSON.stringify([[collector.address, 1]]),
    30_000,
    200,
  );
  const settledMs = Date.now() - travelledAt;
  const [keeperN, ...others] = await nonces();
  expect([keeperN! - noncesBefore[0]!, ...others]).toEqual([1, ...noncesBefore.slice(1)]);
  expect(await piecesOf(collector.address, single.tokenId)).toBe(1n);
  expect(await piecesOf(s.d.market, single.tokenId)).toBe(0n);
  // The seller (the creator: the royalty is theirs) is paid the top bid less the platform fee.
  expect((await s.pub.getBalance({ address: seller.address })) - sellerKlay).toBe(
    2n * KLAY - (2n * KLAY * FEE_BPS) / 10_000n,
  );
  expect(
    (await rows('/nft/instance/list/item', { productId: single.productId })).some((r) => r.instanceId === auctionId),
  ).toBe(false);

  // The outbid bid waits in escrow for its bidder, who withdraws it; the winner has nothing left there.
  expect(await rows('/nft/withdrawable/list', { ...bidder.auth })).toEqual([
    expect.objectContaining({
      symbol: 'KLAY',
      amount: String(KLAY),
      auctionId: String(auctionId),
      productIdx: single.productId,
    }),
  ]);
  expect(await rows('/nft/withdrawable/list', { ...collector.auth })).toEqual([]);
  const bidderKlay = await s.pub.getBalance({ address: bidder.address });
  const r = await bidder.withdrawBid(auctionId);
  expect((await s.pub.getBalance({ address: bidder.address })) - bidderKlay).toBe(
    KLAY - r.gasUsed * r.effectiveGasPrice,
  );
  await until(
    'the withdrawal indexed',
    async () => (await rows('/nft/withdrawable/list', { ...bidder.auth })).length === 0,
    20_000,
  );
  expect(await bids()).toEqual([
    [collector.address, String(2n * KLAY), expect.any(Number)],
    [bidder.address, String(KLAY), BidState.DirectCancel],
  ]);
  const figures = { offerMs, auctionMs: Date.now() - auctionStarted, keeperSettledMs: settledMs };
  console.log(`topology auction and offer: ${JSON.stringify(figures)}`);
  return { offerIdx, auctionId, editionId: edition.productId };
}
