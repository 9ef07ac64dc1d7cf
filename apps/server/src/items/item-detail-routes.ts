/**
 * The item detail page's lists (spec 3 "/NftInfo/{productId}", section 7): /nft/inventory/list/owner (the owner
 * list popup), /nft/trading/list (the price history chart), /nft/info/chain (the chain information tab) and
 * /nft/info/collection/otherItem (the slider of the collection's other items). Codes: 0; 258 missing or deleted
 * item; 5/6 bad body.
 */
import { ItemOrder, ReturnCode, TokenType, pageCountOf } from '@att/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { defineRoute } from '../http/define-route';
import { networkName } from '../routes/config';
import { createItemDetailRepository } from './item-detail-repository';
import { itemGrid } from './item-list-routes';
import { LIST_ORDER_KEYS } from './item-query';

export default async function itemDetailRoutes(app: FastifyInstance) {
  const repo = createItemDetailRepository(app.db);
  const { cards } = itemGrid(app);

  async function liveItem(itemIdx: number) {
    const item = await repo.chainFields(itemIdx);
    if (!item) throw new AppError(ReturnCode.ProductNotFound);
    return item;
  }

  defineRoute(app, '/nft/inventory/list/owner', async ({ body }) => {
    await liveItem(body.productIdx);
    const { rows, total } = await repo.owners(body.productIdx, body);
    return {
      returnCode: ReturnCode.Success,
      list: rows.map((r) => ({ ...r, memberIdx: r.memberIdx ?? null, memberName: r.memberName ?? null, memberFileName: r.memberFileName ?? null })),
      page: { totalRecordSize: total, pageNo: body.pageNo, pageCount: pageCountOf(total, body.pageSize) },
    };
  });

  defineRoute(app, '/nft/trading/list', async ({ body }) => {
    await liveItem(body.productId);
    return { returnCode: ReturnCode.Success, list: await repo.tradingStats(body.productId) };
  });

  defineRoute(app, '/nft/info/chain', async ({ body }) => {
    const item = await liveItem(body.productId);
    return {
      returnCode: ReturnCode.Success,
      data: {
        contractAddress: app.config.contracts.items,
        tokenId: item.tokenId,
        tokenType: TokenType.Erc1155,
        blockChain: networkName(app.config.chainId).displayName,
        chainId: app.config.chainId,
        royalty: item.royaltyBps / 100,
      },
    };
  });

  defineRoute(app, '/nft/info/collection/otherItem', async ({ body, member }) => {
    const item = await liveItem(body.productIdx);
    // One more than asked: the item itself may be among the newest.
    const { list } = await cards(
      { orderType: ItemOrder.Newest, pageNo: 1, pageSize: body.pageSize + 1 },
      { kind: 'collection', collectionIdx: item.collectionIdx, hidden: 0 },
      LIST_ORDER_KEYS,
      member,
    );
    return { returnCode: ReturnCode.Success, list: list.filter((c) => c.productId !== body.productIdx).slice(0, body.pageSize) };
  });
}
