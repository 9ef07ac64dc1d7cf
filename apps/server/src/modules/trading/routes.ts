/**
 * The order book's routes: list or auction, withdraw, an item's listings, reserve a purchase, sign a transfer, bids,
 * withdrawable balances and won pieces to claim (spec 3 sections 5-9), and where a member's own order stands.
 */
import { ReturnCode, SaleType } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { auctionResult, bidList, checkBid, unclaimedList, withdrawableList } from './auction-views';
import { cancelSale } from './cancel-sale';
import { itemListings } from './item-listings';
import { listForSale } from './list-for-sale';
import { orderState } from './order-state';
import { pendingPurchases } from './pending-purchases';
import { registerAuction } from './register-auction';
import { floorCandidates, reserveCart } from './reserve-cart';
import { reservePurchase } from './reserve-purchase';
import { transferPermit } from './transfer-permit';

/**
 * Purchases (reservations) a member may ask for a minute. A buyer's flow asks once (a reload or a second tab
 * twice or three times), a collector buying a series several items in a row (the demo trades buy up to a dozen
 * in seconds as one member); the limit keeps one member from re-reserving a listing's pieces in a loop.
 */
export const PURCHASE_PER_MEMBER_PER_MINUTE = 30;
/**
 * Listings and withdrawals a member may write a minute, each (every one is a row of the global feed: without a
 * limit, list-and-withdraw cycles cost nothing and filled the feed's first page in two seconds). A seller lists a
 * series at their own pace (the demo's busiest seller lists about 17 items in half a minute).
 */
export const LISTING_WRITES_PER_MEMBER_PER_MINUTE = 30;

export default async function tradingRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    '/nft/all/sale',
    async ({ body, member }) => ({
      returnCode: ReturnCode.Success,
      data:
        body.saleType === SaleType.Auction
          ? await registerAuction(app, app.trading.chain, member, body)
          : await listForSale(app, app.trading.chain, member, body),
    }),
    { perMemberPerMinute: LISTING_WRITES_PER_MEMBER_PER_MINUTE },
  );

  defineRoute(
    app,
    '/nft/cancel/sale',
    async ({ body, member }) => ({
      returnCode: ReturnCode.Success,
      data: await cancelSale(app, app.trading.chain, member, body.instanceId),
    }),
    { perMemberPerMinute: LISTING_WRITES_PER_MEMBER_PER_MINUTE },
  );

  defineRoute(app, '/nft/instance/list/item', async ({ body }) => ({
    returnCode: ReturnCode.Success,
    list: await itemListings(app, body.productId),
  }));

  defineRoute(
    app,
    '/nft/instance/purchase',
    async ({ body, member }) => ({
      returnCode: ReturnCode.Success,
      data: await reservePurchase(app, app.trading.chain, member, body.instanceId, body.quantity),
    }),
    { perMemberPerMinute: PURCHASE_PER_MEMBER_PER_MINUTE },
  );

  defineRoute(
    app,
    '/nft/cart/purchase',
    async ({ body, member }) => ({
      returnCode: ReturnCode.Success,
      data: await reserveCart(app, app.trading.chain, member, body.symbol, body.orders),
    }),
    { perMemberPerMinute: PURCHASE_PER_MEMBER_PER_MINUTE },
  );

  defineRoute(app, '/nft/cart/floor', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    list: await floorCandidates(app, member, body),
  }));

  defineRoute(app, '/nft/instance/purchase/pending', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    list: await pendingPurchases(app, app.trading.chain, member, body.productId),
  }));

  defineRoute(app, '/nft/instance/bid/list', async ({ body }) => ({
    returnCode: ReturnCode.Success,
    ...(await bidList(app, body)),
  }));

  defineRoute(
    app,
    '/nft/instance/bid',
    async ({ body, member }) => ({
      returnCode: ReturnCode.Success,
      data: await checkBid(app, app.trading.chain, member, body),
    }),
    { perMemberPerMinute: PURCHASE_PER_MEMBER_PER_MINUTE },
  );

  defineRoute(app, '/nft/withdrawable/list', async ({ member }) => ({
    returnCode: ReturnCode.Success,
    list: await withdrawableList(app, app.trading.chain, member),
  }));

  defineRoute(app, '/nft/auction/result', async ({ body }) => ({
    returnCode: ReturnCode.Success,
    data: await auctionResult(app, body.productId),
  }));

  defineRoute(app, '/nft/auction/unclaimed/list', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    list: await unclaimedList(app, member, body.productIdx),
  }));

  defineRoute(app, '/nft/transfer', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    data: await transferPermit(app, app.trading.chain, member, body),
  }));

  defineRoute(app, '/nft/order/state', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    data: await orderState(app, member, body.kind, body.orderId),
  }));
}
