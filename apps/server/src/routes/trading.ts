/** Trading I: list, withdraw, an item's listings, reserve a purchase, sign a transfer (spec 3 sections 5-9). */
import { ReturnCode } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/define-route';
import { cancelSale, itemListings, listForSale, purchase, transferPermit } from '../trading/trading-service';

/**
 * Purchases (reservations) a member may ask for a minute. A buyer's flow asks once (a reload or a second tab
 * twice or three times), a collector buying a series several items in a row (the demo trades buy up to a dozen
 * in seconds as one member); the limit keeps one member from re-reserving a listing's pieces in a loop.
 */
export const PURCHASE_PER_MEMBER_PER_MINUTE = 30;

export default async function tradingRoutes(app: FastifyInstance) {
  defineRoute(app, '/nft/all/sale', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    data: await listForSale(app, app.trading.chain, member, body),
  }));

  defineRoute(app, '/nft/cancel/sale', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    data: await cancelSale(app, app.trading.chain, member, body.instanceId),
  }));

  defineRoute(app, '/nft/instance/list/item', async ({ body }) => ({
    returnCode: ReturnCode.Success,
    list: await itemListings(app, body.productId),
  }));

  defineRoute(
    app,
    '/nft/instance/purchase',
    async ({ body, member }) => ({
      returnCode: ReturnCode.Success,
      data: await purchase(app, app.trading.chain, member, body.instanceId, body.quantity),
    }),
    { perMemberPerMinute: PURCHASE_PER_MEMBER_PER_MINUTE },
  );

  defineRoute(app, '/nft/transfer', async ({ body, member }) => ({
    returnCode: ReturnCode.Success,
    data: await transferPermit(app, app.trading.chain, member, body),
  }));
}
